import type { CaptchaResult } from '../../protocol.js';
import { captchaPath, createCaptcha } from './captcha.js';
import type { WriteHandler } from '../writes/context.js';

/** `get_captcha`: a new key for this visitor and the absolute address of its picture. */
export const captchaHandler: WriteHandler<'captcha'> = async (ctx) => {
  const key = await createCaptcha(ctx.db, ctx.site.id, ctx.visitor!.id, ctx.now);
  const result: CaptchaResult = { key, url: ctx.publicUrl + captchaPath(key) };
  return { success: true, result };
};
