import type { Id } from './column-types.js';

/** Tags, the tags set on communications, and sales. */

export interface TagsTable {
  id: Id;
  customer_id: number;
  name: string;
}

/** The REST document's object types of a communication (tag_communication's `object_type`). */
export type CommunicationObjectType = 'cdr_in' | 'sitephone' | 'offline_message' | 'chat' | 'goal';

/** A tag set on a communication. */
export interface TagLinksTable {
  object_type: CommunicationObjectType;
  object_id: number;
  tag_id: number;
  site_id: number;
  created_at: string;
}

/** The deal of a communication tagged as a sale (tag_communication_sale). */
export interface SalesTable {
  object_type: CommunicationObjectType;
  object_id: number;
  site_id: number;
  /** The deal's date-time, UTC as every stored date-time. */
  sale_date: string;
  cost_kopecks: number;
  created_at: string;
}
