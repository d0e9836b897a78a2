import type { FastifyInstance } from 'fastify';
import type { Store } from '../store/open.js';
import { captchaRoute } from './captcha.js';

export interface CallbackFeatureDeps {
  store: Store;
}

/**
 * Call-back requests on the server: the captcha picture route. The requests themselves arrive as
 * `captcha` and `sitephone` writes (captcha-write.ts, sitephone-write.ts, registered in
 * write-handlers.ts), so they carry the visitor and page view and are idempotent like every write;
 * the platform that dials them gets them from the dispatcher (dispatch.ts) once the batch commits.
 */
export async function callbackFeature(app: FastifyInstance, deps: CallbackFeatureDeps): Promise<void> {
  captchaRoute(app, deps.store);
}
