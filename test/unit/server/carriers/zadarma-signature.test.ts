import { describe, expect, it } from 'vitest';
import { authorization, notificationSignatureValid, queryString } from '../../../../src/server/carriers/zadarma/signature.js';

/**
 * Zadarma's signatures against values worked out apart from this code (Python's hmac and hashlib,
 * PHP's documented `urlencode`): a request's `Authorization` and a notification's `Signature`.
 */

describe('Zadarma signatures', () => {
  it("writes parameters as PHP's http_build_query, sorted by name", () => {
    // urlencode keeps letters, digits and -_. only; a space is +.
    expect(queryString({ to: 'a b*c~d!', number: '+7 495 123-00-01', format: 'json' })).toBe(
      'format=json&number=%2B7+495+123-00-01&to=a+b%2Ac%7Ed%21',
    );
  });

  it("signs a request as base64 of the hex HMAC-SHA1 of the method, the query and the query's md5", () => {
    expect(
      authorization('zd-key-1', 'zd-secret-1', '/v1/info/price/', { to: 'a b*c~d!', number: '+7 495 123-00-01', format: 'json' }),
    ).toBe('zd-key-1:M2MxYzE1N2EwNDg3N2RlMTljNTdiNWMwZGNlMjQ2MDM3ZmVkNmJmMA==');
  });

  it("checks a notification's signature over the fields its event signs", () => {
    const start = {
      event: 'NOTIFY_START',
      caller_id: '79161234567',
      called_did: '74957770011',
      call_start: '2026-11-29 12:00:00',
      pbx_call_id: 'in-1',
    };
    const documented = 'ZTA4M2NjY2VmOTQ2ZGNjMTlmMTQzNzRmZDhlNWMxOTRiYWZiNGUwNw==';
    expect(notificationSignatureValid(start, documented, 'zd-secret-1')).toBe(true);
    // The raw digest's base64, as Zadarma's TypeScript client computes it, is the same HMAC.
    expect(notificationSignatureValid(start, '4IPMzvlG3MGfFDdP2OXBlLr7Tgc=', 'zd-secret-1')).toBe(true);
    // pbx_call_id is not signed; the numbers and the time are.
    expect(notificationSignatureValid({ ...start, pbx_call_id: 'other' }, documented, 'zd-secret-1')).toBe(true);
    expect(notificationSignatureValid({ ...start, caller_id: '79160000000' }, documented, 'zd-secret-1')).toBe(false);
    expect(notificationSignatureValid(start, documented, 'another')).toBe(false);
    expect(notificationSignatureValid(start, undefined, 'zd-secret-1')).toBe(false);
    expect(notificationSignatureValid({ ...start, event: 'NOTIFY_SOMETHING' }, documented, 'zd-secret-1')).toBe(false);
    // NOTIFY_ANSWER signs the destination in place of the number called.
    expect(notificationSignatureValid({ ...start, event: 'NOTIFY_ANSWER', destination: '74957770011' }, documented, 'zd-secret-1')).toBe(
      true,
    );
  });
});
