import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from '../../src/app/api-schema.js';
import type { SessionResult } from './api-session-result.js';

/**
 * A client session written as an integrator writes it: openapi-fetch typed by the types generated
 * from the API reference (src/app/api-schema.d.ts, `npm run api-types`). It logs in, sends the
 * session key in the `Authorization` header, creates a campaign with a condition group and a
 * condition, and reads `stat` and `call`. test/unit/server/api/openapi-client.test.ts compiles it
 * (a wrong call must not compile) and runs it against a real server.
 */

export async function clientSession(baseUrl: string, login: string, password: string, siteId: number): Promise<SessionResult> {
  const api = createClient<paths, 'application/json'>({ baseUrl, headers: { accept: 'application/json' } });

  const signedIn = await api.POST('/api/login/', { body: { login, password } });
  if (!signedIn.data) throw new Error(`login: ${JSON.stringify(signedIn.error)}`);
  const key = signedIn.data.data.session_key;
  const bearer: Middleware = {
    onRequest({ request }) {
      request.headers.set('authorization', `Bearer ${key}`);
      return request;
    },
  };
  api.use(bearer);

  const campaign = await api.POST('/api/v1/create_ac/', { body: { args: { site_id: siteId, name: 'Autumn sale' } } });
  if (!campaign.data) throw new Error(`create_ac: ${JSON.stringify(campaign.error)}`);
  const campaignId = campaign.data.data.ac_id;

  const group = await api.POST('/api/v1/create_ac_condition_group/', { body: { args: { ac_id: campaignId, name: 'utm' } } });
  if (!group.data) throw new Error(`create_ac_condition_group: ${JSON.stringify(group.error)}`);
  const groupId = group.data.data.ac_condition_group_id;

  const condition = await api.POST('/api/v1/create_ac_condition/', {
    body: {
      args: { ac_condition_group_id: groupId, ac_parameter: 'utm_campaign', ac_operator: '=', value: 'autumn', is_negative: false },
    },
  });
  if (!condition.data) throw new Error(`create_ac_condition: ${JSON.stringify(condition.error)}`);

  // @ts-expect-error ac_operator takes '=', '~' or 'sub': the generated types refuse anything else.
  const wrong = await api.POST('/api/v1/create_ac_condition/', { body: { args: { ac_condition_group_id: groupId, ac_parameter: 'utm_campaign', ac_operator: 'like', value: 'x', is_negative: false } } }); // prettier-ignore

  const period = { date_from: '2026-11-01', date_till: '2026-12-01' };
  const stat = await api.GET('/api/v1/stat/', { params: { query: { site_id: siteId, ...period } } });
  if (!stat.data) throw new Error(`stat: ${JSON.stringify(stat.error)}`);

  const calls = await api.GET('/api/v1/call/', { params: { query: { ...period, site_id: siteId, direction: 'in', limit: 10 } } });
  if (!calls.data) throw new Error(`call: ${JSON.stringify(calls.error)}`);

  return {
    campaignId,
    groupId,
    conditionId: condition.data.data.ac_condition_id,
    stat: stat.data.data,
    calls: calls.data.data,
    refused: wrong.error,
    callTotal: calls.response.headers.get('x-total-count'),
  };
}
