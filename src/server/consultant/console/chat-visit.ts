import type { ConsoleChatVisit } from '../../../console-protocol.js';
import { campaignsOfSite } from '../../sites/campaigns.js';
import type { Queryable } from '../../store/queryable.js';
import { visitContext } from '../../visitors/visit-context.js';
import type { ChatRow } from '../chat/queries.js';

/**
 * Where a chat's visitor came from, for the console's chat header: the campaign the chat is
 * credited to, named from the site's campaigns as the screen pop names a call's
 * (telephony/screen-pop.ts), and the source of the session the chat was started in, read as every
 * communication copies it (visitors/visit-context.ts). Neither changes during a chat, so a reader
 * (one per console stream) reads each chat's once.
 */
export type ChatVisitReader = (db: Queryable, chats: readonly ChatRow[]) => Promise<(chat: ChatRow) => ConsoleChatVisit>;

const NONE: ConsoleChatVisit = {
  campaign: null,
  utm_source: null,
  utm_medium: null,
  utm_campaign: null,
  search_engine: null,
  search_query: null,
  referrer_domain: null,
};

export function chatVisitReader(): ChatVisitReader {
  const visits = new Map<number, ConsoleChatVisit>();
  return async (db, chats) => {
    const unread = chats.filter((c) => !visits.has(c.id));
    // The campaigns of a site once per read, however many of its chats are new.
    const names = new Map<number, Map<number, string>>();
    for (const siteId of new Set(unread.filter((c) => c.ac_id > 0).map((c) => c.site_id)))
      names.set(siteId, new Map((await campaignsOfSite(db, siteId)).map((a) => [a.id, a.name])));
    for (const c of unread) {
      const v = await visitContext(db, c.session_id);
      visits.set(c.id, {
        campaign: names.get(c.site_id)?.get(c.ac_id) ?? null,
        utm_source: v?.utm_source ?? null,
        utm_medium: v?.utm_medium ?? null,
        utm_campaign: v?.utm_campaign ?? null,
        search_engine: v?.search_engine ?? null,
        search_query: v?.search_query ?? null,
        referrer_domain: v?.referrer_domain ?? null,
      });
    }
    return (chat) => visits.get(chat.id) ?? NONE;
  };
}
