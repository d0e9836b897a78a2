import type { Defaulted, Flag, Id } from './column-types.js';

/** Employees, their sites, console sessions and SIP lines. */

export interface EmployeesTable {
  id: Id;
  customer_id: number;
  last_name: string;
  first_name: string;
  patronymic: string | null;
  full_name: string;
  email: string;
  password_hash: string;
  extension: string | null;
  /** JSON array of phone numbers. */
  phones: Defaulted<string>;
  is_consultant_operator_active: Defaulted<Flag>;
}

export interface EmployeeSitesTable {
  employee_id: number;
  site_id: number;
}

export interface OperatorSessionsTable {
  token_hash: string;
  employee_id: number;
  created_at: string;
  expires_ms: number;
}

/**
 * A SIP line's values as rest-api.md lists them ("SIP line", "States and transitions"): the
 * types, the function's answer schema and the telephony seed's schema read these one lists. The
 * migration that made the table keeps its own copy, as a shipped step must.
 */
export const SIP_LINE_TYPES = ['Домашний', 'Мобильный', 'Рабочий', 'Факс'] as const;

export const SIP_LOGICAL_STATES = ['Доступен', 'Не беспокоить', 'Не авторизован'] as const;

export const SIP_PHYSICAL_STATES = ['Зарегистрирован', 'Не зарегистрирован', 'Не доступен'] as const;

export const SIP_BILLING_STATES = [
  'waiting',
  'active',
  'manual_lock',
  'limit_lock',
  'debt_lock',
  'archive',
  'freeze',
  'cleaning',
  'prereserved',
  'reserved',
  'free',
] as const;

export type SipBillingState = (typeof SIP_BILLING_STATES)[number];

export interface SipLinesTable {
  id: Id;
  customer_id: number;
  phone: string;
  protocol: Defaulted<string>;
  type: (typeof SIP_LINE_TYPES)[number];
  channels_count: Defaulted<number>;
  logical_state: (typeof SIP_LOGICAL_STATES)[number];
  physical_state: (typeof SIP_PHYSICAL_STATES)[number];
  billing_state: SipBillingState;
  forwarding_timeout: Defaulted<number>;
  additional_calling_number: string | null;
}

export interface SipLineEmployeesTable {
  sip_line_id: number;
  employee_id: number;
}
