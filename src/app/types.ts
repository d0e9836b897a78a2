/** What the REST functions and the app's reads answer, as far as the app reads them (rest-api.md). */

export interface Me {
  /** An employee sees the journal and report of the sites they serve only. */
  role: 'agent' | 'customer' | 'employee';
  customer: Customer | null;
  customers: Array<{ id: number; name: string; state: string }>;
}
export interface Customer {
  id: number;
  name: string;
  state: string;
  time_zone: string;
}
export interface Site {
  id: number;
  domain: string;
  site_key: string;
  widget_key: string;
}
export interface Campaign {
  id: number;
  name: string;
}
export interface Condition {
  ac_condition_group_id: number;
  ac_condition_group_name: string;
  id: number | null;
  ac_parameter: string | null;
  ac_operator: string | null;
  value: string | null;
  is_negative: boolean | null;
}
export interface CampaignSettings {
  ac_id: number;
  is_dt_enabled: boolean;
  ac_conditions: string;
  site_blocks: string;
}
export interface NumberBlock {
  id: number;
  name: string;
  numb: string | null;
  is_dt_enabled: boolean;
  dt_number_pool_numbers: Array<string | null>;
  selector: string;
}
export interface VirtualNumber {
  phone_number: string;
  activation_date: string;
  category: string;
  type: string;
  monthly_charge: number;
  status: string;
  site: { site_id: number; site_domain_name: string } | null;
  campaign: { campaign_id: number; campaign_name: string } | null;
}
export interface Region {
  region: string;
  category: string;
  free: number;
}
export interface Stat {
  visits_count: number;
  calls_count: number;
  sitephone_calls_count: number;
  good_chats_count: number;
  offline_messages_count: number;
  goals_count: number;
}
export interface Sales {
  ac_id: number;
  name: string;
  sales_count: number;
  revenue: number;
}
export interface Tag {
  id: number;
  name: string;
}
export interface NumaList {
  id: number;
  name: string;
  numbers: string[];
}
export interface Scenario {
  id: number;
  name: string;
  forward_to: string | null;
  numbers: string[];
  routes: Array<{ id: number; numa_list_id: number; list_name: string; forward_to: string }>;
}
