import { saveVisitorInfo } from './visitor-info.js';
import type { WriteHandler } from '../writes/context.js';

/** `addVisitorInfo`: the visitor's name, e-mails and phones. */
export const visitorInfoHandler: WriteHandler<'visitor_info'> = async (ctx, data) => {
  await saveVisitorInfo(ctx.db, ctx.site.id, ctx.visitor!.id, data, ctx.now);
  return { success: true };
};
