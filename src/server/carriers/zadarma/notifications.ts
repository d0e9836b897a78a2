import { z } from 'zod';
import { ApiError } from '../../http/errors.js';

/**
 * The PBX's call notifications as Zadarma posts them (form-encoded; zadarma.com/en/support/api/,
 * "Notifications about calls in PBX"), the fields this server reads of each. Zadarma sends every
 * value as text; unknown fields are ignored.
 */

const text = (max: number) => z.string().max(max);
const id = z.string().min(1).max(128);
const seconds = z.string().regex(/^\d{1,6}$/, 'whole seconds');
const flag = z.enum(['0', '1']);

const common = { call_start: text(64), pbx_call_id: id };

export const NotifySchemas = {
  NOTIFY_START: z.object({ ...common, caller_id: text(64), called_did: text(64) }),
  NOTIFY_ANSWER: z.object({ ...common, caller_id: text(64), destination: text(64), internal: text(64).optional() }),
  NOTIFY_END: z.object({
    ...common,
    caller_id: text(64),
    called_did: text(64),
    internal: text(64).optional(),
    duration: seconds,
    disposition: text(64),
    is_recorded: flag.optional(),
    call_id_with_rec: text(128).optional(),
  }),
  NOTIFY_OUT_START: z.object({ ...common, internal: text(64), destination: text(64) }),
  NOTIFY_OUT_END: z.object({
    ...common,
    internal: text(64),
    destination: text(64),
    caller_id: text(64).optional(),
    duration: seconds,
    disposition: text(64),
    is_recorded: flag.optional(),
    call_id_with_rec: text(128).optional(),
  }),
  NOTIFY_RECORD: z.object({ pbx_call_id: id, call_id_with_rec: text(128).min(1) }),
} as const;

export type NotifyName = keyof typeof NotifySchemas;
export type Notify<N extends NotifyName> = z.output<(typeof NotifySchemas)[N]>;

/** Events the PBX also sends that say nothing a call record keeps (an internal call, a voice menu's digits). */
export const IGNORED_EVENTS = new Set(['NOTIFY_INTERNAL', 'NOTIFY_IVR']);

export const isNotify = (event: string): event is NotifyName => Object.hasOwn(NotifySchemas, event);

export function parseNotify<N extends NotifyName>(event: N, form: Record<string, string>): Notify<N> {
  const r = NotifySchemas[event].safeParse(form);
  if (r.success) return r.data as Notify<N>;
  const issue = r.error.issues[0]!;
  throw new ApiError(400, 400102, `Invalid ${event}: ${issue.path.join('.') || 'body'}: ${issue.message}`);
}

/** A number as the boundary takes it; the PBX writes a hidden caller as text or nothing. */
export function phoneOf(v: string | undefined): string {
  const d = (v ?? '').replace(/\D/g, '');
  return d.length >= 3 ? d : '000';
}

/** Talk seconds: Zadarma's `duration` of a call whose `disposition` is `answered`. */
export const talkOf = (n: { duration: string; disposition: string }) => (n.disposition === 'answered' ? Number(n.duration) : 0);
