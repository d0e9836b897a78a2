import { createHmac, timingSafeEqual } from 'node:crypto';
import { CarrierError, type CarrierConnection } from '../carrier.js';
import { zadarmaRequest } from './client.js';

/**
 * A recording's link. Zadarma keeps a call's recording under `call_id_with_rec` (NOTIFY_END,
 * NOTIFY_OUT_END) and hands out links that expire (`/v1/pbx/record/request/`, 30 minutes by
 * default, 60 days at most), and only once the file is saved, some seconds after the call. So the
 * call's `file_link` is a link to this server, signed with the connection's secret, that asks
 * Zadarma for a fresh link each time it is opened and redirects there.
 */

const token = (c: CarrierConnection, recording: string) =>
  createHmac('sha256', c.credentials.secret ?? '')
    .update(`zadarma-record:${c.id}:${recording}`)
    .digest('base64url')
    .slice(0, 32);

export const recordingLink = (c: CarrierConnection, recording: string) =>
  `${c.publicUrl}carriers/zadarma/${c.id}/records/${encodeURIComponent(recording)}?t=${token(c, recording)}`;

export function recordingTokenValid(c: CarrierConnection, recording: string, t: unknown): boolean {
  if (typeof t !== 'string' || !c.credentials.secret) return false;
  const want = Buffer.from(token(c, recording));
  const got = Buffer.from(t);
  return want.length === got.length && timingSafeEqual(want, got);
}

/** Zadarma's download link of the recording now; `not_found` while it is not saved yet. */
export async function recordingUrl(c: CarrierConnection, recording: string): Promise<string> {
  const answer = await zadarmaRequest(c, '/v1/pbx/record/request/', { call_id: recording });
  const link =
    typeof answer.link === 'string' ? answer.link : Array.isArray(answer.links) ? answer.links.find((l) => typeof l === 'string') : null;
  if (typeof link !== 'string' || !/^https?:\/\//.test(link)) throw new CarrierError('not_found', 'Zadarma gave no link to the recording');
  return link;
}
