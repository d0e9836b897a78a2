import { z } from 'zod';
import { communicationsOfSession, hitsOfSession, sessionOfCustomer, sessionsOfVisitor } from './visitor-records.js';
import { visitorContacts, visitorOfCustomer } from '../visitors/visitor-record.js';
import { visitorsOfPerson } from '../visitors/person-queries.js';
import { id } from '../api/args.js';
import { apiErrors } from '../api/errors.js';
import { apiFunction } from '../api/function.js';
import { jsonText } from '../api/responses.js';
import { answerDate, storedMs } from './report-common.js';

/**
 * Visitors, sessions and persons (rest-api.md, "Reports"): `visitor/<visitor_id>`, `session_info`,
 * `person_by_visitor`, `visitors_by_person`. A person's id is the id of one of its visitors
 * (visitors/persons.ts), so the id of a person merged into another still answers.
 */

const dateTime = z.string().describe("YYYY-MM-DD HH:MM:SS in the customer's time zone");

export const visitor = apiFunction({
  name: 'visitor',
  verb: 'GET',
  scope: 'customer',
  pathParam: 'visitor_id',
  tag: 'visitors',
  summary: 'Read a visitor',
  description: 'A visitor: contacts, properties, campaigns and sessions, as an array of one record.',
  names: { visitor_id: 'visitor' },
  args: z.object({ visitor_id: id().describe('in the path') }),
  response: z.array(
    z.strictObject({
      id: z.number().int(),
      name: z.string().nullable(),
      phone: z.array(z.string()),
      email: z.array(z.string()),
      company: z.string().nullable(),
      commentary: z.string().nullable(),
      custom_fields: jsonText('an object of property name to value (setProperty)'),
      site_id: z.number().int(),
      acs: jsonText('an array of {id, name, is_removed}: the campaigns the visitor came through'),
      visits_count: z.number().int(),
      visitor_first_ac: z.number().int().describe('-1: none'),
      session_ids: z.array(z.number().int()),
    }),
  ),
  async run(ctx, a) {
    const { db } = ctx.store;
    const v = await visitorOfCustomer(db, a.visitor_id, ctx.customer.id);
    if (!v) throw apiErrors.notFound('visitor', a.visitor_id);
    const contacts = await visitorContacts(db, v.id);
    const sessions = await sessionsOfVisitor(db, v.id);
    const acs = new Map<number, { id: number; name: string; is_removed: boolean }>();
    for (const s of sessions) {
      if (s.ac_id !== -1 && s.name != null && !acs.has(s.ac_id))
        acs.set(s.ac_id, { id: s.ac_id, name: s.name, is_removed: s.removed_at != null });
    }
    return [
      {
        id: v.id,
        name: v.name,
        phone: contacts.phones,
        email: contacts.emails,
        company: v.company,
        commentary: v.commentary,
        custom_fields: JSON.stringify(Object.fromEntries(contacts.properties.map((p) => [p.name, p.value]))),
        site_id: v.site_id,
        acs: JSON.stringify([...acs.values()]),
        visits_count: v.visits_count,
        visitor_first_ac: v.first_ac_id,
        session_ids: sessions.map((s) => s.id),
      },
    ];
  },
});

const text = z.string().nullable();

export const sessionInfo = apiFunction({
  name: 'session_info',
  verb: 'GET',
  scope: 'customer',
  tag: 'visitors',
  summary: 'Read a session',
  description: 'A session: where it came from, its page views and its communications.',
  names: { session_id: 'session' },
  args: z.object({ session_id: id() }),
  response: z.array(
    z.strictObject({
      start_time: dateTime,
      browser_name: text,
      browser_version: text,
      country: text,
      region: text,
      city: text,
      ip: text,
      referrer: text,
      search_engine: text,
      search_query: text,
      entrance_page: text,
      hits: jsonText('an array of {hit_time, duration, url}; duration: seconds to the next page view, null for the last'),
      ua_client_id: text,
      utm_source: text,
      utm_medium: text,
      utm_campaign: text,
      utm_content: text,
      utm_term: text,
      os_ad_id: text,
      os_campaign_id: text,
      os_service_name: text,
      os_source_id: text,
      os_name: text,
      os_version: text,
      yclid: text,
      gclid: text,
      ef_id: text,
      communications: jsonText('an array of {id, communication_type, start_time}'),
    }),
  ),
  async run(ctx, a) {
    const { db } = ctx.store;
    const s = await sessionOfCustomer(db, a.session_id, ctx.customer.id);
    if (!s) throw apiErrors.notFound('session', a.session_id);
    const hits = await hitsOfSession(db, s.id);
    const comms = await communicationsOfSession(db, s);
    return [
      {
        start_time: answerDate(ctx, s.start_time),
        browser_name: s.browser_name,
        browser_version: s.browser_version,
        country: s.country,
        region: s.region,
        city: s.city,
        ip: s.ip,
        referrer: s.referrer,
        search_engine: s.search_engine,
        search_query: s.search_query,
        entrance_page: s.entrance_page,
        hits: JSON.stringify(
          hits.map((h, i) => ({
            hit_time: answerDate(ctx, h.hit_time),
            duration: i + 1 < hits.length ? Math.round((storedMs(hits[i + 1]!.hit_time) - storedMs(h.hit_time)) / 1000) : null,
            url: h.url,
          })),
        ),
        ua_client_id: s.ua_client_id,
        utm_source: s.utm_source,
        utm_medium: s.utm_medium,
        utm_campaign: s.utm_campaign,
        utm_content: s.utm_content,
        utm_term: s.utm_term,
        os_ad_id: s.os_ad_id,
        os_campaign_id: s.os_campaign_id,
        os_service_name: s.os_service_name,
        os_source_id: s.os_source_id,
        os_name: s.os_name,
        os_version: s.os_version,
        yclid: s.yclid,
        gclid: s.gclid,
        ef_id: s.ef_id,
        communications: JSON.stringify(
          comms.map((c) => ({ id: c.id, communication_type: c.communication_type, start_time: answerDate(ctx, c.start_time) })),
        ),
      },
    ];
  },
});

export const personByVisitor = apiFunction({
  name: 'person_by_visitor',
  verb: 'GET',
  scope: 'customer',
  tag: 'visitors',
  summary: 'Find a visitor’s person',
  description: 'The person of visitor `id`: visitors who called from one number or left one login are one person.',
  names: { id: 'visitor' },
  args: z.object({ id: id().describe('a visitor id') }),
  response: z.array(z.strictObject({ result: z.number().int() })),
  async run(ctx, a) {
    const v = await visitorOfCustomer(ctx.store.db, a.id, ctx.customer.id);
    if (!v) throw apiErrors.notFound('visitor', a.id);
    return [{ result: v.person_id ?? v.id }];
  },
});

export const visitorsByPerson = apiFunction({
  name: 'visitors_by_person',
  verb: 'GET',
  scope: 'customer',
  tag: 'visitors',
  summary: 'List a person’s visitors',
  description: 'The visitors of person `id`, as JSON text of their ids.',
  names: { id: 'visitor' },
  args: z.object({ id: id().describe('a person id') }),
  response: z.array(z.strictObject({ result: jsonText('an array of visitor ids, oldest first') })),
  async run(ctx, a) {
    // A person's id is one of its visitors' ids: that visitor's person is the person now.
    const v = await visitorOfCustomer(ctx.store.db, a.id, ctx.customer.id);
    if (!v) throw apiErrors.notFound('person', a.id);
    return [{ result: JSON.stringify(await visitorsOfPerson(ctx.store.db, v.person_id ?? v.id)) }];
  },
});
