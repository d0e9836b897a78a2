import { describe, expect, it } from 'vitest';
import { AGENT_FUNCTIONS } from '../../../../src/app/agent-functions.js';
import type { ApiFunction } from '../../../../src/server/api/function.js';
import { apiDocument, operationWords } from '../../../../src/server/api/openapi.js';
import { API_TAGS } from '../../../../src/server/api/openapi-operations.js';
import { API_FUNCTIONS } from '../../../../src/server/rest-functions.js';

/**
 * A REST function is declared once, in its feature's file: its words for the reference and its
 * access rules with it. These hold every declaration to them, so a function cannot be added
 * without its words or without saying which of its arguments name a customer's objects (from which
 * api-access.test.ts tries another customer's).
 */

/** Arguments that name no customer's object: the tariff plans are every agent's catalogue. */
const NOT_OWNED = new Set(['create_agent_customer tp_id']);

const label = (fn: ApiFunction) => `${fn.verb} ${fn.name}`;

describe('the declaration of every REST function', () => {
  for (const fn of API_FUNCTIONS) {
    it(`${label(fn)}: its words and access rules`, () => {
      expect(
        API_TAGS.map((t) => t.name),
        'tag',
      ).toContain(fn.tag);
      expect(fn.summary, 'summary').toMatch(/^[A-Z]\S*( \S+)*$/);
      if (fn.extension) expect(fn.summary).toMatch(/\(extension\)$/);
      expect(fn.description.length, 'description').toBeGreaterThan(20);
      const names = { ...fn.names, ...fn.filters } as Record<string, unknown>;
      const args = Object.keys(fn.args.shape);
      expect(
        Object.keys(names).filter((a) => !args.includes(a)),
        'names or filters of no argument',
      ).toEqual([]);
      const ids = args.filter((a) => /(^|_)id$/.test(a) && !NOT_OWNED.has(`${fn.name} ${a}`));
      expect(
        ids.filter((a) => !(a in names)),
        'id arguments neither in names nor in filters',
      ).toEqual([]);
      if (fn.scope === 'customer' && fn.employee) {
        const { site, siteOfRow } = fn.employee;
        if (site === 'named') expect(fn.args.shape.site_id?.isOptional(), 'a named site is required').toBe(false);
        if (site === 'optional') expect(fn.args.shape.site_id?.isOptional(), 'an optional site').toBe(true);
        if (site === 'communication') expect(args).toEqual(expect.arrayContaining(['object_type', 'object_id']));
        if (siteOfRow !== undefined) expect(fn.response.def.type, 'siteOfRow filters a list').toBe('array');
      }
    });
  }

  it('a function without its words is refused as the reference is built', () => {
    const site = API_FUNCTIONS.find((f) => f.name === 'site')!;
    for (const field of ['tag', 'summary', 'description'] as const) {
      const bare = { ...site, [field]: field === 'tag' ? 'nowhere' : '' } as ApiFunction;
      expect(() => operationWords(bare)).toThrow(/lacks its tag, summary or description/);
      expect(() => apiDocument([bare])).toThrow(/lacks its tag, summary or description/);
    }
  });

  it('the app sends no customer_id to the agents’ functions (src/app/agent-functions.ts)', () => {
    expect([...AGENT_FUNCTIONS].sort()).toEqual(
      API_FUNCTIONS.filter((f) => f.scope === 'agent')
        .map((f) => f.name)
        .sort(),
    );
  });
});
