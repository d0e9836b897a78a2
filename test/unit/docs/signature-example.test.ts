import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { signDelivery } from '../../../src/server/webhooks/signature.js';

// The few lines of signature checking that README.md and docs/webhooks.md give CRM integrators are
// run here against what the server really signs: a wrong secret, a changed body and a replayed
// (old) timestamp must fail, the real delivery must pass.

type Verify = (secret: string, rawBody: string, headers: Record<string, string>) => boolean;

function exampleOf(file: string, heading: string): Verify {
  const text = readFileSync(new URL(`../../../${file}`, import.meta.url), 'utf8');
  const section = text.slice(text.indexOf(heading));
  const code = /```js\n([\s\S]*?)```/.exec(section)?.[1];
  if (!code) throw new Error(`no js example under ${heading} in ${file}`);
  const body = code.replace(/^import .*$/m, '') + '\nreturn verify;';
  // The example's own import lines are dropped; the two functions it imports are passed in.
  return new Function('createHmac', 'timingSafeEqual', body)(createHmac, timingSafeEqual) as Verify;
}

describe.each([
  ['README.md', '## Webhooks'],
  ['docs/webhooks.md', '## Verifying a delivery'],
])('the signature example of %s', (file, heading) => {
  const verify = exampleOf(file, heading);
  const secret = 'whsec_example';
  const body = JSON.stringify({ id: 'evt_1', type: 'call.ended', record: { id: 17 } });
  const now = Math.floor(Date.now() / 1000);
  const headers = (ts: number, sig = signDelivery(secret, ts, body)) => ({
    'x-svc-webhook-timestamp': String(ts),
    'x-svc-webhook-signature': sig,
  });

  it('accepts what the server signs', () => {
    expect(verify(secret, body, headers(now))).toBe(true);
  });
  it('refuses another secret, a changed body and an old timestamp', () => {
    expect(verify('whsec_other', body, headers(now))).toBe(false);
    expect(verify(secret, body.replace('17', '18'), headers(now))).toBe(false);
    expect(verify(secret, body, headers(now - 3600))).toBe(false);
    expect(verify(secret, body, { 'x-svc-webhook-timestamp': String(now) })).toBe(false);
  });
});
