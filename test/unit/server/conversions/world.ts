import { randomBytes } from 'node:crypto';
import type { ConsultantServer } from '../../../../src/server/app.js';
import { insertRule } from '../../../../src/server/qualification/rules.js';
import { timestamp } from '../../../../src/server/store/time.js';
import { startGa4Standin, type Ga4Standin } from '../../../support/ga4-standin.js';
import { startGoogleAdsStandin, type GoogleAdsStandin } from '../../../support/google-ads-standin.js';
import { startMetricaStandin, type MetricaStandin } from '../../../support/metrica-standin.js';
import { checkAnswer } from '../api-helpers.js';
import { createTestServer } from '../test-server.js';
import { callEvents, postEvent, SECRET, telephonyConfig, telephonySeed, visit } from '../telephony-helpers.js';

/**
 * The conversion tests' world: the telephony tests' site (customer 1, site 1; REST user `a`), the
 * three platforms' stand-ins as the platforms' base URLs, a sealing key, a clock the test moves,
 * and no polling: a test drains the worker itself.
 */

export const KEY = randomBytes(32);

export interface Standins {
  google: GoogleAdsStandin;
  metrica: MetricaStandin;
  ga4: Ga4Standin;
  close(): Promise<void>;
}

export async function startStandins(): Promise<Standins> {
  const [google, metrica, ga4] = await Promise.all([startGoogleAdsStandin(), startMetricaStandin(), startGa4Standin()]);
  return {
    google,
    metrica,
    ga4,
    close: async () => {
      await Promise.all([google.close(), metrica.close(), ga4.close()]);
    },
  };
}

export interface Clock {
  t: number;
}

export async function conversionServer(
  clock: Clock,
  s: Standins,
  dbPath = ':memory:',
  o: { log?: (line: string) => void; bases?: Record<string, string>; closeGraceMs?: number } = {},
): Promise<ConsultantServer> {
  return createTestServer({
    dbPath,
    siteConfig: telephonyConfig(),
    apiSeed: await telephonySeed(),
    bundleDir: '/nonexistent',
    publicUrl: 'http://svc.test/',
    leasePolicy: false,
    telephony: { secret: SECRET },
    ...(o.log ? { logger: { level: 'info' as const, stream: { write: o.log } } } : {}),
    carriers: {
      secretKey: KEY,
      apiBases: o.bases ?? { google_ads: s.google.url, google_oauth: s.google.url, metrica: s.metrica.url, ga4: s.ga4.url },
    },
    conversions: { now: () => clock.t, random: () => 0.5, pollMs: 0, timeoutMs: 5000, closeGraceMs: o.closeGraceMs },
  });
}

/** Signs in as `a`: a REST caller (GET in the query, others as `{args}` / `{action, args}`). */
export async function restCaller(server: ConsultantServer) {
  const res = await server.app.inject({ method: 'POST', url: '/api/login/', payload: { login: 'a', password: 'pw-a' } });
  const key = (res.json() as { data: { session_key: string } }).data.session_key;
  return async (fn: string, args: Record<string, unknown>, verb: 'GET' | 'POST' | 'DELETE' = 'GET') => {
    const headers = { accept: 'application/json', authorization: `Bearer ${key}` };
    const r =
      verb === 'GET'
        ? await server.app.inject({
            method: 'GET',
            url: `/api/v1/${fn}/`,
            headers,
            query: Object.fromEntries(Object.entries(args).map(([k, v]) => [k, String(v)])),
          })
        : await server.app.inject({
            method: 'POST',
            url: `/api/v1/${fn}/`,
            headers,
            payload: verb === 'POST' ? { args } : { action: verb, args },
          });
    // Every answer checked against the function's declared response (api-helpers.ts).
    checkAnswer(fn, verb, r);
    return { status: r.statusCode, body: r.json() as { success: boolean; data: never; error?: { message: string; field?: string } } };
  };
}

export type Rest = Awaited<ReturnType<typeof restCaller>>;

/** Connects the three destinations to site 1 through the REST API; their ids by platform. */
export async function connectAll(rest: Rest, s: Standins, sends: 'qualified' | 'all' = 'qualified') {
  const google = await rest(
    'connect_conversion_destination',
    {
      site_id: 1,
      platform: 'google_ads',
      label: 'Ads',
      sends,
      settings: {
        customer_id: '123-456-7890',
        conversion_action_id: '555',
        conversion_name: 'Qualified call',
        call_conversion_action_id: '556',
        value: 1500,
        currency: 'RUB',
      },
      credentials: s.google.credentials,
    },
    'POST',
  );
  const metrica = await rest(
    'connect_conversion_destination',
    {
      site_id: 1,
      platform: 'metrica',
      label: 'Metrica',
      sends,
      settings: { counter_id: s.metrica.counterId, goal: 'lead' },
      credentials: { oauth_token: s.metrica.token },
    },
    'POST',
  );
  const ga4 = await rest(
    'connect_conversion_destination',
    {
      site_id: 1,
      platform: 'ga4',
      label: 'GA4',
      sends,
      settings: { measurement_id: s.ga4.measurementId },
      credentials: { api_secret: s.ga4.apiSecret },
    },
    'POST',
  );
  for (const r of [google, metrica, ga4]) if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  const id = (r: typeof google) => (r.body.data as { id: number }).id;
  return { google: id(google), metrica: id(metrica), ga4: id(ga4) };
}

/** A rule that qualifies answered calls of 10 s or more. */
export async function qualifyTalks(server: ConsultantServer): Promise<void> {
  await insertRule(
    server.store.db,
    1,
    {
      name: 'Talked',
      kinds: ['call'],
      answered: true,
      min_talk_seconds: 10,
      first_time: false,
      excluded_numa_list_id: null,
      campaign_ids: null,
      tag_ids: [],
    },
    timestamp(),
  );
}

export const IDS = { gclid: 'Cj0KCQ-test-gclid', yclid: '7774443332221110', ga: '1234567890.1700000000', ym: '1700000000123456789' };

/**
 * A visit from an ad (gclid and yclid in the URL), its session given the two analytics client ids
 * as the snippet reports them, then a call from `from` to the number it was shown, talking `talk` s.
 */
export async function callFromAd(
  server: ConsultantServer,
  clock: Clock,
  o: { callId: string; from: string; talk: number; gclid?: string },
): Promise<number> {
  const gclid = o.gclid ?? IDS.gclid;
  const v = await visit(server, `https://site-a.test/?number=84951234567&utm_source=google&gclid=${gclid}&yclid=${IDS.yclid}`);
  await server.store.db.updateTable('sessions').set({ ua_client_id: IDS.ga, ym_client_id: IDS.ym }).where('id', '=', v.sessionId).execute();
  // The call comes after the visit (its number is leased from then on), however long the visit took;
  // the test's clock is moved past its end.
  const start = Date.now();
  clock.t = Math.max(clock.t, start + (o.talk + 4) * 1000);
  for (const ev of callEvents({ callId: o.callId, from: o.from, to: v.number, talk: o.talk, start })) {
    const r = await postEvent(server, ev);
    if (r.statusCode !== 200) throw new Error(r.body);
  }
  const c = await server.store.db.selectFrom('calls').select('id').where('platform_call_id', '=', o.callId).executeTakeFirstOrThrow();
  return Number(c.id);
}
