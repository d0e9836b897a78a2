import type { Migration } from 'kysely';
import type { Dialect, Step } from './columns.js';
import * as core from './001_core.js';
import * as visitorData from './002_visitor_data.js';
import * as callbacks from './003_callbacks.js';
import * as consultant from './004_consultant.js';
import * as phones from './005_phones.js';
import * as clientWriteOwner from './006_client_write_owner.js';
import * as pageViewIndexes from './007_page_view_indexes.js';
import * as configImports from './008_config_imports.js';
import * as hitsByVisitor from './009_hits_by_visitor.js';
import * as sharedLiveState from './010_shared_live_state.js';
import * as publicIdSequences from './011_public_id_sequences.js';
import * as restApi from './020_rest_api.js';
import * as clientWritesByAge from './030_client_writes_by_age.js';
import * as leasePolicy from './040_lease_policy.js';
import * as personsTagsSales from './050_persons_tags_sales.js';
import * as windowCounters from './060_window_counters.js';
import * as callLegs from './070_call_legs.js';
import * as callEvents from './071_call_events.js';
import * as numbersAndCharges from './075_numbers_and_charges.js';
import * as reportIndexes from './085_report_indexes.js';
import * as dropRateCounters from './090_drop_rate_counters.js';
import * as webhooks from './095_webhooks.js';
import * as webhookBacklog from './096_webhook_backlog.js';
import * as carriers from './100_carriers.js';
import * as siteOrigins from './110_site_origins.js';
import * as numberReasons from './120_number_reasons.js';
import * as qualification from './130_qualification.js';
import * as analyticsClientIds from './135_analytics_client_ids.js';
import * as conversionDestinations from './140_conversion_destinations.js';
import * as adCosts from './150_ad_costs.js';
import * as mail from './160_mail.js';
import * as apiKeys from './170_api_keys.js';

/**
 * The schema's history, in order. A step's name is its number and what it does; Kysely's migrator
 * records the names it has run (table `kysely_migration`) and runs the rest, in one transaction
 * each, under its lock. Never edit a step that has shipped: add one.
 */
export const STEPS: readonly [string, Step][] = [
  ['001_core', core],
  ['002_visitor_data', visitorData],
  ['003_callbacks', callbacks],
  ['004_consultant', consultant],
  ['005_phones', phones],
  ['006_client_write_owner', clientWriteOwner],
  ['007_page_view_indexes', pageViewIndexes],
  ['008_config_imports', configImports],
  ['009_hits_by_visitor', hitsByVisitor],
  ['010_shared_live_state', sharedLiveState],
  ['011_public_id_sequences', publicIdSequences],
  ['020_rest_api', restApi],
  ['030_client_writes_by_age', clientWritesByAge],
  ['040_lease_policy', leasePolicy],
  ['050_persons_tags_sales', personsTagsSales],
  ['060_window_counters', windowCounters],
  ['070_call_legs', callLegs],
  ['071_call_events', callEvents],
  ['075_numbers_and_charges', numbersAndCharges],
  ['085_report_indexes', reportIndexes],
  ['090_drop_rate_counters', dropRateCounters],
  ['095_webhooks', webhooks],
  ['096_webhook_backlog', webhookBacklog],
  ['100_carriers', carriers],
  ['110_site_origins', siteOrigins],
  ['120_number_reasons', numberReasons],
  ['130_qualification', qualification],
  ['135_analytics_client_ids', analyticsClientIds],
  ['140_conversion_destinations', conversionDestinations],
  ['150_ad_costs', adCosts],
  ['160_mail', mail],
  ['170_api_keys', apiKeys],
];

/**
 * Databases made before the migrator counted their steps in SQLite's `PRAGMA user_version`: the
 * first seven steps here are those seven, so such a database starts with them recorded as run.
 */
export const LEGACY_STEPS = 7;

/** The steps as Kysely migrations for one dialect. */
export function migrations(dialect: Dialect): Record<string, Migration> {
  return Object.fromEntries(STEPS.map(([name, step]) => [name, { up: (db) => step.up(db, dialect) }]));
}
