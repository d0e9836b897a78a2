import { SITEPHONE_STATUS as S, type SitePhoneResult } from '../../protocol.js';
import { timestamp } from '../store/time.js';
import { visitContext } from '../visitors/visit-context.js';
import { joinByContact } from '../visitors/persons.js';
import type { WriteHandler } from '../writes/context.js';
import type { Pokes } from '../http/live-topics.js';
import type { CallbackDispatcher } from './dispatch.js';
import { checkCaptcha } from './captcha.js';
import { addressGroup } from '../http/address-group.js';
import { limitReached, recordAttempt, siteLimitReached } from './limit.js';
import { siteCallback } from './platform.js';
import { insertCall, markCallFailed } from './queries.js';
import { siteById } from '../sites/sites.js';
import { noEvents, type EventSink } from '../webhooks/events.js';
import { readPhone } from '../api/phone.js';

/**
 * How far the requested call time may lie from the server's clock. The snippet refuses a time in
 * the past by the visitor's clock; a clock a little behind the server's must not fail the request,
 * so up to a day in the past means "as soon as possible". More than 90 days ahead is a mistake.
 */
const PAST_MS = 864e5;
const AHEAD_MS = 90 * 864e5;

/**
 * `sitePhoneCall`: the visitor's and address's limits, captcha, the site's limit, scenario,
 * the platform's declared state, in that order, and the answer as the spec's
 * status code. The write itself succeeds whatever the status (it was judged, and a retry of the
 * same write id gets the same answer); only a malformed request or an unknown page view fails it.
 * A request that passed the limit and the captcha is stored in `calls`, even when no scenario is
 * set or the platform failed, so that no visitor's request is lost.
 */
export const sitephoneHandler =
  (hub: Pokes, dispatcher: Pick<CallbackDispatcher, 'enqueue'>, events: EventSink = noEvents): WriteHandler<'sitephone'> =>
  async (ctx, data, write) => {
    const hit = await ctx.hit(write.hit);
    if (!hit) return { success: false, code: 'unknown_hit' };
    const { db, site, now } = ctx;
    // As the snippet reads them: 0 or '' for the time means none; numbers for text are text.
    const t = data.delayed_call_time ? Math.round(+data.delayed_call_time) || null : null;
    const group = data.group_id == null || data.group_id === '' ? null : String(data.group_id);
    // Digits with the country code (`8 916 …` is `7916…`), as the schema read it by its plan.
    const read = readPhone(String(data.phone));
    const phone = 'digits' in read ? read.digits : String(data.phone).replace(/\D/g, '');
    if (t != null && (t < now - PAST_MS || t > now + AHEAD_MS)) return { success: false, code: 'invalid_time' };

    // Counted per /64 for IPv6: a client holds a whole /64 and can change the low bits at will.
    const ip = addressGroup(ctx.client.ip);
    const answer = async (status: number, code: string) => {
      await recordAttempt(db, site.id, hit.visitor_id, ip, now, status);
      const result: SitePhoneResult = { status, code };
      return { success: true as const, result };
    };
    if (await limitReached(db, site.id, hit.visitor_id, ip, now)) return answer(S.limit, 'limit');

    if (site.settings.captcha) {
      if (!data.captcha_key || data.captcha_value == null || data.captcha_value === '') return answer(S.captcha, 'captcha_required');
      const check = await checkCaptcha(db, site.id, hit.visitor_id, data.captcha_key, String(data.captcha_value), now);
      if (check !== 'ok') return answer(S.captcha, check);
    }
    // The site's limit comes after the captcha: refusals before it do not use the site's minute up.
    if (await siteLimitReached(db, site.id, now)) return answer(S.limit, 'limit');

    const settings = await siteCallback(db, site.id);
    // The visitor context as it is now, copied so the call report needs no join (a hit's session
    // always exists: hits.session_id references it).
    const context = await visitContext(db, hit.session_id);
    if (!context) throw new Error(`session ${hit.session_id} of hit ${hit.id} not found`);
    // The service's number of a call-back is the site's phone, the number the call shows the visitor
    // (callback/dispatch.ts hands the platform the same).
    const shown = (await siteById(db, site.id))?.user_phone?.replace(/\D/g, '') || null;
    const id = await insertCall(db, {
      ...context,
      site_id: site.id,
      communication_type: 'sitephone',
      call_date: timestamp(now),
      numa: phone,
      numb: shown,
      scenario_name: settings.scenario,
      direction: 'out',
      page_url: hit.url,
      visitor_id: hit.visitor_id,
      session_id: hit.session_id,
      hit_id: hit.id,
      delayed_call_time: t,
      requested_time: t == null ? null : timestamp(t),
      group_id: group,
      request_status: settings.scenario ? S.sent : S.noScenario,
      dispatch_state: settings.scenario ? 'queued' : 'not_sent',
      // Without a call-back scenario nobody will dial: the request is a missed call at once.
      ...(settings.scenario ? {} : { status: 'lost' as const, duration: 0 }),
    });
    // The number joins the visitor with the person that left it before (visitors/persons.ts).
    await joinByContact(db, site.id, hit.visitor_id, 'phone', phone);
    const announce = (type: 'callback.requested' | 'callback.finished') => events.emit(db, { type, siteId: site.id, kind: 'call', id });
    await announce('callback.requested');
    // Nobody will dial a request without a scenario, nor one the platform is declared down for: its outcome is known now.
    if (!settings.scenario || settings.platform === 'down') await announce('callback.finished');
    // The console lists call-back requests: it re-reads once the batch has committed.
    hub.poke(`site:${site.id}`);
    if (!settings.scenario) return answer(S.noScenario, 'no_scenario');

    // A site whose platform is declared down is refused at once; any other request goes to the
    // platform once this batch has committed (callback/dispatch.ts), which marks it failed
    // if the platform refuses it.
    if (settings.platform === 'down') {
      await markCallFailed(db, id, S.platform, 'platform_down');
      return answer(S.platform, 'platform_error');
    }
    dispatcher.enqueue(id);
    return answer(S.sent, 'sent');
  };
