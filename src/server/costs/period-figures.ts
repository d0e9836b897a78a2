import type { LeadFact, SessionFacts } from './lead-facts.js';

/**
 * The cost report's figures of one period per group, from its facts. A campaign's cost belongs to
 * the campaign; grouped by source, keyword or landing page it is shared among the campaign's
 * sessions of the period, in proportion to their count (a campaign without sessions then keeps its
 * cost in the group with no value, ""). Calls, qualified leads and revenue count where they came from.
 */

export type GroupBy = 'campaign' | 'source' | 'keyword' | 'landing_page';

export interface Figures {
  cost: number;
  calls: number;
  qualified_leads: number;
  cost_per_call: number | null;
  cost_per_qualified_lead: number | null;
  revenue: number;
  /** (revenue − cost) / cost; null without cost. */
  return_on_spend: number | null;
}

export interface PeriodFacts {
  /** Hundredths per campaign. */
  costs: Map<number, number>;
  leads: LeadFact[];
  sessions: Array<SessionFacts & { ac_id: number; n: number }>;
  /** Each sale: its communication's campaign and session facts, in hundredths. */
  sales: Array<SessionFacts & { ac_id: number; cents: number }>;
}

/** A landing page without its query and fragment: the utm tags of each visit would split one page. */
const page = (url: string | null) => (url == null ? '' : url.replace(/[?#].*$/, ''));

/** The group of a fact. */
export function groupOf(by: GroupBy, f: SessionFacts & { ac_id: number }): string {
  if (by === 'campaign') return String(f.ac_id);
  if (by === 'source') return f.utm_source ?? '';
  if (by === 'keyword') return f.utm_term ?? '';
  return page(f.entrance_page);
}

const round = (x: number, places: number) => Math.round(x * 10 ** places) / 10 ** places;

interface Sums {
  cents: number;
  calls: number;
  qualified: number;
  revenueCents: number;
}

/** Each group's cost, in hundredths (fractions of a hundredth where a cost is shared). */
function groupCosts(by: GroupBy, p: PeriodFacts): Map<string, number> {
  const out = new Map<string, number>();
  const add = (k: string, c: number) => out.set(k, (out.get(k) ?? 0) + c);
  for (const [acId, cents] of p.costs) {
    if (by === 'campaign') {
      add(String(acId), cents);
      continue;
    }
    const own = p.sessions.filter((s) => s.ac_id === acId);
    const total = own.reduce((n, s) => n + s.n, 0);
    if (!total) add('', cents);
    for (const s of own) add(groupOf(by, s), (cents * s.n) / total);
  }
  return out;
}

export function periodSums(by: GroupBy, p: PeriodFacts): Map<string, Sums> {
  const out = new Map<string, Sums>();
  const at = (k: string) => {
    let s = out.get(k);
    if (!s) out.set(k, (s = { cents: 0, calls: 0, qualified: 0, revenueCents: 0 }));
    return s;
  };
  for (const [k, c] of groupCosts(by, p)) at(k).cents += c;
  for (const l of p.leads) {
    const s = at(groupOf(by, l));
    if (l.kind === 'call') s.calls++;
    if (l.qualified) s.qualified++;
  }
  for (const x of p.sales) at(groupOf(by, x)).revenueCents += x.cents;
  return out;
}

export function figures(s: Sums | undefined): Figures {
  const cost = round((s?.cents ?? 0) / 100, 2);
  const revenue = round((s?.revenueCents ?? 0) / 100, 2);
  const calls = s?.calls ?? 0;
  const qualified = s?.qualified ?? 0;
  return {
    cost,
    calls,
    qualified_leads: qualified,
    cost_per_call: calls && cost ? round(cost / calls, 2) : null,
    cost_per_qualified_lead: qualified && cost ? round(cost / qualified, 2) : null,
    revenue,
    return_on_spend: cost ? round((revenue - cost) / cost, 4) : null,
  };
}
