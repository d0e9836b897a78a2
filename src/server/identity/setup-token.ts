import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The one-time secret of a fresh server's setup link (`/app/setup?token=…`): whoever holds it may
 * create the first account in the browser, so nobody else can claim a server that has none. It
 * lives in this process's memory only: a restart makes a new one, which the server prints again
 * while no account exists. Spent once an account is made through it.
 */
export interface SetupToken {
  /** The token, or null once spent. */
  value(): string | null;
  /** Whether `candidate` is the unspent token (compared in constant time). */
  matches(candidate: string): boolean;
  spend(): void;
}

const digest = (s: string) => createHash('sha256').update(s).digest();

export function setupToken(): SetupToken {
  let token: string | null = randomBytes(24).toString('base64url');
  return {
    value: () => token,
    matches: (candidate) => token != null && timingSafeEqual(digest(candidate), digest(token)),
    spend: () => {
      token = null;
    },
  };
}
