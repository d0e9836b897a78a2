import type { PropertyValue } from '../../protocol.js';
import { once } from '../store/batch-scope.js';
import { timestamp } from '../store/time.js';
import type { WriteHandler } from '../writes/context.js';
import type { PropertyQuota } from './property-quota.js';
import { deleteProperty, propertyOf, propertyUsage, setProperty } from './queries.js';

/**
 * Visitor properties (`setProperty`, `deleteProperty`, and the read behind `hasProperty` and
 * `getProperty`). They belong to the visitor, not to a page view, so they need no known hit.
 * Setting one is held to the quotas of property-quota.ts.
 */
export const propertySetHandler =
  (quota: PropertyQuota): WriteHandler<'property_set'> =>
  async (ctx, data) => {
    const visitorId = ctx.visitor!.id;
    const chars = data.name.length + (data.value?.length ?? 0);
    const [usage, old] = [await propertyUsage(ctx.db, visitorId), await propertyOf(ctx.db, visitorId, data.name)];
    const oldChars = old ? data.name.length + (old.value?.length ?? 0) : 0;
    if (
      (!old && usage.count >= quota.limits.perVisitor) ||
      usage.chars - oldChars + chars > quota.limits.charsPerVisitor ||
      // Counted once, though the batch may run again (store/batch-scope.ts).
      !(await once(ctx.db, 'property quota', () => quota.admit(ctx.site.id, ctx.client.ip, chars, ctx.now)))
    ) {
      return { success: false, code: 'quota' };
    }
    await setProperty(ctx.db, visitorId, data.name, data.value ?? null, timestamp(ctx.now));
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
