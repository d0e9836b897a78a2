import { z } from 'zod';
import { phone } from '../api/phone.js';

/** The fields of a site the REST functions take: its domain, extra origins and phone. */

/** One label of a host name: letters, digits and inner hyphens, 1 to 63 characters. */
const LABEL = /^[a-z0-9-]{1,63}$/;
const isHost = (d: string) =>
  d.length <= 253 && d.split('.').every((label) => LABEL.test(label) && !label.startsWith('-') && !label.endsWith('-'));

/**
 * A host name as a browser writes it: the snippet's origin rule compares it with the page's host.
 * Checked label by label rather than with one pattern of repeated groups and lookarounds, which
 * the server's patterns avoid (test/unit/server/guards/regex-inputs.test.ts).
 */
export const domain = z.string().trim().toLowerCase().min(1).max(253).refine(isHost, 'a host name such as shop.example.com');

/**
 * An extra origin as sites/lookup.ts matches it: a whole origin (`https://shop.example:8443`), a
 * host with a port (`localhost:4211`) or a host (`example.org`, with its subdomains). Stored in
 * the form matched: an origin without path, lower case.
 */
function normalOrigin(raw: string): string | null {
  const v = raw.trim().toLowerCase();
  if (/^https?:\/\//.test(v)) {
    try {
      const u = new URL(v);
      return isHost(u.hostname) || u.hostname.startsWith('[') ? u.origin : null;
    } catch {
      return null;
    }
  }
  const [host, port, ...rest] = v.split(':');
  if (rest.length || !host || !isHost(host)) return null;
  if (port === undefined) return host;
  return /^\d{1,5}$/.test(port) && Number(port) > 0 && Number(port) < 65536 ? `${host}:${Number(port)}` : null;
}

export const origins = z
  .array(z.string().max(300))
  .max(20)
  .transform((list, ctx) => {
    const out: string[] = [];
    for (const raw of list) {
      const o = normalOrigin(raw);
      if (o == null) {
        ctx.addIssue({ code: 'custom', message: `${raw} is not a host (www.example.com), host:port or origin (https://example.com)` });
        return z.NEVER;
      }
      if (!out.includes(o)) out.push(o);
    }
    return out;
  })
  .describe('EXTENSION: extra origins whose pages may use the site: a host (with its subdomains), host:port, or an origin');

/** The site's own phone, checked by the numbering plan (api/phone.ts); digits with the country code. */
export const userPhone = phone();

/** A phone as stored: its digits. */
export const phoneDigits = (p: string) => p.replace(/\D/g, '');
