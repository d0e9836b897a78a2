import { randomBytes } from 'node:crypto';
import type { HitResult } from '../../protocol.js';
import { CAMPAIGN_FIELDS, campaignParams, referrerInfo, type CampaignParams } from './campaign.js';
import { userAgentInfo } from './user-agent.js';
import { matchCampaign } from './campaign-match.js';
import { stmt, timestamp } from '../store/db.js';
import { sessionPhones } from '../phones/session-phones.js';
import type { WriteHandler } from '../writes/context.js';

/** A session ends after 30 minutes without a hit. */
export const SESSION_IDLE_MS = 30 * 60 * 1000;

interface SessionRow extends Record<string, unknown> {
  id: number;
  last_hit_ms: number;
  ac_id: number;
}

const NEW_SESSION = `INSERT INTO sessions (site_id, visitor_id, ac_id, start_time, last_hit_ms, ip, user_agent,
    browser_name, browser_version, os_name, os_version, country, city, referrer, referrer_domain, search_engine,
    search_query, entrance_page, ${CAMPAIGN_FIELDS.join(', ')})
  VALUES (@site_id, @visitor_id, @ac_id, @start_time, @last_hit_ms, @ip, @user_agent, @browser_name,
    @browser_version, @os_name, @os_version, @country, @city, @referrer, @referrer_domain, @search_engine,
    @search_query, @entrance_page, ${CAMPAIGN_FIELDS.map((f) => '@' + f).join(', ')})`;

// Only the columns a page view reads: a session row has some forty.
const LAST_SESSION = `SELECT id, last_hit_ms, ac_id, ${CAMPAIGN_FIELDS.join(', ')} FROM sessions WHERE visitor_id = ? ORDER BY id DESC LIMIT 1`;

/** True when the landing URL names a campaign and it differs from the session's. */
function campaignChanged(session: SessionRow, params: CampaignParams): boolean {
  const given = CAMPAIGN_FIELDS.filter((f) => params[f] != null);
  return given.length > 0 && given.some((f) => session[f] !== params[f]);
}

/**
 * A page view: creates the visitor on a first visit, starts a session after 30 idle minutes or
 * when a landing URL brings another campaign (never for SPA page views), and records the hit. A
 * new session is matched to an ad campaign; every page view answers with the session's numbers.
 */
export const hitHandler: WriteHandler<'hit'> = async (ctx, data, write) => {
  const db = ctx.raw;
  const created = timestamp(ctx.now);
  if (!ctx.visitor) {
    const token = randomBytes(16).toString('hex');
    const id = Number(
      stmt(db, `INSERT INTO visitors (site_id, token, created_at) VALUES (?, ?, ?)`).run(ctx.site.id, token, created).lastInsertRowid,
    );
    ctx.visitor = { id, site_id: ctx.site.id, token, first_ac_id: -1 };
  }
  const visitor = ctx.visitor;
  const params = campaignParams(data.url);
  const session = stmt<SessionRow>(db, LAST_SESSION).get(visitor.id);
  const fresh = !session || ctx.now - session.last_hit_ms > SESSION_IDLE_MS || (!data.spa && campaignChanged(session, params));
  let sessionId: number;
  let acId: number;
  if (fresh) {
    const ua = userAgentInfo(ctx.client.userAgent);
    const ref = referrerInfo(data.referrer);
    acId = matchCampaign(db, ctx.site.id, {
      ...params,
      town: ctx.client.city,
      country: ctx.client.country,
      search_engine: ref.search_engine,
      search_query: ref.search_query,
      referrer: ref.referrer,
      url: data.url,
    });
    sessionId = Number(
      stmt(db, NEW_SESSION).run({
        site_id: ctx.site.id,
        visitor_id: visitor.id,
        ac_id: acId,
        start_time: created,
        last_hit_ms: ctx.now,
        ip: ctx.client.ip,
        user_agent: ctx.client.userAgent.slice(0, 512),
        ...ua,
        country: ctx.client.country,
        city: ctx.client.city,
        ...ref,
        entrance_page: data.url,
        ...params,
      }).lastInsertRowid,
    );
    stmt(
      db,
      `UPDATE visitors SET visits_count = visits_count + 1, first_ac_id = CASE WHEN first_ac_id = -1 THEN ? ELSE first_ac_id END WHERE id = ?`,
    ).run(acId, visitor.id);
  } else {
    sessionId = session!.id;
    acId = session!.ac_id;
    stmt(db, `UPDATE sessions SET last_hit_ms = ? WHERE id = ?`).run(ctx.now, sessionId);
  }
  const hitId = Number(
    stmt(
      db,
      `INSERT INTO hits (site_id, visitor_id, session_id, client_id, hit_time, url, title, referrer, is_spa)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(ctx.site.id, visitor.id, sessionId, write.id, created, data.url, data.title, data.referrer, data.spa ? 1 : 0).lastInsertRowid,
  );
  const { phones, ttl } = sessionPhones(db, ctx.site.id, { id: sessionId, visitor_id: visitor.id, ac_id: acId }, ctx.now, SESSION_IDLE_MS);
  const result: HitResult = {
    visitor_id: visitor.id,
    session_id: sessionId,
    hit_id: hitId,
    key: ctx.site.widget_key,
    uri: new URL(ctx.publicUrl).host,
    consultant_server_url: ctx.publicUrl,
    settings: ctx.site.settings,
    phones,
    phones_ttl: ttl,
  };
  return { success: true, result };
};
