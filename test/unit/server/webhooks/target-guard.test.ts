import { describe, expect, it } from 'vitest';
import { refusedAddress, refusedUrl } from '../../../../src/server/webhooks/target-guard.js';

describe('webhook targets', () => {
  it('takes https to public addresses only, unless the server allows http or loopback', () => {
    expect(refusedUrl('https://crm.example.com/hook', {})).toBeNull();
    expect(refusedUrl('http://crm.example.com/hook', {})).toBe('https only');
    expect(refusedUrl('http://crm.example.com/hook', { allowHttp: true })).toBeNull();
    expect(refusedUrl('ftp://crm.example.com/hook', { allowHttp: true })).toBe('http or https only');
    expect(refusedUrl('https://user:pw@crm.example.com/', {})).toBe('no user or password in the URL');
    expect(refusedUrl('https://localhost/hook', {})).toBe('loopback host');
    expect(refusedUrl('https://localhost/hook', { allowLoopback: true })).toBeNull();
    // The fully qualified spellings are the same names.
    for (const host of ['LOCALHOST.', 'localhost..', 'app.localhost.'])
      expect(refusedUrl(`https://${host}/hook`, {}), host).toBe('loopback host');
    expect(refusedUrl('https://[64:ff9b:1::a00:1]/hook', {})).toMatch(/^private or reserved address/);
    expect(refusedUrl('not a url', {})).toBe('enter a full address starting with https://');
  });

  it('refuses loopback, private, link-local, shared and metadata addresses in both families', () => {
    for (const a of [
      '10.0.0.1',
      '172.16.5.5',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.169.254',
      '0.0.0.0',
      '224.0.0.1',
      'fd00:ec2::254',
      'fe80::1',
      '::',
      '::ffff:a00:1',
      '::ffff:192.168.0.1',
      '64:ff9b:1::a00:1',
      '64:ff9b:1:ffff::1',
    ])
      expect(refusedAddress(a, { allowLoopback: true }), a).toMatch(/^private or reserved address/);
    for (const a of ['127.0.0.1', '127.9.9.9', '::1', '::ffff:7f00:1']) {
      expect(refusedAddress(a, {}), a).toMatch(/^loopback address/);
      expect(refusedAddress(a, { allowLoopback: true }), a).toBeNull();
    }
    for (const a of ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946']) expect(refusedAddress(a, {}), a).toBeNull();
  });
});
