import { afterEach, beforeEach, expect, it } from 'vitest';
import type { SiteConfig } from '../../../../src/server/site-import/site-config.js';
import { startSmtpStandin, type SmtpStandin } from '../../../support/smtp-standin.js';
import { apiConfig, apiWorld, type ApiWorld } from '../api-helpers.js';

/**
 * An employee chooses mail alerts in the app for the sites they serve only (docs/notifications.md,
 * "Alerts"): site 0 means each of their sites, another site is refused, and the customer's own
 * kinds (an endpoint, a carrier) are not theirs. Customer A has sites 1 and 4; Olga serves site 1.
 */

let w: ApiWorld;
let smtp: SmtpStandin;
let key: string;
beforeEach(async () => {
  smtp = await startSmtpStandin();
  const a = apiConfig.customers[0]!;
  const second = { ...a.sites[0]!, id: 4, domain: 'd.test', site_key: 'site-4', widget_key: 'wk-4' };
  const config = { customers: apiConfig.customers.map((c) => (c.id === 1 ? { ...c, sites: [...c.sites, second] } : c)) } as SiteConfig;
  w = await apiWorld(':memory:', undefined, { siteConfig: config, mail: { url: smtp.url }, notifications: { tickMs: 0 } });
  const olga = { first_name: 'Olga', last_name: 'Smirnova', email: 'olga@a.test', password: 'olga-password', sites: [1] };
  expect((await w.post('create_employee', await w.login('a'), olga)).statusCode).toBe(200);
  const res = await w.server.app.inject({
    method: 'POST',
    url: '/app/api/session',
    payload: { login: 'olga@a.test', password: 'olga-password' },
  });
  key = (res.json() as { data: { session_key: string } }).data.session_key;
});
afterEach(async () => {
  await w.server.close();
  await smtp.close();
});

const call = (fn: string, args?: Record<string, unknown>) =>
  w.server.app.inject({
    method: args ? 'POST' : 'GET',
    url: `/app/api/employee/${fn}`,
    headers: { 'x-session-key': key },
    ...(args ? { payload: { args } } : {}),
  });
const choose = (subscriptions: Array<{ site_id: number; kind: string }>) =>
  call('set_alert_settings', { email: 'olga@a.test', lang: 'en', subscriptions });

it('offers an employee the kinds of their sites’ records, and refuses other sites and the customer’s kinds', async () => {
  const got = await call('alert_settings');
  expect(got.statusCode, got.body).toBe(200);
  const kinds = (got.json().data.kinds as Array<{ kind: string }>).map((k) => k.kind);
  expect(kinds).toEqual(['missed_call', 'request', 'chat_unanswered', 'qualified', 'pool_dry']);
  expect((await choose([{ site_id: 4, kind: 'request' }])).statusCode).toBe(404);
  expect((await choose([{ site_id: 1, kind: 'webhook_off' }])).statusCode).toBe(403);
  expect((await choose([{ site_id: 0, kind: 'request' }])).statusCode).toBe(200);
  expect((await call('alert_settings')).json().data).toMatchObject({
    email: 'olga@a.test',
    subscriptions: [{ site_id: 0, kind: 'request' }],
  });
  // The customer's own login keeps its own choices.
  const a = await w.login('a');
  expect((await w.get('alert_settings', { session_key: a })).json().data.subscriptions).toEqual([]);
});

it('mails an employee who chose every site the alerts of their sites only', async () => {
  expect((await choose([{ site_id: 0, kind: 'request' }])).statusCode).toBe(200);
  const ours = await w.visit('site-1', 'http://a.test/');
  await ours.send('offline_request', { message: 'for site one', name: 'Anna' });
  const theirs = await w.visit('site-4', 'http://d.test/');
  await theirs.send('offline_request', { message: 'for site four', name: 'Boris' });
  expect(await w.server.notifications.alerts()).toBe(1);
  const [mail] = await smtp.waitFor(1);
  expect(mail!.to).toEqual(['olga@a.test']);
  expect(mail!.subject).toBe('New request');
  expect(mail!.text).toContain('- Anna: for site one');
  expect(mail!.text).not.toContain('Boris');
  // Its unsubscribe link works for the employee too.
  const link = /Stop alerts of this kind: http:\/\/svc\.test(\S+)/.exec(mail!.text)![1]!;
  const stop = await w.server.app.inject({
    method: 'POST',
    url: link,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });
  expect(stop.statusCode).toBe(200);
  expect((await call('alert_settings')).json().data.subscriptions).toEqual([]);
});
