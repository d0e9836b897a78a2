import type { FastifyInstance } from 'fastify';
import type { Store } from '../store/open.js';
import { captchaRoute } from './captcha.js';

export interface CallbackFeatureDeps {
  store: Store;
}

/**
 * Call-back requests on the server: the captcha picture route. The requests themselves arrive as
 * `captcha` and `sitephone` writes (captcha-write.ts, sitephone-write.ts, registered in
 * writes/index.ts), so they carry the visitor and page view and are idempotent like every write;
 * the platform that dials reaches them as the write context's `deps.callbackPlatform`.
 */
export async function callbackFeature(app: FastifyInstance, deps: CallbackFeatureDeps): Promise<void> {
  captchaRoute(app, deps.store);
}
