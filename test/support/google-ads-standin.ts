import { randomBytes } from 'node:crypto';
import { startPlatform, type Arrived, type Failure, type PlatformStandin } from './platform-standin.js';

/**
 * A local stand-in for Google's OAuth token endpoint (oauth2.googleapis.com/token) and the Google
 * Ads API's REST interface (`customers/<id>:uploadClickConversions`, `:uploadCallConversions`),
 * for the tests only: the refresh-token grant, the `developer-token` and bearer token checked as
 * Google documents, the request's shape checked (partialFailure, the conversion action's resource
 * name, the date-time format), and Google's error envelope `{error: {code, message, status}}` for
 * 401, 429 and 500. Every conversion it accepts is kept, in order; one uploaded again (the same
 * click or call, action and conversion time) is refused inside a 200 as Google refuses it,
 * CLICK_CONVERSION_ALREADY_EXISTS or CALL_CONVERSION_ALREADY_EXISTS, and not kept twice.
 */

export interface GoogleAdsStandin extends PlatformStandin {
  credentials: { developer_token: string; client_id: string; client_secret: string; refresh_token: string };
  /** The conversions accepted: the upload's kind and its one conversion. */
  accepted: Array<{ kind: 'click' | 'call'; customerId: string; loginCustomerId: string | undefined; conversion: Record<string, unknown> }>;
  /** Gclids Google says are too old: a 200 with a partialFailureError naming EXPIRED_EVENT. */
  expiredGclids: Set<string>;
}

const ERRORS: Record<Failure, { code: number; message: string; status: string }> = {
  401: {
    code: 401,
    message:
      'Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
    status: 'UNAUTHENTICATED',
  },
  429: { code: 429, message: 'Resource has been exhausted (e.g. check quota).', status: 'RESOURCE_EXHAUSTED' },
  500: { code: 500, message: 'Internal error encountered.', status: 'INTERNAL' },
};

const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;

/** Google's partial failure for a conversion it has already (the same click or call and conversion time). */
function alreadyThere(click: boolean) {
  const [code, message] = click
    ? [
        'CLICK_CONVERSION_ALREADY_EXISTS',
        'The imported event has the same click and conversion_date_time as an existing conversion., at conversions[0]',
      ]
    : [
        'CALL_CONVERSION_ALREADY_EXISTS',
        'The imported call has the same conversion_date_time as an existing conversion., at conversions[0]',
      ];
  return {
    status: 200,
    body: {
      partialFailureError: {
        code: 3,
        message,
        details: [
          {
            '@type': 'type.googleapis.com/google.ads.googleads.v26.errors.GoogleAdsFailure',
            errors: [{ errorCode: { conversionUploadError: code }, message }],
          },
        ],
      },
      results: [{}],
    },
  };
}

export async function startGoogleAdsStandin(): Promise<GoogleAdsStandin> {
  const credentials = {
    developer_token: `dev-${randomBytes(6).toString('hex')}`,
    client_id: 'client-1.apps.googleusercontent.com',
    client_secret: `secret-${randomBytes(6).toString('hex')}`,
    refresh_token: `1//refresh-${randomBytes(8).toString('hex')}`,
  };
  const tokens = new Set<string>();
  const accepted: GoogleAdsStandin['accepted'] = [];
  const expiredGclids = new Set<string>();
  const uploaded = new Set<string>();
  const error = (f: Failure) => ({ status: f, body: { error: ERRORS[f] } });
  const bad = (message: string) => ({ status: 400, body: { error: { code: 400, message, status: 'INVALID_ARGUMENT' } } });

  const token = (r: Arrived) => {
    const f = new URLSearchParams(r.body);
    if (r.headers['content-type'] !== 'application/x-www-form-urlencoded') return { status: 400, body: { error: 'invalid_request' } };
    if (f.get('grant_type') !== 'refresh_token') return { status: 400, body: { error: 'unsupported_grant_type' } };
    if (f.get('client_id') !== credentials.client_id || f.get('client_secret') !== credentials.client_secret)
      return { status: 401, body: { error: 'invalid_client', error_description: 'The OAuth client was not found.' } };
    if (f.get('refresh_token') !== credentials.refresh_token)
      return { status: 400, body: { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' } };
    const t = `ya29.${randomBytes(12).toString('hex')}`;
    tokens.add(t);
    return {
      status: 200,
      body: { access_token: t, expires_in: 3599, scope: 'https://www.googleapis.com/auth/adwords', token_type: 'Bearer' },
    };
  };

  const upload = (r: Arrived, m: RegExpExecArray) => {
    const [, customerId, kind] = m as unknown as [string, string, 'uploadClickConversions' | 'uploadCallConversions'];
    const bearer = /^Bearer (.+)$/.exec(String(r.headers.authorization ?? ''))?.[1];
    if (!bearer || !tokens.has(bearer)) return error(401);
    if (r.headers['developer-token'] !== credentials.developer_token)
      return { status: 401, body: { error: { code: 401, message: 'The developer token is not valid.', status: 'UNAUTHENTICATED' } } };
    const body = JSON.parse(r.body) as { conversions?: Array<Record<string, unknown>>; partialFailure?: boolean };
    if (body.partialFailure !== true) return bad('partial_failure must be true for conversion uploads.');
    const c = body.conversions?.[0];
    if (!c || body.conversions!.length !== 1) return bad('conversions: one expected');
    if (!String(c.conversionAction ?? '').startsWith(`customers/${customerId}/conversionActions/`))
      return bad('Invalid conversion action resource name.');
    if (!DATE_TIME.test(String(c.conversionDateTime))) return bad('Invalid conversion_date_time.');
    if (kind === 'uploadClickConversions') {
      if (typeof c.gclid !== 'string') return bad('gclid is required.');
      if (expiredGclids.has(c.gclid))
        return {
          status: 200,
          body: {
            partialFailureError: {
              code: 3,
              message:
                'The click associated with the given identifier or iOS URL parameter is too old to be imported., at conversions[0].gclid',
              details: [{ errors: [{ errorCode: { conversionUploadError: 'EXPIRED_EVENT' } }] }],
            },
            results: [{}],
          },
        };
    } else if (!/^\+\d{6,15}$/.test(String(c.callerId)) || !DATE_TIME.test(String(c.callStartDateTime)))
      return bad('callerId and callStartDateTime are required.');
    const click = kind === 'uploadClickConversions';
    const key = [customerId, c.conversionAction, click ? c.gclid : c.callerId, c.callStartDateTime, c.conversionDateTime].join('|');
    if (uploaded.has(key)) return alreadyThere(click);
    uploaded.add(key);
    accepted.push({
      kind: kind === 'uploadClickConversions' ? 'click' : 'call',
      customerId,
      loginCustomerId: r.headers['login-customer-id'] as string | undefined,
      conversion: c,
    });
    return { status: 200, body: { results: [{ ...c }] } };
  };

  const s = await startPlatform((r) => {
    if (r.method === 'POST' && r.path === '/token') return token(r);
    const m = /^\/v\d+\/customers\/(\d+):(uploadClickConversions|uploadCallConversions)$/.exec(r.path);
    if (r.method === 'POST' && m) return upload(r, m);
    return { status: 404, body: { error: { code: 404, message: 'Not found', status: 'NOT_FOUND' } } };
  }, error);
  return { ...s, credentials, accepted, expiredGclids };
}
