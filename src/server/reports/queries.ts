/**
 * The reports' reads (rest-api.md, "Reports"), one file per subject: the filter, communications
 * as one list, persons, the records of each kind, tags and sales, site statistics, visitors and
 * sessions. The tables are written by their owners (tracking/, consultant/chat/, visitors/,
 * callback/); tags, the tags set on communications and sales are this feature's own. Import from
 * the file that answers.
 */
export * from './report-filter.js';
export * from './communications.js';
export * from './person-communications.js';
export * from './goal-records.js';
export * from './chat-records.js';
export * from './offline-records.js';
export * from './call-records.js';
export * from './tag-links.js';
export * from './sales.js';
export * from './tags.js';
export * from './site-stats.js';
export * from './visitor-records.js';
export { campaignsOfSite } from '../sites/campaigns.js';
