import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerApiReference } from '../../../../src/server/api/openapi.js';
import type { ConsultantServer } from '../../../../src/server/app.js';
import { API_FUNCTIONS } from '../../../../src/server/rest-functions.js';
import { testServer } from '../helpers.js';

// The API reference is built once per list of functions and process, and served by every server
// of the process: what one serves must be what a server built alone would, and no server's
// requests may change it for another.

const closing: Array<{ close(): Promise<unknown> }> = [];
afterEach(async () => {
  for (const c of closing.splice(0)) await c.close();
});

const documentOf = async (app: ReturnType<typeof Fastify> | ConsultantServer['app']) => {
  const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  return res.body;
};

describe('the API reference shared by the servers of a process', () => {
  it('two servers answer the same document, again after each was asked', async () => {
    const a = await testServer();
    closing.push(a);
    const first = await documentOf(a.app);
    const b = await testServer();
    closing.push(b);
    expect(await documentOf(b.app)).toBe(first);
    expect(await documentOf(a.app)).toBe(first);
    expect(JSON.parse(first).paths['/api/v1/site/']).toBeDefined();
  });

  it('is read only: a server cannot change the document the others serve', async () => {
    const app = Fastify();
    closing.push(app);
    await registerApiReference(app, API_FUNCTIONS);
    await app.ready();
    await documentOf(app);
    const served = app.swagger() as { info: { title: string }; paths: Record<string, unknown> };
    expect(served.paths['/api/login/']).toBeDefined();
    expect(() => (served.info.title = 'changed')).toThrow(TypeError);
    expect(() => delete served.paths['/api/login/']).toThrow(TypeError);
    expect(() => ((served as Record<string, unknown>).paths = {})).toThrow(TypeError);
    expect(JSON.parse(await documentOf(app)).info.title).toBe('Call-tracking REST API v1');
  });

  it('is built when first asked for, not when a server starts', async () => {
    const app = Fastify();
    closing.push(app);
    // A list of its own: no server of this process has built its document yet.
    await registerApiReference(app, API_FUNCTIONS.slice(1));
    await app.ready();
    expect(app.swagger()).toEqual({});
    const yaml = await app.inject({ method: 'GET', url: '/api/docs/yaml' });
    expect(yaml.statusCode).toBe(200);
    expect(yaml.body).toContain('openapi: 3.0');
    expect(Object.keys((app.swagger() as { paths: object }).paths).length).toBeGreaterThan(10);
  });

  it('another list of functions has a document of its own', async () => {
    const [whole, fewer] = [Fastify(), Fastify()];
    closing.push(whole, fewer);
    await registerApiReference(whole, API_FUNCTIONS);
    await registerApiReference(
      fewer,
      API_FUNCTIONS.filter((f) => f.name !== 'site'),
    );
    const paths = async (app: ReturnType<typeof Fastify>) => Object.keys(JSON.parse(await documentOf(app)).paths);
    expect(await paths(whole)).toContain('/api/v1/site/');
    expect(await paths(fewer)).not.toContain('/api/v1/site/');
    // The whole list's document is not touched by the other's.
    expect(await paths(whole)).toContain('/api/v1/site/');
  });
});
