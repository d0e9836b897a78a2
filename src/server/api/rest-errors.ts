import { apiErrors } from './errors.js';
import { ApiError } from '../http/errors.js';

/**
 * The writes and reads the app's functions share with the console speak the server's own codes
 * (http/errors.ts); as REST functions they answer in the API's (docs/rest-api.md, "Conventions"):
 * a refused field 100422 naming it, a missing object 100410, a conflict 100409.
 */
export async function asRestError<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    if (e.code === 400002) {
      const m = /^Invalid request: ([\w.]+): (.*)$/s.exec(e.message);
      throw m ? apiErrors.invalid(m[1]!, m[2]!) : apiErrors.invalid('args', e.message.replace(/^Invalid request: /, ''));
    }
    if (e.code === 404000) throw new ApiError(404, 100410, `Not found: ${what}`);
    if (e.code === 409001) throw apiErrors.wrongState(e.message);
    throw e;
  }
}
