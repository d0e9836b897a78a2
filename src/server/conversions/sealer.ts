import { open, seal } from '../store/secret-box.js';

/**
 * The destinations' credentials at rest, sealed as the carriers' are (store/secret-box.ts:
 * AES-256-GCM under SVC_SECRET_KEY). Opened only for a send, never kept, never logged, never answered.
 */
export interface Sealer {
  /** False while the server has no SVC_SECRET_KEY: connecting is refused, saying so. */
  ready(): boolean;
  seal(credentials: Readonly<Record<string, unknown>>): string;
  /** The credentials, or null when they cannot be opened (no key, another key). */
  open(sealed: string): Record<string, unknown> | null;
}

export function createSealer(key: Buffer | undefined): Sealer {
  return {
    ready: () => !!key,
    seal(credentials) {
      if (!key) throw new Error('no SVC_SECRET_KEY');
      return seal(key, JSON.stringify(credentials));
    },
    open(sealed) {
      if (!key) return null;
      try {
        return JSON.parse(open(key, sealed)) as Record<string, unknown>;
      } catch {
        return null;
      }
    },
  };
}
