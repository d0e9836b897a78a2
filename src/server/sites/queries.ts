/**
 * The site configuration's queries, one file per table: customers (customers/queries.ts), sites,
 * campaigns, conditions, blocks and pool numbers; the import's whole read (site-data.ts) and the
 * owners of a service number (number-owners.ts). Import from the file that answers.
 */
export * from '../customers/queries.js';
export * from './sites.js';
export * from './campaigns.js';
export * from './conditions.js';
export * from './blocks.js';
export * from './pool-numbers.js';
export * from './site-data.js';
export * from './number-owners.js';
