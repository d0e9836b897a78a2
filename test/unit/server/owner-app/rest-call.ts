import type { ApiWorld } from '../api-helpers.js';

export type Verb = 'GET' | 'POST' | 'PUT' | 'DELETE';
export interface Answer {
  status: number;
  body: { success: boolean; data?: unknown; message?: string };
  headers: Record<string, unknown>;
}

/**
 * One REST function as the app calls it: GET with the key in the query, the others as
 * `{session_key, action, args}`; the answer checked against the function's schema (api-helpers.ts).
 */
export async function restCall(
  w: ApiWorld,
  verb: Verb,
  fn: string,
  key: string | undefined,
  args: Record<string, unknown> = {},
): Promise<Answer> {
  const res =
    verb === 'GET'
      ? await w.get(fn, key === undefined ? args : { session_key: key, ...args })
      : await w.post(fn, key as string, args, verb === 'POST' ? {} : { action: verb });
  return { status: res.statusCode, body: res.json() as Answer['body'], headers: res.headers };
}
