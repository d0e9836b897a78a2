import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readSettings, SettingsError, withEnvFile } from '../../../../src/server/settings.js';

const root = '/srv/svc';
let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});
const envFile = (text: string): string => {
  dir = mkdtempSync(join(tmpdir(), 'svc-settings-'));
  writeFileSync(join(dir, '.env'), text);
  return dir;
};

describe('settings', () => {
  it('reads .env, and the environment wins over the file', () => {
    const d = envFile('# comment\nSVC_PORT=4200\nSVC_HOST=0.0.0.0\nSVC_LOG_LEVEL=warn\nSVC_DB="postgres://svc@db/svc?sslmode=require"\n');
    const env = withEnvFile({ SVC_PORT: '4300' }, d);
    const s = readSettings(env, root);
    expect(s.port).toBe(4300);
    expect(s.host).toBe('0.0.0.0');
    expect(s.server.dbPath).toBe('postgres://svc@db/svc?sslmode=require');
    expect(s.server.logger).toEqual({ level: 'warn' });
  });

  it('has the documented defaults without environment or file', () => {
    const s = readSettings({}, root);
    expect(s.port).toBe(3100);
    expect(s.host).toBe('127.0.0.1');
    expect(s.server.dbPath).toBe('/srv/svc/data/svc.db');
    expect(s.server.bundleDir).toBe('/srv/svc/dist');
    expect(s.server.logger).toEqual({ level: 'info' });
    expect(s.server.trustProxy).toBe(false);
    expect(s.server.siteConfig).toBeUndefined();
    expect(s.server.apiSeed).toBeUndefined();
    // Outside the demo nothing seeds media files, SIP lines or scenarios.
    expect(s.server.telephonySeed).toBeUndefined();
  });

  it('reads the proxy setting as before: hop count, addresses, never "every hop"', () => {
    expect(readSettings({ SVC_TRUST_PROXY: '1' }, root).server.trustProxy).toBe(1);
    expect(readSettings({ SVC_TRUST_PROXY: '' }, root).server.trustProxy).toBe(false);
    expect(() => readSettings({ SVC_TRUST_PROXY: 'true' }, root)).toThrow(/SVC_TRUST_PROXY=true is not accepted/);
  });

  it('reads the test-only carrier settings: a stand-in API per kind, a private public URL allowed; neither by default', () => {
    const none = readSettings({}, root).server.carriers!;
    expect(none.apiBases).toBeUndefined();
    expect(none.allowPrivateUrl).toBe(false);
    const set = readSettings(
      { SVC_CARRIER_API_BASES: 'twilio=http://127.0.0.1:4200/, zadarma=http://127.0.0.1:4300', SVC_CARRIER_ALLOW_PRIVATE_URL: 'on' },
      root,
    ).server.carriers!;
    expect(set.apiBases).toEqual({ twilio: 'http://127.0.0.1:4200/', zadarma: 'http://127.0.0.1:4300' });
    expect(set.allowPrivateUrl).toBe(true);
  });

  it.each([
    ['SVC_CARRIER_API_BASES', 'http://127.0.0.1:4200/', /SVC_CARRIER_API_BASES must be kind=url pairs/],
    ['SVC_CARRIER_API_BASES', 'twilio=ftp://x/', /SVC_CARRIER_API_BASES must be kind=url pairs/],
    ['SVC_CARRIER_ALLOW_PRIVATE_URL', 'yes', /SVC_CARRIER_ALLOW_PRIVATE_URL must be on or off/],
    ['SVC_PORT', 'abc', /SVC_PORT must be a whole number from 0 to 65535, got "abc"/],
    ['SVC_PORT', '70000', /SVC_PORT must be a whole number/],
    ['SVC_RATE_IP', '-1', /SVC_RATE_IP must be a whole number, got "-1"/],
    ['SVC_LOG_LEVEL', 'verbose', /SVC_LOG_LEVEL must be one of info, warn, error, silent, got "verbose"/],
    ['SVC_PUBLIC_URL', 'calls.example.com', /SVC_PUBLIC_URL must be an http\(s\) URL ending with a slash/],
    ['SVC_DT_LEASE_POLICY', 'of', /SVC_DT_LEASE_POLICY accepts only "off"/],
    ['SVC_DT_ADDRESS_SHARE', '150', /SVC_DT_ADDRESS_SHARE must be a whole number from 0 to 100/],
  ])('refuses %s=%s with a message naming it', (name, value, message) => {
    let error: unknown;
    try {
      readSettings({ [name]: value }, root);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SettingsError);
    expect((error as Error).message).toMatch(message);
  });
});
