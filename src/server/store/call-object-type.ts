import { sql } from 'kysely';
import type { CommunicationObjectType } from './tables/tagging.js';

/** The object type of a call record: a call-back request is `sitephone`, any other call `cdr_in`. */
export const callType = sql<CommunicationObjectType>`CASE WHEN c.communication_type = 'sitephone' THEN 'sitephone' ELSE 'cdr_in' END`;
