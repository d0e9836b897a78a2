import { CarrierError, type CallbackDial, type CarrierAdapter, type CarrierConnection, type HeldNumber } from '../carrier.js';
import { REQUEST_TIMEOUT_MS, zadarmaApi, type ZadarmaApi } from './client.js';
import { callbackCallId, eventsUrl, extensionOf } from './names.js';
import { buyNumber, heldNumbers, searchNumbers } from './numbers.js';

/** The Zadarma adapter of one connected account (carrier.ts `CarrierAdapter`). */

const digits = (v: string) => v.replace(/\D/g, '');

/** The PBX notifications a tracked call needs: its start, answer and end, and a call-back's legs. */
const NOTIFICATIONS = ['notify_start', 'notify_answer', 'notify_end', 'notify_out_start', 'notify_out_end'] as const;

/** `timeoutMs`: each request's limit (tests shorten it). */
export function zadarmaAdapter(c: CarrierConnection, timeoutMs = REQUEST_TIMEOUT_MS): CarrierAdapter {
  const api = zadarmaApi(c, timeoutMs);
  return {
    async check() {
      const b = await api('/v1/info/balance/');
      const amount = Number(b.balance);
      // The API names no account; the balance is what proves the key works.
      return {
        account: 'Zadarma',
        balance: Number.isFinite(amount) && typeof b.currency === 'string' ? { amount, currency: b.currency } : undefined,
      };
    },
    heldNumbers: () => heldNumbers(api),
    searchNumbers: (s) => searchNumbers(api, s),
    buyNumber: (phone) => buyNumber(api, phone),
    routeNumber: (n) => routeNumber(c, api, n),
    releaseNumber: (n) => releaseNumber(api, n),
    dialCallback: (d) => dialCallback(c, api, d),
  };
}

/**
 * Zadarma sends every PBX call of the account to one notification URL (`/v1/pbx/callinfo/`): this
 * sets it to this connection's and turns on the notifications a tracked call needs. A URL some
 * other system receives them at is not taken over: the user decides in Zadarma's personal area.
 * Whether the number's calls reach the PBX at all is its setting there (docs/carriers-zadarma.md).
 */
async function routeNumber(c: CarrierConnection, api: ZadarmaApi, n: HeldNumber): Promise<void> {
  const number = await api('/v1/direct_numbers/number/', { number: digits(n.phone) });
  const status = String((number.info as { status?: unknown } | undefined)?.status ?? '');
  if (status && status !== 'on')
    throw new CarrierError(
      'refused',
      `Zadarma: +${digits(n.phone)} is "${status}", not yet on: finish its order in Zadarma's personal area`,
    );
  const url = eventsUrl(c);
  const info = await api('/v1/pbx/callinfo/');
  const current = typeof info.url === 'string' ? info.url : '';
  if (current && current !== url)
    throw new CarrierError(
      'refused',
      `Zadarma already sends the PBX's call notifications to ${current}: clear that URL in Zadarma's personal area (PBX → Integrations and API → notifications), or replace it with ${url}`,
    );
  if (current !== url) await api('/v1/pbx/callinfo/url/', { url }, 'POST');
  const on = (info.notifications ?? {}) as Record<string, unknown>;
  const off = NOTIFICATIONS.filter((k) => String(on[k]) !== 'true');
  if (off.length) await api('/v1/pbx/callinfo/notifications/', Object.fromEntries(off.map((k) => [k, 'true'])), 'POST');
}

/**
 * Zadarma's API cannot cancel a number; it can stop its renewal, and the number then goes back at
 * the end of the month paid for. Cancelling at once is done in Zadarma's personal area.
 */
async function releaseNumber(api: ZadarmaApi, n: HeldNumber): Promise<void> {
  await api('/v1/direct_numbers/autoprolongation/', { number: digits(n.phone), value: 'off' }, 'PUT');
}

/**
 * `/v1/request/callback/`: Zadarma rings `from` (the operator) first, then `to` (the visitor). The
 * caller id is not a parameter: the call goes out through the connection's PBX extension (`sip`),
 * whose CallerID, set in Zadarma's PBX to the tracking number, both sides see.
 */
async function dialCallback(c: CarrierConnection, api: ZadarmaApi, d: CallbackDial): Promise<{ callId: string }> {
  const from = digits(d.operatorPhone);
  const to = digits(d.visitorPhone);
  if (!from || !to) throw new CarrierError('invalid_number', 'Zadarma: a call-back needs the operator’s and the visitor’s phones');
  await api('/v1/request/callback/', { from, to, sip: extensionOf(c) });
  return { callId: callbackCallId(c.id, d.requestId) };
}
