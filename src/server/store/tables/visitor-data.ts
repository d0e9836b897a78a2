import type { Defaulted, Flag, Id } from './column-types.js';
import type { VisitContextColumns } from './traffic.js';

/** What is known of a visitor or person: properties, e-mails, phones, contacts, and offline requests. */

export interface VisitorPropertiesTable {
  visitor_id: number;
  name: string;
  value: string | null;
  updated_at: string;
}

export interface VisitorEmailsTable {
  visitor_id: number;
  email: string;
  created_at: string;
}

export interface VisitorPhonesTable {
  visitor_id: number;
  digits: string;
  phone: string;
  created_at: string;
}

export interface OfflineMessagesTable extends VisitContextColumns {
  id: Id;
  site_id: number;
  visitor_id: number;
  session_id: number;
  hit_id: number | null;
  date_time: string;
  source: 'page' | 'server';
  status: Defaulted<string>;
  name: string | null;
  email: string | null;
  phone: string | null;
  message: string | null;
  form_name: string | null;
  group_id: number | null;
  is_sale: Defaulted<Flag>;
  sale_cost: number | null;
  sale_date: string | null;
  operator_name: string | null;
  operator_comment: string | null;
  page_url: string | null;
  ac_id: Defaulted<number>;
  visitor_first_ac: Defaulted<number>;
  visitor_type: string;
  visits_count: number;
}

/** What joins visitors into one person: a phone's digits or a lower-case e-mail, per site. */
export interface PersonContactsTable {
  site_id: number;
  kind: 'phone' | 'email';
  value: string;
  person_id: number;
}
