import type { Insertable, Selectable } from 'kysely';
import type {
  CustomersTable,
  AgentsTable,
  TariffPlansTable,
  AgentChargesTable,
  ApiUsersTable,
  ApiSessionsTable,
  ApiKeysTable,
} from './tables/accounts.js';
import type {
  SitesTable,
  AdCampaignsTable,
  AcConditionGroupsTable,
  AcConditionsTable,
  SiteBlocksTable,
  DtPoolNumbersTable,
  SiteRefusedOriginsTable,
} from './tables/site-config.js';
import type { VisitorsTable, SessionsTable, HitsTable, GoalsTable, ClientWritesTable, PreviewKeysTable } from './tables/traffic.js';
import type {
  VisitorPropertiesTable,
  VisitorEmailsTable,
  VisitorPhonesTable,
  OfflineMessagesTable,
  PersonContactsTable,
} from './tables/visitor-data.js';
import type { CaptchasTable, CallsTable, SitephoneAttemptsTable } from './tables/callbacks.js';
import type {
  EmployeesTable,
  EmployeeSitesTable,
  OperatorSessionsTable,
  SipLinesTable,
  SipLineEmployeesTable,
} from './tables/operators.js';
import type { ChatsTable, ChatMessagesTable, OperatorConsolesTable } from './tables/consultant.js';
import type { DtLeasesTable, DtOverflowsTable } from './tables/leases.js';
import type { ConfigImportsTable, WindowCountersTable } from './tables/server-state.js';
import type { TagsTable, TagLinksTable, SalesTable } from './tables/tagging.js';
import type {
  CallLegsTable,
  CallapiRequestsTable,
  NumberTariffsTable,
  NumberCapacityTable,
  CustomerNumbersTable,
  CallTariffsTable,
  CallLegCostsTable,
  ScenariosTable,
  ScenarioNumbersTable,
  ScenarioNumaRoutesTable,
  MediaFilesTable,
  NumaListsTable,
  NumaListNumbersTable,
} from './tables/telephony.js';
import type { WebhookEndpointsTable, WebhookOutboxTable, WebhookAttemptsTable } from './tables/webhooks.js';
import type { CarrierConnectionsTable } from './tables/carriers.js';
import type { AdCostsTable, AdCostMappingsTable, AdCostCurrenciesTable } from './tables/ad-costs.js';
import type { AttributedColumns, CustomTagColumns, QualificationRulesTable, QualifiedColumns } from './tables/qualification.js';
import type { ConversionDestinationsTable, ConversionOutboxTable, ConversionAttemptsTable } from './tables/conversions.js';
import type {
  PasswordResetsTable,
  MailKeysTable,
  AlertSubscriptionsTable,
  AlertQueueTable,
  AlertSendsTable,
  ReportSchedulesTable,
  ReportSendsTable,
} from './tables/mail.js';

/**
 * The database as the query layer sees it: one `Tables` interface for Kysely, naming each table's
 * interface. The tables are typed by subject in `tables/` (one field per column, typed as the
 * driver returns it; conventions in `tables/column-types.ts`), kept in step with `migrations/` by
 * hand: no test compares the two, so a column added to a migration is added there in the same change.
 */

export * from './tables/accounts.js';
export * from './tables/site-config.js';
export * from './tables/traffic.js';
export * from './tables/visitor-data.js';
export * from './tables/callbacks.js';
export * from './tables/operators.js';
export * from './tables/consultant.js';
export * from './tables/leases.js';
export * from './tables/server-state.js';
export * from './tables/tagging.js';
export * from './tables/telephony.js';
export * from './tables/webhooks.js';
export * from './tables/carriers.js';
export * from './tables/qualification.js';
export * from './tables/conversions.js';
export * from './tables/mail.js';
export * from './tables/ad-costs.js';

