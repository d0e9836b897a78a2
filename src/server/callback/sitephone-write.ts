import { SITEPHONE_STATUS as S, type SitePhoneResult } from '../../protocol.js';
import { CAMPAIGN_FIELDS } from '../tracking/campaign.js';
import { checkCaptcha } from './captcha.js';
import { limitReached, recordAttempt } from './limit.js';
import { siteCallback, type DispatchResult } from './platform.js';
import { stmt, timestamp } from '../store/db.js';
import type { WriteHandler } from '../writes/context.js';

/**
 * How far the requested call time may lie from the server's clock. The snippet refuses a time in
 * the past by the visitor's clock; a clock a little behind the server's must not fail the request,
 * so up to a day in the past means "as soon as possible". More than 90 days ahead is a mistake.
 */
const PAST_MS = 864e5;
const AHEAD_MS = 90 * 864e5;

/** Session fields copied onto the call record: the visitor context of the REST call report. */
const CONTEXT = [
  'ac_id',
  'country',
  'region',
  'city',
  'referrer',
  'referrer_domain',
  'search_engine',
  'search_query',
  'ua_client_id',
  ...CAMPAIGN_FIELDS,
] as const;

const INSERT = `INSERT INTO calls (site_id, communication_type, call_date, session_start, numa, scenario_name,
    direction, page_url, visitor_id, session_id, hit_id, visitor_first_ac, visits_count, visitor_type,
    delayed_call_time, requested_time, group_id, request_status, dispatch_state, ${CONTEXT.join(', ')})
  VALUES (@site_id, 'sitephone', @call_date, @session_start, @numa, @scenario_name, 'out', @page_url,
    @visitor_id, @session_id, @hit_id, @visitor_first_ac, @visits_count, @visitor_type, @delayed_call_time,
    @requested_time, @group_id, @request_status, @dispatch_state, ${CONTEXT.map((f) => '@' + f).join(', ')})`;

/**
 * `sitePhoneCall`: limit, captcha, scenario, platform, in that order, and the answer as the spec's
 * status code. The write itself succeeds whatever the status (it was judged, and a retry of the
 * same write id gets the same answer); only a malformed request or an unknown page view fails it.
 * A request that passed the limit and the captcha is stored in `calls`, even when no scenario is
 * set or the platform failed, so that no visitor's request is lost.
 */
export const sitephoneHandler: WriteHandler<'sitephone'> = async (ctx, data, write) => {
  const hit = await ctx.hit(write.hit);
  if (!hit) return { success: false, code: 'unknown_hit' };
  const { raw: db, site, now } = ctx;
  // As the snippet reads them: 0 or '' for the time means none; numbers for text are text.
  const t = data.delayed_call_time ? Math.round(+data.delayed_call_time) || null : null;
  const group = data.group_id == null || data.group_id === '' ? null : String(data.group_id);
  const phone = String(data.phone).replace(/\D/g, '');
  if (t != null && (t < now - PAST_MS || t > now + AHEAD_MS)) return { success: false, code: 'invalid_time' };

  const answer = (status: number, code: string) => {
    recordAttempt(db, site.id, hit.visitor_id, ctx.client.ip, now, status);
    const result: SitePhoneResult = { status, code };
    return { success: true as const, result };
  };
  const over = limitReached(db, site.id, hit.visitor_id, ctx.client.ip, now);
  if (over) return answer(S.limit, 'limit');

  if (site.settings.captcha) {
    if (!data.captcha_key || data.captcha_value == null || data.captcha_value === '') return answer(S.captcha, 'captcha_required');
    const check = checkCaptcha(db, site.id, hit.visitor_id, data.captcha_key, String(data.captcha_value), now);
    if (check !== 'ok') return answer(S.captcha, check);
  }

  const settings = siteCallback(db, site.id);
  const session = stmt<Record<string, unknown>>(db, `SELECT * FROM sessions WHERE id = ?`).get(hit.session_id)!;
  const visitor = stmt<{ visits_count: number; first_ac_id: number }>(
    db,
    `SELECT visits_count, first_ac_id FROM visitors WHERE id = ?`,
  ).get(hit.visitor_id)!;
  const id = Number(
    stmt(db, INSERT).run({
      site_id: site.id,
      call_date: timestamp(now),
      session_start: session.start_time,
      numa: phone,
      scenario_name: settings.scenario,
      page_url: hit.url,
      visitor_id: hit.visitor_id,
      session_id: hit.session_id,
      hit_id: hit.id,
      visitor_first_ac: visitor.first_ac_id,
      visits_count: visitor.visits_count,
      visitor_type: visitor.visits_count > 1 ? 'returning' : 'new',
      delayed_call_time: t,
      requested_time: t == null ? null : timestamp(t),
      group_id: group,
      request_status: settings.scenario ? S.sent : S.noScenario,
      dispatch_state: settings.scenario ? 'queued' : 'not_sent',
      ...Object.fromEntries(CONTEXT.map((f) => [f, session[f] ?? null])),
    }).lastInsertRowid,
  );
  if (!settings.scenario) return answer(S.noScenario, 'no_scenario');

  let sent: DispatchResult;
  try {
    sent = ctx.deps.callbackPlatform.dispatch(
      { id, siteId: site.id, phone, delayedCallTime: t, groupId: group, scenario: settings.scenario },
      settings,
    );
  } catch (e) {
    sent = { ok: false, error: String((e as Error)?.message ?? e).slice(0, 200) };
  }
  if (!sent.ok) {
    stmt(db, `UPDATE calls SET request_status = ?, dispatch_state = 'failed', dispatch_error = ? WHERE id = ?`).run(
      S.platform,
      sent.error,
      id,
    );
    return answer(S.platform, 'platform_error');
  }
  return answer(S.sent, 'sent');
};
