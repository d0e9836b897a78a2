import type { FastifyInstance } from 'fastify';
import { captchaRoute } from './captcha.js';
import type { DB } from '../store/db.js';

/**
 * Call-back requests on the server: the captcha picture route and the platform that dials. The
 * requests themselves arrive as `captcha` and `sitephone` writes (writes/captcha.ts,
 * writes/sitephone.ts), so they carry the visitor and page view and are idempotent like every write.
 */
export function registerCallbacks(app: FastifyInstance, db: DB): void {
  captchaRoute(app, db);
}
