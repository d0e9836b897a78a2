/**
 * One request to a platform, bounded: the whole exchange within `timeoutMs`, at most 16 KB of the
 * answer kept (enough for any error the platforms document), no redirect followed. The base URLs
 * are the platforms' own unless the server is told otherwise (tests: the stand-ins).
 */

export interface HttpAnswer {
  /** The platform's status; null when none came (the network failed, the time ran out). */
  status: number | null;
  text: string;
  /** Why no status came. */
  error: string | null;
  durationMs: number;
}

export interface HttpRequest {
  method: 'POST' | 'GET';
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export type Http = (r: HttpRequest) => Promise<HttpAnswer>;

const ANSWER_BYTES = 16_384;

export function boundedHttp(timeoutMs: number, stop?: AbortSignal): Http {
  return async (r) => {
    const started = Date.now();
    const abort = new AbortController();
    const onStop = () => abort.abort();
    stop?.addEventListener('abort', onStop);
    // A timer of its own: AbortSignal.timeout() combined with any() can be collected before it fires (webhooks/send.ts).
    const timer = setTimeout(() => abort.abort(), timeoutMs);
    try {
      const res = await fetch(r.url, {
        method: r.method,
        headers: r.headers,
        body: r.body ?? null,
        redirect: 'manual',
        signal: abort.signal,
      });
      const text = (await res.text()).slice(0, ANSWER_BYTES);
      return { status: res.status, text, error: null, durationMs: Date.now() - started };
    } catch (e) {
      const why = abort.signal.aborted ? `no answer within ${timeoutMs} ms` : causeOf(e);
      return { status: null, text: '', error: why.slice(0, 200), durationMs: Date.now() - started };
    } finally {
      clearTimeout(timer);
      stop?.removeEventListener('abort', onStop);
    }
  };
}

/** fetch's own message is "fetch failed"; the cause says what happened (ECONNREFUSED, ENOTFOUND). */
function causeOf(e: unknown): string {
  const cause = (e as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (e as Error).message ?? String(e);
}

/** A JSON answer, or null when it is none. */
export function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
