import type { ArgsOf } from './api.js';

/**
 * The campaign conditions the REST document lists ("Ad-campaign condition parameters"): 18
 * parameters in 5 groups and 3 operators. The form checks what the API checks (a value of 1 to
 * 1000 characters; a `~` value a regular expression); the server has the last word (RE2).
 */
/** A condition's parameter, as `create_ac_condition` takes it. */
export type Parameter = ArgsOf<'create_ac_condition', 'POST'>['ac_parameter'];

export const PARAMETERS: ReadonlyArray<[group: string, label: string, parameter: Parameter]> = [
  ['OpenStat', 'ad-id', 'os_ad_id'],
  ['OpenStat', 'campaign-id', 'os_campaign_id'],
  ['OpenStat', 'service-name', 'os_service_name'],
  ['OpenStat', 'source-id', 'os_source_id'],
  ['UTM', 'Campaign', 'utm_campaign'],
  ['UTM', 'Content', 'utm_content'],
  ['UTM', 'Medium', 'utm_medium'],
  ['UTM', 'Source', 'utm_source'],
  ['UTM', 'Term', 'utm_term'],
  ['Other', 'Adobe AdLens click id', 'ef_id'],
  ['Other', 'AdWords click id', 'gclid'],
  ['Other', 'Yandex.Direct click id', 'yclid'],
  ['Geography', 'city', 'town'],
  ['Geography', 'country', 'country'],
  ['Other', 'search engine', 'search_engine'],
  ['Other', 'search query', 'search_query'],
  ['Other', 'referring site', 'referrer'],
  ['Other', 'entry page', 'url'],
];

export const OPERATORS = ['=', '~', 'sub'] as const;
export type Operator = (typeof OPERATORS)[number];

/** Why the value cannot be sent, or null. */
export function conditionValueError(operator: Operator, value: string): 'required' | 'tooLong' | 'invalidRegex' | null {
  if (!value) return 'required';
  if (value.length > 1000) return 'tooLong';
  if (operator === '~') {
    try {
      new RegExp(value);
    } catch {
      return 'invalidRegex';
    }
  }
  return null;
}

/** A block's selector from what the form names: a number, `#id`, `.class` or `[name=x]`. */
export type TargetKind = 'number' | 'id' | 'class' | 'name';
export function selectorOf(kind: TargetKind, value: string): string {
  const v = value.trim();
  if (kind === 'number') return 'number=' + v.replace(/\D/g, '');
  if (kind === 'id') return '#' + v.replace(/^#/, '');
  if (kind === 'class') return '.' + v.replace(/^\./, '');
  return `[name=${v.replace(/^\[name=|\]$/g, '')}]`;
}
