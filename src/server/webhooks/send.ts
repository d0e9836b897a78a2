import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { guardedLookup, refusedAddress, TargetRefused, type TargetRules } from './target-guard.js';

/**
 * One HTTP POST of a delivery, bounded: the whole exchange within `timeoutMs`, at most 4 KB of the
 * answer read (a receiver's answer is not kept), no redirect followed (a 3xx is a failure), the
 * address checked as target-guard.ts says.
 */

export interface SendResult {
  /** The receiver's status; null when none came. */
  status: number | null;
  error: string | null;
  durationMs: number;
}

export const SEND_TIMEOUT_MS = 10_000;
const ANSWER_BYTES = 4096;

export function postJson(
  url: string,
  body: string,
  headers: Record<string, string>,
  rules: TargetRules,
  timeoutMs: number = SEND_TIMEOUT_MS,
  stop?: AbortSignal,
): Promise<SendResult> {
  const started = Date.now();
  const done = (status: number | null, error: string | null): SendResult => ({ status, error, durationMs: Date.now() - started });
  let timer: NodeJS.Timeout | undefined;
  return new Promise<SendResult>((resolve) => {
    let u: URL;
    try {
      u = new URL(url);
    } catch {
      return resolve(done(null, 'not a URL'));
    }
    const host = u.hostname.replace(/^\[|\]$/g, '');
    // An address in the URL never goes through the lookup: it is judged here.
    const literal = isIP(host) ? refusedAddress(host, rules) : null;
    if (literal) return resolve(done(null, literal));
    const lib = u.protocol === 'https:' ? https : http;
    const req = lib.request(
      u,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
        lookup: guardedLookup(rules),
        ...(stop ? { signal: stop } : {}),
        agent: false,
      },
      (res) => {
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > ANSWER_BYTES) res.destroy();
        });
        const finish = () => resolve(done(res.statusCode ?? null, null));
        res.on('end', finish);
        res.on('close', finish);
        res.on('error', finish);
      },
    );
    // The exchange's limit on a timer of its own, not a signal of AbortSignal.timeout(): combined
    // with AbortSignal.any(), that one can be collected before it fires (Node 20, seen under load),
    // and a receiver that never answered then held its delivery and a worker's slot for good.
    timer = setTimeout(() => req.destroy(Object.assign(new Error('timed out'), { name: 'TimeoutError' })), timeoutMs);
    req.on('error', (e: Error) => {
      const why =
        e instanceof TargetRefused
          ? e.message
          : e.name === 'AbortError' || e.name === 'TimeoutError'
            ? `no answer within ${timeoutMs} ms`
            : ((e as { code?: string }).code ?? e.message);
      resolve(done(null, why.slice(0, 200)));
    });
    req.end(body);
  }).finally(() => clearTimeout(timer));
}
