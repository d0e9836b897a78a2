import { createHash } from 'node:crypto';
import type { SiteConfig } from './site-config.js';

/**
 * JSON with the keys of every object sorted and no whitespace: two texts that say the same thing
 * give the same string, whatever their key order or layout.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/**
 * SHA-256 (hex) of a validated configuration's canonical JSON: defaults filled in, so a file that
 * only spells out a default, reorders keys or is reformatted has the digest it had.
 */
export function configDigest(config: SiteConfig): string {
  return createHash('sha256').update(canonicalJson(config)).digest('hex');
}
