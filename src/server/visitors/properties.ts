import type { PropertyValue } from '../../protocol.js';
import { stmt, timestamp } from '../store/db.js';
import type { WriteHandler } from '../writes/context.js';

/**
 * Visitor properties (`setProperty`, `deleteProperty`, and the read behind `hasProperty` and
 * `getProperty`). They belong to the visitor, not to a page view, so they need no known hit.
 */
export const propertySetHandler: WriteHandler<'property_set'> = async (ctx, data) => {
  stmt(
    ctx.raw,
    `INSERT INTO visitor_properties (visitor_id, name, value, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (visitor_id, name) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
  ).run(ctx.visitor!.id, data.name, data.value ?? null, timestamp(ctx.now));
  return { success: true };
};

export const propertyDeleteHandler: WriteHandler<'property_delete'> = async (ctx, data) => {
  stmt(ctx.raw, `DELETE FROM visitor_properties WHERE visitor_id = ? AND name = ?`).run(ctx.visitor!.id, data.name);
  return { success: true };
};

/** Runs in order with the writes around it; its stored result answers a retry with the same value. */
export const propertyGetHandler: WriteHandler<'property_get'> = async (ctx, data) => {
  const row = stmt<{ value: string | null }>(ctx.raw, `SELECT value FROM visitor_properties WHERE visitor_id = ? AND name = ?`).get(
    ctx.visitor!.id,
    data.name,
  );
  const result: PropertyValue = row ? row.value : false;
  return { success: true, result };
};
