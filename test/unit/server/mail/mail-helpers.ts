import type { LightMyRequestResponse } from 'fastify';
import type { ConsultantServer } from '../../../../src/server/app.js';
import { checkAnswer } from '../api-helpers.js';
import { telephonySeed, telephonyServer } from '../telephony-helpers.js';

/**
 * The mail tests' world: the telephony tests' site and REST user `a`, mail through an SMTP
 * stand-in, notifications run only when a test asks, and the API's clock the test's own.
 */

/** A server on `dbPath` mailing through `smtpUrl`, its API clock at `clock.ms`. */
export async function mailingServer(dbPath: string, smtpUrl: string, clock: { ms: number }): Promise<ConsultantServer> {
  return telephonyServer({
    dbPath,
    apiSeed: await telephonySeed(),
    mail: { url: smtpUrl },
    notifications: { tickMs: 0 },
    apiClock: () => clock.ms,
  });
}

/** A REST call with session `key` (GET: the key in the query; others: `{action, args}`), its answer checked against the declared response. */
export async function restAs(
  server: ConsultantServer,
  key: string,
  verb: 'GET' | 'PUT',
  fn: string,
  args: Record<string, unknown> = {},
): Promise<LightMyRequestResponse> {
  const res =
    verb === 'GET'
      ? await server.app.inject({
          method: 'GET',
          url: `/api/v1/${fn}/`,
          query: { session_key: key },
          headers: { accept: 'application/json' },
        })
      : await server.app.inject({
          method: 'POST',
          url: `/api/v1/${fn}/`,
          headers: { accept: 'application/json' },
          payload: { session_key: key, action: verb, args },
        });
  return checkAnswer(fn, verb, res);
}
