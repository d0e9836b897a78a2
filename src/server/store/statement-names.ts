import { createHash } from 'node:crypto';

/**
 * Names for PostgreSQL's prepared statements. A statement sent without a name is parsed and
 * planned on every run; one sent with a name is parsed once per connection (pg remembers which
 * names its connection has prepared and then sends only the values), and after five runs
 * PostgreSQL may keep one generic plan for it. A page view's statements are the same texts every
 * time, so each is named after a hash of its text: the same text has the same name on every
 * connection, and a connection that is replaced (a lost one) prepares them again.
 *
 * PostgreSQL keeps every statement a connection prepared until the connection ends, so only texts
 * that do not vary from run to run may be named: a text with an IN list of as many values as a call
 * has would add a statement for every length. Hence a cap per connection, beyond which texts go
 * unnamed (parsed each time, as before).
 */

/** Texts the code marks as fixed (store/prepared.ts); a bound, should a caller mark varying ones. */
const fixed = new Set<string>();
const MOST_FIXED = 1000;

/** Statements one connection names at most. */
export const MOST_PER_CONNECTION = 100;

/** Marks `text` as one that never varies with its values: every connection may name it. */
export function fixedStatement(text: string): void {
  if (fixed.size < MOST_FIXED) fixed.add(text);
}

/** The name of the statement with this text: `s` and 16 hex digits of its SHA-1 (PostgreSQL takes 63 bytes). */
export const statementName = (text: string): string => 's' + createHash('sha1').update(text).digest('hex').slice(0, 16);

/**
 * The name, or undefined for none, each statement of one connection is sent with. `anyText`: every
 * statement with parameters is named (a connection whose statements code makes, such as the write
 * route's, store/pipelined-connection.ts), else only fixed ones (the pool, whose report statements
 * are built from filters, and whose plans should be made for their values).
 */
export function connectionNames(anyText: boolean): (text: string, values: readonly unknown[]) => string | undefined {
  const names = new Map<string, string>();
  return (text, values) => {
    const known = names.get(text);
    if (known !== undefined) return known;
    if (names.size >= MOST_PER_CONNECTION) return undefined;
    if (!fixed.has(text) && !(anyText && values.length > 0)) return undefined;
    const name = statementName(text);
    names.set(text, name);
    return name;
  };
}
