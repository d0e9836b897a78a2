import { z } from 'zod';
import type { ApiError } from '../http/errors.js';
import { apiErrors } from './errors.js';
import { plainReason } from './plain-reason.js';

/**
 * Reading a function's parameters. A GET carries them as query text, a POST as JSON in `args`;
 * both go through the function's zod schema, which also makes its OpenAPI description. Query text
 * (and JSON text where a number or flag is expected, as the vendor's PHP clients send) is turned
 * into the type the schema's field wants before validation.
 */

/** The largest `limit` a list accepts (the document's default is 100; larger values get 100413). */
export const MAX_LIMIT = 1000;
export const DEFAULT_LIMIT = 100;

/** An integer id or count. */
export const int = () =>
  z
    .number()
    .int()
    .min(-(2 ** 53) + 1)
    .max(2 ** 53 - 1);
export const id = () =>
  z
    .number()
    .int()
    .min(1)
    .max(2 ** 53 - 1);
/** A text parameter: trimmed, not empty, bounded. */
export const text = (max = 255) => z.string().trim().min(1).max(max);

type Kind = 'number' | 'boolean' | 'other';

function kindOf(schema: z.ZodType | undefined): Kind {
  let s = schema as { _zod?: { def: { type: string; innerType?: unknown; in?: unknown } } } | undefined;
  for (let i = 0; s?._zod && i < 5; i++) {
    const def = s._zod.def;
    if (def.type === 'number' || def.type === 'int') return 'number';
    if (def.type === 'boolean') return 'boolean';
    if (def.innerType) s = def.innerType as typeof s;
    else if (def.in) s = def.in as typeof s;
    else break;
  }
  return 'other';
}

/** A text value turned into the kind a field wants; left as it is when it does not read as one. */
function convert(value: unknown, kind: Kind): unknown {
  if (typeof value !== 'string') return value;
  if (kind === 'number' && /^-?\d{1,16}(\.\d+)?$/.test(value.trim())) return Number(value);
  if (kind === 'boolean') {
    const v = value.trim().toLowerCase();
    if (v === 'true' || v === '1') return true;
    if (v === 'false' || v === '0') return false;
  }
  return value;
}

/** Validates `raw` against `schema`, answering the first problem as the API's error. */
export function parseArgs<S extends z.ZodObject>(schema: S, raw: Record<string, unknown>): z.output<S> {
  const shape = schema.shape as Record<string, z.ZodType>;
  const input: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) {
    if (!Object.hasOwn(shape, k)) throw apiErrors.unknownParameter(k);
    if (Array.isArray(v) && kindOf(shape[k]) !== 'other') throw apiErrors.invalid(k, 'given more than once');
    input[k] = convert(v, kindOf(shape[k]));
  }
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  throw toApiError(r.error, input);
}

function toApiError(error: z.ZodError, input: Record<string, unknown>): ApiError {
  const issue = error.issues[0]!;
  const name = issue.path.map(String).join('.') || 'args';
  const first = issue.path[0];
  if (issue.code === 'invalid_type' && typeof first === 'string' && input[first] === undefined) return apiErrors.missing(name);
  return apiErrors.invalid(name, plainReason(issue));
}

/** `limit` and `offset` of a list, from the values the caller sent (text or numbers). */
export function parsePage(limit: unknown, offset: unknown): { limit: number; offset: number } {
  const l = limit === undefined || limit === '' ? DEFAULT_LIMIT : convert(limit, 'number');
  const o = offset === undefined || offset === '' ? 0 : convert(offset, 'number');
  if (typeof l !== 'number' || !Number.isInteger(l) || l < 1) throw apiErrors.invalid('limit', 'a whole number from 1');
  if (l > MAX_LIMIT) throw apiErrors.limitTooLarge(MAX_LIMIT);
  if (typeof o !== 'number' || !Number.isInteger(o) || o < 0 || o > 2 ** 31) throw apiErrors.invalid('offset', 'a whole number from 0');
  return { limit: l, offset: o };
}

/** `customer_id` as sent, or undefined when absent. */
export function parseCustomerId(value: unknown): number | undefined {
  if (value === undefined || value === '' || value === null) return undefined;
  const v = convert(value, 'number');
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > 2 ** 53 - 1) throw apiErrors.invalid('customer_id', 'a customer id');
  return v;
}
