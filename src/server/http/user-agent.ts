/**
 * The browser and system a session records, read from the User-Agent header of its first page
 * view: families and versions, enough for the session report, no more.
 */

export interface UserAgentInfo {
  browser_name: string | null;
  browser_version: string | null;
  os_name: string | null;
  os_version: string | null;
}

/**
 * How much of the header is read (and stored). Real browsers send 100-300 characters; a 16 KB
 * header once cost a page view 35 ms in the old patterns, so whatever the patterns, the input is cut.
 */
export const USER_AGENT_MAX = 512;

// Browsers built on Chromium name Chrome too: a fork's own token wins wherever it stands. Two plain
// searches, no lookahead: each is one linear scan of at most USER_AGENT_MAX characters.
const FORK = /(YaBrowser|Edg|OPR)\/([\d.]+)/;
const BROWSER = /(Firefox|Chrome|Version)\/([\d.]+)/;
const BROWSER_NAMES: Record<string, string> = { YaBrowser: 'Yandex', Edg: 'Edge', OPR: 'Opera', Version: 'Safari' };
const OS = /(Windows NT|Android|iPhone OS|CPU OS|Mac OS X|Linux) ?([\d._]*)/;
const OS_NAMES: Record<string, string> = { 'Windows NT': 'Windows', 'iPhone OS': 'iOS', 'CPU OS': 'iPadOS', 'Mac OS X': 'macOS' };

export function userAgentInfo(header: string): UserAgentInfo {
  const ua = header.slice(0, USER_AGENT_MAX);
  const b = FORK.exec(ua) ?? BROWSER.exec(ua);
  const os = OS.exec(ua);
  return {
    browser_name: b ? (BROWSER_NAMES[b[1]!] ?? b[1]!) : null,
    browser_version: b ? b[2]! : null,
    os_name: os ? (OS_NAMES[os[1]!] ?? os[1]!) : null,
    os_version: os && os[2] ? os[2].replace(/_/g, '.') : null,
  };
}
