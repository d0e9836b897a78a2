import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_FUNCTIONS } from '../../../../src/server/rest-functions.js';
import { API_EXAMPLES } from '../../../../src/server/api/openapi.js';
import { loginSchema } from '../../../../src/server/api/sessions.js';
import { successEnvelope } from '../../../../src/server/api/responses.js';
import { z } from 'zod';
import { apiWorld, type ApiWorld } from '../api-helpers.js';

/**
 * The examples of the API reference are real answers stored by `node scripts/openapi-examples.mjs`
 * (src/server/api/openapi-examples.json). Each must still be an answer its function can give: a
 * change of an answer's schema that they no longer fit fails here until they are taken again.
 */

type Op = {
  parameters?: Array<{ name: string; example?: unknown }>;
  responses: { 200: { content: { 'application/json': { example?: unknown } } } };
};
let w: ApiWorld;
let paths: Record<string, Record<string, Op>>;
beforeAll(async () => {
  w = await apiWorld();
  paths = (await w.server.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths;
});
afterAll(async () => {
  await w.server.close();
});

const reads = API_FUNCTIONS.filter((fn) => fn.verb === 'GET');

describe('the examples of the API reference', () => {
  // Every read of the REST document has its example; an extension may go without one until the
  // examples are taken again, and none belongs to a function that is gone.
  it('hold an answer of every function of the REST document that reads, and of login, and of no unknown one', () => {
    const known = new Set(['login', ...reads.map((fn) => fn.name)]);
    const required = ['login', ...reads.filter((fn) => !fn.extension).map((fn) => fn.name)];
    expect(required.filter((name) => !(name in API_EXAMPLES))).toEqual([]);
    expect(Object.keys(API_EXAMPLES).filter((name) => !known.has(name))).toEqual([]);
  });

  it('each validates against its function’s answer schema and its parameters against its arguments', () => {
    for (const fn of reads) {
      const example = API_EXAMPLES[fn.name];
      if (!example) continue;
      const answer = successEnvelope(fn).safeParse(example.answer);
      expect(answer.success, `${fn.name}: ${answer.error?.message}`).toBe(true);
      const args = fn.args.partial().safeParse(example.query);
      expect(args.success, `${fn.name} query: ${args.error?.message}`).toBe(true);
    }
    const login = API_EXAMPLES.login!;
    expect(loginSchema.safeParse(login.query).success).toBe(true);
    expect(
      z.strictObject({ success: z.literal(true), data: z.strictObject({ session_key: z.string() }) }).safeParse(login.answer).success,
    ).toBe(true);
  });

  it('are shown in the document: the answer on the GET, the parameters sent as its parameters’ examples', () => {
    const stat = paths['/api/v1/stat/']!.get!;
    expect(stat.responses[200].content['application/json'].example).toEqual(API_EXAMPLES.stat!.answer);
    expect(stat.parameters!.find((p) => p.name === 'site_id')!.example).toBe(API_EXAMPLES.stat!.query.site_id);
    expect(paths['/api/v1/call/']!.get!.responses[200].content['application/json'].example).toEqual(API_EXAMPLES.call!.answer);
    // A record with data, not an empty list: the examples were taken after some traffic.
    expect((API_EXAMPLES.call!.answer as { data: unknown[] }).data.length).toBeGreaterThan(0);
  });

  it('refuses an example that no longer fits its schema', () => {
    const stat = API_FUNCTIONS.find((fn) => fn.name === 'stat')!;
    const broken = structuredClone(API_EXAMPLES.stat!.answer) as { data: Array<Record<string, unknown>> };
    broken.data[0]!.visits_count = 'many';
    expect(successEnvelope(stat).safeParse(broken).success).toBe(false);
  });
});
