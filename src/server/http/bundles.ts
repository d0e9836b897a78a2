import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
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
 * The names are not versioned (customers paste `…/svc.js` once, for good), so a browser keeps a
 * copy for five minutes and then revalidates it with its ETag: a release reaches every page within
 * minutes, and a returning visitor mostly gets a 304.
 */
export const BUNDLE_CACHE_CONTROL = 'public, max-age=300, must-revalidate';

type Encoding = 'br' | 'gzip' | 'identity';
interface Variant {
  body: Buffer;
  etag: string;
}
interface Entry {
  mtime: number;
  variants: Record<Encoding, Variant>;
}

const negotiator = new Negotiator<'br' | 'gzip'>({ supportedValues: ['br', 'gzip'] });

/**
 * Serves svc.js and its siblings from `dir`, each in the encoding the client accepts best: the
 * brotli and gzip copies the build writes beside each file (scripts/build.mjs), made here once if
 * missing. Each is kept in memory with its own ETag until the file's modification time changes (a
 * rebuild), so a returning visitor's browser revalidates with a 304.
 */
export function serveBundles(app: FastifyInstance, dir: string): void {
  const cache = new Map<string, Entry>();
  for (const [name, type] of Object.entries(FILES)) {
    // Already compressed: the answer-compression hook (http/compress.ts) leaves these alone.
    app.get('/' + name, { compress: false }, async (req, reply) => {
      const path = join(dir, name);
      let f = cache.get(name);
      try {
        const mtime = (await stat(path)).mtimeMs;
        if (!f || f.mtime !== mtime) {
          f = { mtime, variants: await readVariants(path) };
          cache.set(name, f);
        }
      } catch {
        throw errors.notFound();
      }
      const header = req.headers['accept-encoding'];
      const encoding: Encoding = (typeof header === 'string' && negotiator.negotiate(header)) || 'identity';
      const v = f.variants[encoding];
      reply
        .header('Content-Type', type)
        .header('ETag', v.etag)
        .header('Cache-Control', BUNDLE_CACHE_CONTROL)
        .header('Vary', 'Accept-Encoding');
      reply.header('Access-Control-Allow-Origin', '*');
      if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
      if (ifNoneMatch(req.headers['if-none-match'], v.etag)) return reply.status(304).send();
      return reply.send(v.body);
    });
  }
}

async function readVariants(path: string): Promise<Record<Encoding, Variant>> {
  const body = await readFile(path);
  const hash = createHash('sha1').update(body).digest('base64url');
  const copy = async (suffix: string, make: (b: Buffer) => Buffer): Promise<Buffer> => {
    const s = await stat(path + suffix).catch(() => null);
    // A copy older than the file is from an earlier build.
    return s && s.mtimeMs >= (await stat(path)).mtimeMs ? readFile(path + suffix) : make(body);
  };
  const br = await copy('.br', (b) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  const gz = await copy('.gz', (b) => gzipSync(b, { level: 9 }));
  // One ETag per encoding: a cache must not answer a gzip-only client with the brotli bytes.
  return {
    identity: { body, etag: `"${hash}"` },
    br: { body: br, etag: `"${hash}-br"` },
    gzip: { body: gz, etag: `"${hash}-gz"` },
  };
}

/** If-None-Match holds the ETag (a list, or `*`, as RFC 9110 §13.1.2 allows). */
function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}
