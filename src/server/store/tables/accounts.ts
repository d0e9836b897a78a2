import type { Defaulted, Flag, Id } from './column-types.js';

/** Customers, agents, tariff plans and the REST API's users and sessions. */

export interface CustomersTable {
  id: Id;
  name: string;
  state: Defaulted<string>;
  /** The agent managing this customer (REST agent functions); NULL for a direct customer. */
  agent_id: Defaulted<number | null>;
  tp_id: Defaulted<number | null>;
  email: Defaulted<string | null>;
  /** JSON object: the limits and notification settings of create_agent_customer. */
  limits: Defaulted<string>;
  /** IANA zone the REST API reads and writes this customer's dates in. */
  time_zone: Defaulted<string>;
}

export interface AgentsTable {
  id: Id;
  name: string;
}

export interface TariffPlansTable {
  id: Id;
  name: string;
  daily_fee_kopecks: Defaulted<number>;
}

export interface AgentChargesTable {
  id: Id;
  agent_id: number;
  customer_id: number;
  kind: 'tp';
  tp_id: number | null;
  /** The customer's calendar day charged, YYYY-MM-DD in its time zone. */
  day: string;
  amount_kopecks: number;
  created_at: string;
}

export interface ApiUsersTable {
  id: Id;
  login: string;
  password_hash: string;
  customer_id: number | null;
  agent_id: number | null;
}

export interface ApiSessionsTable {
  key_hash: string;
  user_id: number;
  expires_ms: number;
}

/** A customer's API key (identity/api-keys.ts): only its SHA-256 is kept. */
export interface ApiKeysTable {
  id: Id;
  customer_id: number;
  name: string;
  /** The short public part of the key, shown in lists (`svc_<key_id>_…`). */
  key_id: string;
  key_hash: string;
  read_only: Flag;
  /** JSON array of the site ids the key reaches; null: all of the customer's. */
  site_ids: string | null;
  created_ms: number;
  last_used_ms: number | null;
  revoked_ms: number | null;
}
