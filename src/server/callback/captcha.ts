import type { FastifyInstance } from 'fastify';
import { randomBytes, randomInt } from 'node:crypto';
import { errors } from '../http/errors.js';
import type { Store } from '../store/open.js';
import type { Queryable } from '../store/queryable.js';
import { captchaPng } from './captcha-image.js';
import { deleteExpiredCaptchas, insertCaptcha, liveCaptchaAnswer, takeCaptcha } from './queries.js';

/**
 * Captcha keys of the call-back request. A key is random (128 bits), belongs to one site and one
 * visitor, lives 5 minutes and is checked once: the first check deletes it, right or wrong, so a
 * key can never be tried twice. Keys live in the database, so a restart of the server breaks no
 * form a visitor is filling in.
 */

export const CAPTCHA_TTL_MS = 5 * 60 * 1000;

/** Path of the image of a key, under the server's base URL. */
export const captchaPath = (key: string) => `captcha/${key}.png`;

/** Makes a key with 4 random digits for the visitor; also drops expired keys. */
export async function createCaptcha(db: Queryable, siteId: number, visitorId: number, now: number): Promise<string> {
  await deleteExpiredCaptchas(db, now);
  const key = randomBytes(16).toString('hex');
  const answer = String(randomInt(10000)).padStart(4, '0');
  await insertCaptcha(db, { key, site_id: siteId, visitor_id: visitorId, answer, expires_ms: now + CAPTCHA_TTL_MS });
  return key;
}

/** `ok`, `captcha_wrong` (other digits) or `captcha_invalid` (unknown, used, expired, not this visitor's). */
export type CaptchaCheck = 'ok' | 'captcha_wrong' | 'captcha_invalid';

/** Checks the digits a visitor typed; the key is used up whatever the outcome. */
export async function checkCaptcha(
  db: Queryable,
  siteId: number,
  visitorId: number,
  key: string,
  value: string,
  now: number,
): Promise<CaptchaCheck> {
  const row = await takeCaptcha(db, key, siteId, visitorId);
  if (!row || row.expires_ms <= now) return 'captcha_invalid';
  // People type spaces or dashes between the digits; nothing else counts.
  return value.replace(/[\s-]/g, '') === row.answer ? 'ok' : 'captcha_wrong';
}

/**
 * `GET /captcha/<key>.png`: the picture of an unused, unexpired key (404 otherwise). One key always
 * gives the same picture (its drawing is seeded by the key), so reloading it teaches nothing new.
 */
export function captchaRoute(app: FastifyInstance, store: Store): void {
  app.get<{ Params: { file: string } }>('/captcha/:file', async (req, reply) => {
    const m = /^([0-9a-f]{32})\.png$/.exec(req.params.file);
    const answer = m ? await liveCaptchaAnswer(store.db, m[1]!, Date.now()) : null;
    if (!m || answer == null) throw errors.notFound();
    return reply
      .header('Content-Type', 'image/png')
      .header('Cache-Control', 'no-store')
      .header('X-Content-Type-Options', 'nosniff')
      .send(captchaPng(answer, parseInt(m[1]!.slice(0, 8), 16)));
  });
}
