import type { CarrierConnection } from '../carrier.js';
import { twilioClient, REQUEST_TIMEOUT_MS } from './client.js';
import { withinLimit } from './errors.js';

/**
 * The calls Twilio dialled from a call (its `<Dial>` legs, `ParentCallSid`), as Twilio's Call
 * resource lists them. A call's end (its status callback) reads them so that it knows the talk
 * whether or not the Dial's own end came first.
 */

export interface DialledLeg {
  status: string;
  /** Talk seconds; 0 for a leg never answered, or not ended yet. */
  duration: number;
  /** When the leg ended (epoch ms), null while it goes on. */
  endMs: number | null;
}

export async function dialledLegs(
  connection: CarrierConnection,
  parentCallSid: string,
  limitMs = REQUEST_TIMEOUT_MS,
): Promise<DialledLeg[]> {
  return withinLimit(limitMs, async () => {
    const calls = await twilioClient(connection, limitMs).calls.list({ parentCallSid, limit: 20 });
    return calls.map((c) => {
      const end = c.endTime instanceof Date ? c.endTime.getTime() : Number.NaN;
      return { status: c.status, duration: Number.parseInt(c.duration ?? '', 10) || 0, endMs: Number.isFinite(end) ? end : null };
    });
  });
}
