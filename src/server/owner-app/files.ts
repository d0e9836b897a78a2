import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { errors } from '../http/errors.js';

type Encoding = 'br' | 'gzip' | 'identity';
interface Entry {
  mtime: number;
  variants: Record<Encoding, { body: Buffer; etag: string } | null>;
}

const negotiator = new Negotiator<'br' | 'gzip'>({ supportedValues: ['br', 'gzip'] });

/**
 * Serves the app's built files (`name` in `dir` at `url`) with the brotli and gzip copies the build
 * writes beside them (scripts/build.mjs), each with its ETag: the browser revalidates (`no-cache`)
 * and mostly gets a 304, and a release is seen at once. Kept in memory until the file changes.
 */
export function serveAppFile(
  app: FastifyInstance,
  url: string,
  dir: string,
  name: string,
  type: string,
  headers: Record<string, string>,
): void {
  let entry: Entry | null = null;
  app.get(url, { compress: false }, async (req, reply) => {
    const path = join(dir, name);
    try {
      const mtime = (await stat(path)).mtimeMs;
      if (!entry || entry.mtime !== mtime) {
        const body = await readFile(path);
        const hash = createHash('sha1').update(body).digest('base64url');
        // A copy older than the file is from an earlier build: left out.
        const copy = async (suffix: string) => {
          const s = await stat(path + suffix).catch(() => null);
          return s && s.mtimeMs >= mtime ? readFile(path + suffix) : null;
        };
        const [br, gz] = await Promise.all([copy('.br'), copy('.gz')]);
        entry = {
          mtime,
          variants: {
            identity: { body, etag: `"${hash}"` },
            br: br && { body: br, etag: `"${hash}-br"` },
            gzip: gz && { body: gz, etag: `"${hash}-gz"` },
          },
        };
      }
    } catch {
      throw errors.notFound();
    }
    const header = req.headers['accept-encoding'];
    const wanted: Encoding = (typeof header === 'string' && negotiator.negotiate(header)) || 'identity';
    const encoding: Encoding = entry.variants[wanted] ? wanted : 'identity';
    const v = entry.variants[encoding]!;
    reply.headers(headers).header('Content-Type', type).header('ETag', v.etag).header('Vary', 'Accept-Encoding');
    if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
    if (req.headers['if-none-match'] === v.etag) return reply.status(304).send();
    return reply.send(v.body);
  });
}
