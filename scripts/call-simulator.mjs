// The call simulator: plays the telephony platform's part for one call, posting its signed events
// to a running consultant server's `POST /telephony/events` (docs/calls.md, "Calls and the telephony
// boundary"). Used by `npm run call` (scripts/call.mjs) and by the demo site's "simulate a call"
// button (demo-site/server.mjs). No dependencies: the signature is HMAC-SHA256 of the raw body.
import { createHmac, randomBytes } from 'node:crypto';

export const DEMO_SECRET = 'demo-telephony-secret';

/**
 * Simulates one call from `from` to `to`: `ringing` now, `answered` after `ring` seconds unless
 * `lost`, then `ended` after `talk` more seconds (a lost call ends after `ring` seconds unanswered,
 * duration 0). The call starts at `start` (epoch ms; default now). With `realTime` the events are
 * sent as the call happens (the console sees it ring); otherwise at once, each with its own time.
 * `onFirstAnswer(status, answer)` hears the server's answer to the first event at once (the record
 * and its attribution, or the refusal). Resolves with the server's answers; rejects when the
 * server refuses an event.
 */
export async function simulateCall({
  server,
  secret = DEMO_SECRET,
  to,
  from,
  talk = 5,
  ring = 3,
  lost = false,
  realTime = true,
  callId = 'sim-' + randomBytes(6).toString('hex'),
  start = Date.now(),
  employeeId,
  fileLink,
  log = () => {},
  onFirstAnswer = () => {},
}) {
  const url = new URL('telephony/events', server.endsWith('/') ? server : server + '/');
  const base = { call_id: callId, direction: 'in', numa: from, numb: to };
  const at = (s) => new Date(start + s * 1000).toISOString();
  const events = [{ ...base, event: 'ringing', time: at(0) }];
  if (!lost) events.push({ ...base, event: 'answered', time: at(ring) });
  const end = lost ? ring : ring + talk;
  events.push({
    ...base,
    event: 'ended',
    time: at(end),
    duration: lost ? 0 : talk,
    total_duration: end,
    ...(!lost && fileLink ? { file_link: fileLink } : {}),
    ...(!lost && employeeId ? { employee_id: employeeId } : {}),
  });
  const answers = [];
  for (const ev of events) {
    if (realTime) {
      const wait = Date.parse(ev.time) - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
    const body = JSON.stringify(ev);
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-svc-signature': 'sha256=' + createHmac('sha256', secret).update(body).digest('hex'),
      },
      body,
    });
    const answer = await res.json().catch(() => ({ success: false, message: `HTTP ${res.status}` }));
    log(`${ev.event.padEnd(8)} ${res.status} ${JSON.stringify(answer)}`);
    if (!answers.length) onFirstAnswer(res.status, answer);
    if (!res.ok) throw new Error(`the server refused the ${ev.event} event: ${answer.message ?? res.status}`);
    answers.push(answer);
  }
  return { callId, answers };
}
