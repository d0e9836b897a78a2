import type { PropertyValue } from '../../protocol.js';
import { timestamp } from '../store/time.js';
import type { WriteHandler } from '../writes/context.js';
import { deleteProperty, propertyOf, setProperty } from './queries.js';

/**
 * Visitor properties (`setProperty`, `deleteProperty`, and the read behind `hasProperty` and
 * `getProperty`). They belong to the visitor, not to a page view, so they need no known hit.
 */
export const propertySetHandler: WriteHandler<'property_set'> = async (ctx, data) => {
  await setProperty(ctx.db, ctx.visitor!.id, data.name, data.value ?? null, timestamp(ctx.now));
  return { success: true };
};

export const propertyDeleteHandler: WriteHandler<'property_delete'> = async (ctx, data) => {
  await deleteProperty(ctx.db, ctx.visitor!.id, data.name);
  return { success: true };
};

/** Runs in order with the writes around it; its stored result answers a retry with the same value. */
export const propertyGetHandler: WriteHandler<'property_get'> = async (ctx, data) => {
  const row = await propertyOf(ctx.db, ctx.visitor!.id, data.name);
  const result: PropertyValue = row ? row.value : false;
  return { success: true, result };
};
