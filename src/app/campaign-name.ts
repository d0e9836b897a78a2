import { fill, type Texts } from './i18n.js';

/** A campaign's name as the reports show it: a campaign its owner deleted keeps its records and says so. */
export const campaignName = (t: Texts, name: string, removed: boolean): string => (removed ? fill(t.deletedCampaign, { name }) : name);
