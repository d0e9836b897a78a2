import { timestamp } from '../store/time.js';
import type { WriteHandler } from '../writes/context.js';
import { createGoal } from './queries.js';
import { noEvents, type EventSink } from '../webhooks/events.js';

/** `trackEvent`: stored as a goal of the page view it was made on, announced as `goal.reached`. */
export const eventHandler =
  (events: EventSink = noEvents): WriteHandler<'event'> =>
  async (ctx, data, write) => {
    const hit = await ctx.hit(write.hit);
    if (!hit) return { success: false, code: 'unknown_hit' };
    const goalId = await createGoal(ctx.db, {
      site_id: ctx.site.id,
      visitor_id: hit.visitor_id,
      session_id: hit.session_id,
      hit_id: hit.id,
      name: data.action,
      category: data.category,
      action: data.action,
      label: data.name ?? null,
      value: data.value ?? null,
      start_time: timestamp(ctx.now),
    });
    await events.emit(ctx.db, { type: 'goal.reached', siteId: ctx.site.id, kind: 'goal', id: goalId, visitorId: hit.visitor_id });
    return { success: true, result: { goal_id: goalId } };
  };
