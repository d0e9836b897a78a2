import twilio from 'twilio';
import type RequestClientNs from 'twilio/lib/base/RequestClient.js';
import type { CarrierConnection } from '../carrier.js';

/**
 * The official SDK's REST client for one connection: the account SID with its auth token, or an
 * API key (`api_key_sid` + `api_key_secret`) acting for the account SID. With `apiBase` set (a
 * stand-in in tests) every request the SDK builds goes there instead: same path, query, form body
 * and Basic auth, only the scheme, host and port change.
 */

/** How long any one request to Twilio may take; a slower answer is a `timeout`. */
export const REQUEST_TIMEOUT_MS = 10_000;

export type TwilioClient = ReturnType<typeof twilio>;

/** The credentials a connection must hold; a missing one is the user's to fill in, said by name. */
export function twilioCredentials(connection: CarrierConnection): {
  accountSid: string;
  authToken: string;
  apiKey: { sid: string; secret: string } | null;
} {
  const c = connection.credentials;
  const accountSid = c.account_sid?.trim() ?? '';
  const authToken = c.auth_token?.trim() ?? '';
  const keySid = c.api_key_sid?.trim() ?? '';
  const keySecret = c.api_key_secret?.trim() ?? '';
  return { accountSid, authToken, apiKey: keySid && keySecret ? { sid: keySid, secret: keySecret } : null };
}

/** A RequestClient that sends every request to `base`, keeping what the SDK built after the host. */
class RebasedRequestClient extends twilio.RequestClient {
  constructor(
    private readonly base: URL,
    timeout: number,
  ) {
    super({ timeout });
  }

  override request<TData>(opts: RequestClientNs.RequestOptions<TData>) {
    const built = new URL(opts.uri);
    const target = new URL(built.pathname.replace(/^\//, '') + built.search, this.base);
    return super.request<TData>({ ...opts, uri: target.href });
  }
}

export function twilioClient(connection: CarrierConnection, timeout = REQUEST_TIMEOUT_MS): TwilioClient {
  const { accountSid, authToken, apiKey } = twilioCredentials(connection);
  const base = connection.apiBase ? new URL(connection.apiBase.endsWith('/') ? connection.apiBase : connection.apiBase + '/') : null;
  const opts = {
    accountSid,
    timeout,
    // A retry would hide a slow or refusing account behind the time limit; the caller decides.
    autoRetry: false,
    ...(base ? { httpClient: new RebasedRequestClient(base, timeout) } : {}),
  };
  return apiKey ? twilio(apiKey.sid, apiKey.secret, opts) : twilio(accountSid, authToken, opts);
}
