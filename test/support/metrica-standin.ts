import { randomBytes } from 'node:crypto';
import { csvRows, startPlatform, type Arrived, type Failure, type PlatformStandin } from './platform-standin.js';

/**
 * A local stand-in for the Yandex Metrica Management API's offline conversions
 * (`/management/v1/counter/<id>/offline_conversions/upload` and `/upload_calls`), for the tests
 * only: `Authorization: OAuth <token>` checked, the multipart/form-data `file` part read as CSV and
 * checked (the id column `client_id_type` names, DateTime in Unix time, Target for conversions),
 * answered `{uploading: {…}}`, and Metrica's errors `{errors: [{error_type, message}], code,
 * message}` for 401, 429 and 500. Every row it accepts is kept.
 */

export interface MetricaStandin extends PlatformStandin {
  token: string;
  counterId: string;
  /** Rows accepted, by upload kind, with the id type the query named. */
  accepted: Array<{ kind: 'conversions' | 'calls'; clientIdType: string; row: Record<string, string> }>;
}

const ERRORS: Record<Failure, { error_type: string; message: string }> = {
  401: { error_type: 'invalid_token', message: 'Invalid oauth_token' },
  429: { error_type: 'quota_requests_by_uid', message: 'Quota exceeded for the number of API requests per second' },
  500: { error_type: 'backend_error', message: 'Internal server error' },
};

const refuse = (code: number, error_type: string, message: string) => ({
  status: code,
  body: { errors: [{ error_type, message }], code, message },
});

/** The `file` part of a multipart/form-data body. */
function filePart(r: Arrived): string | null {
  const boundary = /boundary=(.+)$/.exec(String(r.headers['content-type'] ?? ''))?.[1]?.replace(/^"|"$/g, '');
  if (!boundary) return null;
  for (const part of r.body.split(`--${boundary}`)) {
    const split = part.indexOf('\r\n\r\n');
    if (split < 0 || !/name="file"/i.test(part.slice(0, split))) continue;
    return part.slice(split + 4).replace(/\r\n$/, '');
  }
  return null;
}

export async function startMetricaStandin(): Promise<MetricaStandin> {
  const token = `y0_${randomBytes(12).toString('hex')}`;
  const counterId = '98765432';
  const accepted: MetricaStandin['accepted'] = [];
  let uploads = 0;
  const upload = (r: Arrived, m: RegExpExecArray) => {
    const [, counter, path] = m as unknown as [string, string, 'upload' | 'upload_calls'];
    if (r.headers.authorization !== `OAuth ${token}`) return refuse(401, ERRORS[401].error_type, ERRORS[401].message);
    if (counter !== counterId) return refuse(403, 'access_denied', 'Access is denied');
    const type = r.query.get('client_id_type') ?? 'CLIENT_ID';
    const column = { CLIENT_ID: 'ClientId', YCLID: 'Yclid', USER_ID: 'UserId' }[type];
    if (!column) return refuse(400, 'invalid_parameter', `Wrong parameter: 'client_id_type', value: '${type}'`);
    const file = filePart(r);
    if (file === null) return refuse(400, 'invalid_parameter', 'The file is missing');
    const rows = csvRows(file);
    const required = [column, 'DateTime', ...(path === 'upload' ? ['Target'] : [])];
    for (const row of rows) {
      const missing = required.find((c) => !row[c]);
      if (missing) return refuse(400, 'invalid_uploading', `Column ${missing} is missing or empty`);
      if (!/^\d{9,10}$/.test(row.DateTime!)) return refuse(400, 'invalid_uploading', 'DateTime must be a Unix timestamp');
    }
    for (const row of rows) accepted.push({ kind: path === 'upload' ? 'conversions' : 'calls', clientIdType: type, row });
    uploads++;
    return {
      status: 200,
      body: {
        uploading: {
          id: uploads,
          create_time: new Date().toISOString(),
          source_quantity: rows.length,
          line_quantity: rows.length,
          client_id_type: type,
          status: 'UPLOADED',
        },
      },
    };
  };
  const s = await startPlatform(
    (r) => {
      const m = /^\/management\/v1\/counter\/(\d+)\/offline_conversions\/(upload|upload_calls)$/.exec(r.path);
      if (r.method === 'POST' && m) return upload(r, m);
      return refuse(404, 'not_found', 'Not found');
    },
    (f) => refuse(f, ERRORS[f].error_type, ERRORS[f].message),
  );
  return { ...s, token, counterId, accepted };
}
