import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { open, parseSecretKey, seal } from '../../../../src/server/store/secret-box.js';

describe('carrier credentials at rest', () => {
  it('seal with a fresh nonce each time and open only under the same key, unchanged', () => {
    const key = randomBytes(32);
    const plain = JSON.stringify({ token: 'tok-5ecret' });
    const a = seal(key, plain);
    const b = seal(key, plain);
    expect(a).not.toBe(b);
    expect(a).not.toContain('tok-5ecret');
    expect(open(key, a)).toBe(plain);
    expect(() => open(randomBytes(32), a)).toThrow();
    const bytes = Buffer.from(a, 'base64');
    bytes[bytes.length - 1]! ^= 1;
    expect(() => open(key, bytes.toString('base64'))).toThrow();
  });

  it('read a key of 32 bytes only, as base64 (either alphabet) or hex', () => {
    const key = randomBytes(32);
    expect(parseSecretKey(key.toString('base64'))).toEqual(key);
    expect(parseSecretKey(key.toString('base64url'))).toEqual(key);
    expect(parseSecretKey(` ${key.toString('hex')}\n`)).toEqual(key);
    expect(parseSecretKey(randomBytes(31).toString('base64'))).toBeNull();
    expect(parseSecretKey(randomBytes(24).toString('hex'))).toBeNull();
    expect(parseSecretKey('password')).toBeNull();
  });
});
