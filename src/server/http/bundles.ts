import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { errors } from './errors.js';

/** The built browser files the server hands out, and their content types. */
const FILES: Record<string, string> = {
  'svc.js': 'text/javascript; charset=utf-8',
  'svc.js.map': 'application/json',
  'svc.debug.js': 'text/javascript; charset=utf-8',
  'svc.debug.js.map': 'application/json',
  'svc-widgets.js': 'text/javascript; charset=utf-8',
  'svc-widgets.js.map': 'application/json',
};

/**
 * Serves svc.js and its siblings from `dir`. Each file is kept in memory with an ETag until its
 * modification time changes (a rebuild), so a returning visitor's browser revalidates with a 304.
 */
export function serveBundles(app: FastifyInstance, dir: string): void {
  const cache = new Map<string, { body: Buffer; etag: string; mtime: number }>();
  for (const [name, type] of Object.entries(FILES)) {
    app.get('/' + name, async (req, reply) => {
      const path = join(dir, name);
      let f = cache.get(name);
      try {
        const mtime = (await stat(path)).mtimeMs;
        if (!f || f.mtime !== mtime) {
          const body = await readFile(path);
          f = { body, mtime, etag: '"' + createHash('sha1').update(body).digest('base64url') + '"' };
          cache.set(name, f);
        }
      } catch {
        throw errors.notFound();
      }
      reply.header('Content-Type', type).header('ETag', f.etag).header('Cache-Control', 'public, max-age=300');
      reply.header('Access-Control-Allow-Origin', '*');
      if (req.headers['if-none-match'] === f.etag) return reply.status(304).send();
      return reply.send(f.body);
    });
  }
}
