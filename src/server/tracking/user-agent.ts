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

// Browsers built on Chromium name Chrome too: the more specific token wins.
const BROWSER = /(YaBrowser|Edg|OPR|Firefox|Chrome|Version)\/([\d.]+)/;
const CHROME_BEFORE_FORK = /Chrome\/[\d.]+ (?=.*(YaBrowser|Edg|OPR)\/)/;
const BROWSER_NAMES: Record<string, string> = { YaBrowser: 'Yandex', Edg: 'Edge', OPR: 'Opera', Version: 'Safari' };
const OS = /(Windows NT|Android|iPhone OS|CPU OS|Mac OS X|Linux) ?([\d._]*)/;
const OS_NAMES: Record<string, string> = { 'Windows NT': 'Windows', 'iPhone OS': 'iOS', 'CPU OS': 'iPadOS', 'Mac OS X': 'macOS' };

export function userAgentInfo(ua: string): UserAgentInfo {
  const b = BROWSER.exec(ua.replace(CHROME_BEFORE_FORK, ''));
  const os = OS.exec(ua);
  return {
    browser_name: b ? (BROWSER_NAMES[b[1]!] ?? b[1]!) : null,
    browser_version: b ? b[2]! : null,
    os_name: os ? (OS_NAMES[os[1]!] ?? os[1]!) : null,
    os_version: os && os[2] ? os[2].replace(/_/g, '.') : null,
  };
}
