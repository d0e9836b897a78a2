import { afterAll, describe, expect, it } from 'vitest';
import { testPostgresUrl } from '../../../support/test-database.js';
import { apiWorld, expectData, type ApiWorld } from '../api-helpers.js';
import { queryPlan, statementCollector, type Captured } from '../query-plans.js';

// The campaign report's year (`advertising_sales`, `stat` of one campaign, the journal) reads each
// communication table once, and only what it needs of the others: a goal's campaign by its
// session's key, and the sales inside each table's part of the communications' union. Joined
// instead, PostgreSQL hash-joined a year's goals with every session stored, and the sold
// communications' union with the sales after reading the whole union; on the bench's 1M page views
// those two made most of the year's 209 ms (docs/performance.md). The test data is too small for
// the planner to choose that by itself, so the shape is asserted on the plans: a sub-plan per goal
// for the session, the sales below the union's every part.

let w: ApiWorld | undefined;
afterAll(async () => {
  await w?.server.close();
});

/** A plan node of PostgreSQL's `EXPLAIN (FORMAT JSON)`, the fields read here. */
interface PgNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Parent Relationship'?: string;
  Plans?: PgNode[];
}

function postgresPlan(s: Captured): PgNode {
  const db = w!.server.db;
  db.exec('SET enable_seqscan = off');
  try {
    const row = db.prepare('EXPLAIN (FORMAT JSON) ' + s.sql).get(...s.parameters) as Record<string, unknown>;
    return (row['QUERY PLAN'] as Array<{ Plan: PgNode }>)[0]!.Plan;
  } finally {
    db.exec('RESET enable_seqscan');
  }
}

/** Every node of the plan with the nodes above it. */
function nodes(n: PgNode, above: PgNode[] = []): Array<{ node: PgNode; above: PgNode[] }> {
  return [{ node: n, above }, ...(n.Plans ?? []).flatMap((c) => nodes(c, [...above, n]))];
}

const reads = (n: PgNode, table: string) => nodes(n).some((x) => x.node['Relation Name'] === table);

describe("the campaign report's year reads each table part by itself", () => {
  it("reads a goal's campaign by its session's key and the sales inside each part of the union", async () => {
    const statements = statementCollector();
    w = await apiWorld(':memory:', statements.onQuery);
    const a = await w.login('a');
    for (const url of ['http://a.test/?utm_source=mail', 'http://a.test/']) {
      const v = await w.visit('site-1', url);
      await v.send('event', { category: 'c', action: 'goal' });
      await v.send('chat_message', { text: 'hi' });
      await v.send('offline_request', { message: 'm', phone: '+7 916 000-00-01' });
      await v.send('sitephone', { phone: '+7 916 000-00-01' });
    }
    const goal = (w.server.db.prepare('SELECT id FROM goals WHERE site_id = 1').all()[0] as { id: number }).id;
    expectData(await w.post('tag_communication_sale', a, { object_type: 'goal', object_id: goal, cost: 10, date_time: '2026-11-24' }));
    statements.start();

    const range = { site_id: 1, date_from: '2026-01-01', date_till: '2027-01-01' };
    const report = expectData(
      await w.get('advertising_sales', { session_key: a, ...range, only_first: false, only_quality: false, limit: 1000 }),
    ) as Array<{ ac_id: number; communications_count: number; sales_count: number }>;
    expect(report.reduce((n, r) => n + r.communications_count, 0)).toBe(8);
    expect(report.reduce((n, r) => n + r.sales_count, 0)).toBe(1);
    expectData(await w.get('stat', { session_key: a, ...range, ac_id: -1 }));
    expectData(await w.get('journal', { session_key: a, site_id: 1, date_from: range.date_from, date_till: range.date_till }));

    const list = statements.list();
    // The statements that read a range of goals: the union's goal part and the goals' count.
    const goalRanges = list.filter((s) => /from "goals" as "g" .*"g"\."start_time" </.test(s.sql));
    expect(goalRanges.length).toBeGreaterThanOrEqual(3);
    const sold = list.filter((s) => /^select "u"\.\*, "sa"\."sale_date"/.test(s.sql));
    expect(sold.length).toBe(1);

    if (testPostgresUrl) {
      for (const s of goalRanges) {
        // Every read of sessions is a sub-plan of one goal, never a join with the range's goals.
        const sessions = nodes(postgresPlan(s)).filter((x) => x.node['Relation Name'] === 'sessions');
        for (const x of sessions)
          expect(
            [...x.above, x.node].some((n) => n['Parent Relationship'] === 'SubPlan'),
            s.sql,
          ).toBe(true);
      }
      const parts = nodes(postgresPlan(sold[0]!)).find((x) => x.node['Node Type'] === 'Append')!.node.Plans!;
      expect(parts.length).toBe(4);
      for (const part of parts) expect(reads(part, 'sales'), JSON.stringify(part)).toBe(true);
      return;
    }
    const sqlite = w.server.store.sqlite!;
    for (const s of goalRanges) {
      const plan = queryPlan(sqlite, s);
      // The session is searched in a sub-query of each goal, not joined to the goals' range.
      expect(plan, s.sql).not.toMatch(/goals_site_time[^|]*\| SEARCH s /);
      if (/SEARCH s /.test(plan)) expect(plan).toMatch(/CORRELATED SCALAR SUBQUERY \d+ \| SEARCH s USING INTEGER PRIMARY KEY/);
    }
    // The sale is tested inside each part of the union (goals, chats, requests, calls).
    expect(queryPlan(sqlite, sold[0]!).match(/SEARCH sa EXISTS USING/g)?.length).toBe(4);
  });
});
