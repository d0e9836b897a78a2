import { LIMITS, type WriteType } from '../../protocol.js';

/**
 * The page's arguments as the snippet passes them (`trackEvent`, the property methods,
 * `addVisitorInfo`, `addOfflineRequest`), made into a write's data before its schema checks it.
 * The snippet sends what the page gave, unchecked, so that these rules live in one place and cost
 * the core script nothing: the fields of the type are picked (others are ignored), a finite number
 * becomes text, null, absent and empty fields are left out. The error codes are the ones the
 * snippet answered before it left the checks to the server.
 */
const FIELDS: Partial<Record<WriteType, string[]>> = {
  event: ['category', 'action', 'name', 'value'],
  property_set: ['name', 'value'],
  property_delete: ['name'],
  property_get: ['name'],
  visitor_info: ['name', 'email', 'phone'],
  offline_request: ['name', 'email', 'phone', 'message', 'sale_cost', 'form_name'],
};

/** Fields passed on as given, for the schema to check: a flag and a number. */
const AS_GIVEN: Partial<Record<WriteType, string[]>> = { offline_request: ['is_sale', 'group_id'] };

/**
 * The data of a write of `type`, or the code that refuses it: `invalid_request` when the page
 * passed no object, `invalid_<field>` when a field is neither text nor a number or is longer than
 * the text limit, `empty` when no field is filled. Types without form rules pass unchanged.
 */
export function formFields(type: WriteType, data: unknown): { data: unknown } | { code: string } {
  const names = FIELDS[type];
  if (!names) return { data };
  if (!data || typeof data !== 'object') return { code: 'invalid_request' };
  const given = data as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const k of names) {
    let v = Object.hasOwn(given, k) ? given[k] : undefined;
    if (typeof v === 'number' && Number.isFinite(v)) v = String(v);
    if (v == null || v === '') continue;
    if (typeof v !== 'string' || v.length > LIMITS.text) return { code: 'invalid_' + k };
    out[k] = v;
  }
  if (!Object.keys(out).length) return { code: 'empty' };
  for (const k of AS_GIVEN[type] ?? []) if (Object.hasOwn(given, k) && given[k] != null) out[k] = given[k];
  return { data: out };
}