export interface Tables {
  customers: CustomersTable;
  sites: SitesTable;
  ad_campaigns: AdCampaignsTable;
  ac_condition_groups: AcConditionGroupsTable;
  ac_conditions: AcConditionsTable;
  site_blocks: SiteBlocksTable;
  site_refused_origins: SiteRefusedOriginsTable;
  dt_pool_numbers: DtPoolNumbersTable;
  visitors: VisitorsTable;
  sessions: SessionsTable;
  hits: HitsTable;
  goals: GoalsTable;
  client_writes: ClientWritesTable;
  visitor_properties: VisitorPropertiesTable;
  visitor_emails: VisitorEmailsTable;
  visitor_phones: VisitorPhonesTable;
  offline_messages: OfflineMessagesTable & QualifiedColumns;
  captchas: CaptchasTable;
  calls: CallsTable & QualifiedColumns & AttributedColumns;
  sitephone_attempts: SitephoneAttemptsTable;
  employees: EmployeesTable;
  employee_sites: EmployeeSitesTable;
  operator_sessions: OperatorSessionsTable;
  chats: ChatsTable & QualifiedColumns;
  chat_messages: ChatMessagesTable;
  dt_leases: DtLeasesTable;
  dt_overflows: DtOverflowsTable;
  config_imports: ConfigImportsTable;
  operator_consoles: OperatorConsolesTable;
  window_counters: WindowCountersTable;
  agents: AgentsTable;
  tariff_plans: TariffPlansTable;
  agent_charges: AgentChargesTable;
  api_users: ApiUsersTable;
  api_sessions: ApiSessionsTable;
  tags: TagsTable & CustomTagColumns;
  numa_lists: NumaListsTable;
  numa_list_numbers: NumaListNumbersTable;
  person_contacts: PersonContactsTable;
  tag_links: TagLinksTable;
  sales: SalesTable;
  call_legs: CallLegsTable;
  callapi_requests: CallapiRequestsTable;
  number_tariffs: NumberTariffsTable;
  number_capacity: NumberCapacityTable;
  customer_numbers: CustomerNumbersTable;
  call_tariffs: CallTariffsTable;
  call_leg_costs: CallLegCostsTable;
  scenarios: ScenariosTable;
  scenario_numbers: ScenarioNumbersTable;
  scenario_numa_routes: ScenarioNumaRoutesTable;
  media_files: MediaFilesTable;
  sip_lines: SipLinesTable;
  sip_line_employees: SipLineEmployeesTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_outbox: WebhookOutboxTable;
  webhook_attempts: WebhookAttemptsTable;
  carrier_connections: CarrierConnectionsTable;
  preview_keys: PreviewKeysTable;
  qualification_rules: QualificationRulesTable;
  api_keys: ApiKeysTable;
  conversion_destinations: ConversionDestinationsTable;
  conversion_outbox: ConversionOutboxTable;
  conversion_attempts: ConversionAttemptsTable;
  password_resets: PasswordResetsTable;
  mail_keys: MailKeysTable;
  alert_subscriptions: AlertSubscriptionsTable;
  alert_queue: AlertQueueTable;
  alert_sends: AlertSendsTable;
  report_schedules: ReportSchedulesTable;
  report_sends: ReportSendsTable;
  ad_costs: AdCostsTable;
  ad_cost_mappings: AdCostMappingsTable;
  ad_cost_currencies: AdCostCurrenciesTable;
}

export type Row<T extends keyof Tables> = Selectable<Tables[T]>;

export type NewRow<T extends keyof Tables> = Insertable<Tables[T]>;

/** A visitor as the write handlers see it: the batch's visitor (writes/context.ts). */
export type VisitorRow = Pick<Row<'visitors'>, 'id' | 'site_id' | 'token' | 'first_ac_id'>;

/** A page view as the writes made on it see it: their context (writes/context.ts). */
export type HitRow = Pick<Row<'hits'>, 'id' | 'session_id' | 'visitor_id' | 'url'>;
