import type { Defaulted, Flag, Id } from './column-types.js';

/** Telephony: call legs and their costs, the platform request log, numbers (capacity, tariffs, the customers'), call tariffs, scenarios, numa lists and media files. */

/** One leg of a call (migration 070): what `get_cdr_in`/`get_cdr_out` list and the charges rate. */
export interface CallLegsTable {
  id: Id;
  call_id: number;
  customer_id: number;
  /** NULL on the leg a call began with; else the id of the leg this one continues. */
  cdr_id: number | null;
  platform_leg_id: string;
  direction: 'in' | 'out';
  numa: string;
  numb: string;
  sip_line: string | null;
  setup_time: string;
  connect_time: string | null;
  end_time: string | null;
  duration: Defaulted<number>;
  total_duration: Defaulted<number>;
  is_lost: Defaulted<number>;
  file_link: string | null;
}

/** A request the service made to the telephony platform (migration 070). */
export interface CallapiRequestsTable {
  id: Id;
  customer_id: number;
  api_user_id: number | null;
  ip: string | null;
  start_time: string;
  method: string;
  numa: string | null;
  numb: string | null;
  numc: string | null;
  call_id: number | null;
  error: string | null;
  /** JSON text. */
  result: Defaulted<string>;
}

/** Rental and connection price of a number by category (migration 075). */
export interface NumberTariffsTable {
  category: string;
  monthly_charge_kopecks: number;
  activation_charge_kopecks: Defaulted<number>;
}

/** The service's numbers per region; customer_id NULL while free (migration 075). */
export interface NumberCapacityTable {
  id: Id;
  region: string;
  phone_number: string;
  category: string;
  customer_id: number | null;
  taken_at: string | null;
}

/** A number a customer holds: bought, or used by its sites' blocks and pools (migration 075). */
export interface CustomerNumbersTable {
  id: Id;
  customer_id: number;
  phone_number: string;
  category: string;
  region: string | null;
  /** `carrier`: bought or imported through a carrier connection (migration 100). */
  source: 'bought' | 'site' | 'carrier';
  status: Defaulted<'active' | 'blocked'>;
  monthly_charge_kopecks: number;
  activation_charge_kopecks: Defaulted<number>;
  activation_date: string;
  forward_to: string | null;
  /** The carrier connection the number is held through, and the carrier's id of it (migration 100). */
  carrier_connection_id: Defaulted<number | null>;
  carrier_number_id: Defaulted<string | null>;
  /** Null: its calls are routed here; else why routing them failed (retried on the connection's next check). */
  carrier_route_error: Defaulted<string | null>;
}

export type PrefixType = 'internal' | 'local' | 'country' | 'international' | 'zone';

/** A per-minute price of call legs (migration 075). */
export interface CallTariffsTable {
  id: Id;
  direction: 'in' | 'out';
  /** NULL: any number category. */
  number_category: string | null;
  /** '' matches every number. */
  prefix: Defaulted<string>;
  prefix_type: PrefixType;
  prefix_type_name: string;
  price_per_minute_kopecks: number;
}

/** A leg's cost as first rated (migration 075). */
export interface CallLegCostsTable {
  leg_id: number;
  customer_id: number;
  direction: 'in' | 'out';
  setup_time: string;
  minutes: number;
  tariff_id: number | null;
  prefix_type: PrefixType;
  prefix_type_name: string;
  cost_kopecks: number;
  virtual_cost_kopecks: Defaulted<number>;
}

export interface ScenariosTable {
  id: Id;
  customer_id: number;
  name: string;
  forward_to: string | null;
}

export interface ScenarioNumbersTable {
  phone_number: string;
  scenario_id: number;
}

/** Callers on a numa list are forwarded to `forward_to` by this scenario (migration 075). */
export interface ScenarioNumaRoutesTable {
  id: Id;
  scenario_id: number;
  numa_list_id: number;
  forward_to: string;
  position: Defaulted<number>;
}

/** A media file: a customer's, or the system's when customer_id is NULL (migration 075). */
export interface MediaFilesTable {
  id: Id;
  customer_id: number | null;
  name: string;
  duration_s: number;
  size: number;
  /** UTC date-time, as every stored date-time. */
  modify_time: string;
  is_normalize: Defaulted<Flag>;
}

export interface NumaListsTable {
  id: Id;
  customer_id: number;
  name: string;
}

export interface NumaListNumbersTable {
  list_id: number;
  number: string;
}
