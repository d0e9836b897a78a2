import type { Defaulted, Flag, Id } from './column-types.js';
import type { VisitContextColumns } from './traffic.js';

/** Call-back requests, their captchas and attempts, and the call records. */

export interface CaptchasTable {
  key: string;
  site_id: number;
  visitor_id: number;
  answer: string;
  expires_ms: number;
}

export interface CallsTable extends VisitContextColumns {
  id: Id;
  site_id: number;
  communication_type: 'call' | 'sitephone';
  call_date: string;
  session_start: string | null;
  status: 'normal' | 'lost' | null;
  numa: string;
  numb: string | null;
  wait_time: number | null;
  duration: number | null;
  operator_name: string | null;
  scenario_name: string | null;
  direction: Defaulted<'in' | 'out'>;
  page_url: string | null;
  visitor_id: number | null;
  session_id: number | null;
  hit_id: number | null;
  ac_id: Defaulted<number>;
  visitor_first_ac: Defaulted<number>;
  visits_count: number | null;
  visitor_type: 'new' | 'returning' | null;
  delayed_call_time: number | null;
  requested_time: string | null;
  group_id: string | null;
  request_status: number;
  dispatch_state: 'queued' | 'failed' | 'not_sent';
  dispatch_error: string | null;
  /** The telephony platform's id of the call (migration 071); null for a call-back not yet dialled. */
  platform_call_id: string | null;
  /** When the platform said the call rang, was answered, ended (each event is applied once). */
  ringing_time: string | null;
  answered_time: string | null;
  ended_time: string | null;
  /** Epoch ms the call opened, while it is open; null once ended or closed as lost. */
  open_since_ms: number | null;
  /** JSON text: the recording links. */
  file_link: Defaulted<string>;
  /** 1: the visitor was found by the caller's number, not by a number shown to a session. */
  is_visitor_by_numa: Defaulted<Flag>;
}

export interface SitephoneAttemptsTable {
  id: Id;
  site_id: number;
  visitor_id: number;
  ip: string;
  at_ms: number;
  status: number;
}
