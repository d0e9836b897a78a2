import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the conversion platforms' stand-ins share (google-ads-standin.ts, metrica-standin.ts,
 * ga4-standin.ts): a local HTTP server that records every request it was sent and answers the
 * documented failures on demand, one queued failure per request.
 */

export interface Arrived {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
}

export type Failure = 401 | 429 | 500;

export interface PlatformStandin {
  url: string;
  /** Every request, as it arrived. */
  arrived: Arrived[];
  /** Failures the next requests get, in order, whatever they ask. */
  failNext: Failure[];
  /**
   * Holds the answer of the next request that `match`es: the platform does its work (an upload is
   * kept) but its answer is late, until `release()`; resolves when that request arrived.
   */
  holdNext(match: (r: Arrived) => boolean): Promise<Arrived>;
  /** Sends the held answers (to a client still waiting for them). */
  release(): void;
  close(): Promise<void>;
}

export type Answer = { status: number; body?: unknown; type?: string };

export async function startPlatform(handle: (r: Arrived) => Answer, failure: (f: Failure) => Answer): Promise<PlatformStandin> {
  const arrived: Arrived[] = [];
  const failNext: Failure[] = [];
  let hold: { match: (r: Arrived) => boolean; arrived: (r: Arrived) => void } | null = null;
  const held: Array<() => void> = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const u = new URL(req.url ?? '/', 'http://standin.test');
      const r: Arrived = {
        method: req.method ?? '',
        path: u.pathname,
        query: u.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      arrived.push(r);
      const f = failNext.shift();
      const a = f ? failure(f) : handle(r);
      const text = a.body === undefined ? '' : typeof a.body === 'string' ? a.body : JSON.stringify(a.body);
      const answer = () => {
        if (res.destroyed) return;
        res.writeHead(a.status, { 'content-type': a.type ?? 'application/json; charset=utf-8' });
        res.end(text);
      };
      if (hold?.match(r)) {
        const h = hold;
        hold = null;
        held.push(answer);
        h.arrived(r);
      } else answer();
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/`,
    arrived,
    failNext,
    holdNext: (match) => new Promise<Arrived>((arrived) => (hold = { match, arrived })),
    release: () => {
      for (const answer of held.splice(0)) answer();
    },
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}

/** A CSV file's rows as objects by the header's names (the stand-ins read the uploads this way). */
export function csvRows(text: string): Array<Record<string, string>> {
  const lines = text.split(/\r?\n/).filter((l) => l !== '');
  const cells = (l: string) => {
    const out: string[] = [];
    let cur = '';
    let quoted = false;
    for (let i = 0; i < l.length; i++) {
      const ch = l[i]!;
      if (quoted) {
        if (ch === '"' && l[i + 1] === '"') {
          cur += '"';
          i++;
        } else if (ch === '"') quoted = false;
        else cur += ch;
      } else if (ch === '"') quoted = true;
      else if (ch === ',') {
        out.push(cur);
        cur = '';
      } else cur += ch;
    }
    out.push(cur);
    return out;
  };
  const head = cells(lines[0] ?? '');
  return lines.slice(1).map((l) => Object.fromEntries(cells(l).map((v, i) => [head[i] ?? `#${i}`, v])));
}
