import { stmt, timestamp } from '../store/db.js';
import type { WriteHandler } from '../writes/context.js';

/** `trackEvent`: stored as a goal of the page view it was made on. */
export const eventHandler: WriteHandler<'event'> = async (ctx, data, write) => {
  const hit = await ctx.hit(write.hit);
  if (!hit) return { success: false, code: 'unknown_hit' };
  const r = stmt(
    ctx.raw,
    `INSERT INTO goals (site_id, visitor_id, session_id, hit_id, name, category, action, label, value, start_time)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    ctx.site.id,
    hit.visitor_id,
    hit.session_id,
    hit.id,
    data.action,
    data.category,
    data.action,
    data.name ?? null,
    data.value ?? null,
    timestamp(ctx.now),
  );
  return { success: true, result: { goal_id: Number(r.lastInsertRowid) } };
};
