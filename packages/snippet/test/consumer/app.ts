// A bundler user's app: loads the snippet from the installed package, writes a visitor property,
// reads it back and deletes it, each with its callback. Bundled as an IIFE (`consumer.start`).
import { load, type GetPropertyResult, type PropertyWriteResult } from 'svc-snippet';

/** What the callbacks passed, in order. */
export interface Answers {
  set: PropertyWriteResult;
  get: GetPropertyResult;
  deleted: PropertyWriteResult;
}

export function start(siteKey: string, host: string): Promise<Answers> {
  const svc = load(siteKey, { host });
  return new Promise((resolve) =>
    svc.setProperty('plan', 'gold', (set) =>
      svc.getProperty('plan', (get) => svc.deleteProperty('plan', (deleted) => resolve({ set, get, deleted }))),
    ),
  );
}
