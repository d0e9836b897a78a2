import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../store/queryable.js';
import type { MailAccount } from '../store/tables.js';

/**
 * The unsubscribe links of the mails: they work without signing in, so each names its user, the
 * customer and the kind of mail (`report`, or an alert's kind) and carries an HMAC-SHA256 of them.
 * The key is derived from SVC_SECRET_KEY when it is set, else made once and kept in the database
 * (mail_keys), shared by every process.
 */
export interface Unsubscribe {
  account: MailAccount;
  accountId: number;
  customerId: number;
  kind: string;
}

export type UnsubscribeKey = () => Promise<Buffer>;

export function unsubscribeKey(db: Queryable, secretKey: Buffer | undefined): UnsubscribeKey {
  let key: Promise<Buffer> | null = null;
  const load = async () => {
    if (secretKey) return createHmac('sha256', secretKey).update('svc unsubscribe links').digest();
    await db
      .insertInto('mail_keys')
      .values({ name: 'unsubscribe', value: randomBytes(32).toString('base64url') })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await db.selectFrom('mail_keys').select('value').where('name', '=', 'unsubscribe').executeTakeFirstOrThrow();
    return Buffer.from(row.value, 'base64url');
  };
  return () => (key ??= load().catch((e: unknown) => ((key = null), Promise.reject(e))));
}

const subject = (u: Unsubscribe) => `${u.account}.${u.accountId}.${u.customerId}.${u.kind}`;

/** The link's query: `u` (who and what) and `s` (the signature). */
export async function unsubscribeQuery(key: UnsubscribeKey, u: Unsubscribe): Promise<string> {
  const s = createHmac('sha256', await key())
    .update(subject(u))
    .digest('base64url');
  return `u=${subject(u)}&s=${s}`;
}

/** What a link's `u` and `s` name, or null when the signature does not match. */
export async function readUnsubscribe(key: UnsubscribeKey, u: unknown, s: unknown): Promise<Unsubscribe | null> {
  if (typeof u !== 'string' || typeof s !== 'string' || u.length > 200 || s.length > 100) return null;
  const m = /^(rest|employee)\.(\d{1,12})\.(\d{1,12})\.([a-z_]{1,40})$/.exec(u);
  if (!m) return null;
  const want = createHmac('sha256', await key())
    .update(u)
    .digest();
  const got = Buffer.from(s, 'base64url');
  if (got.length !== want.length || !timingSafeEqual(got, want)) return null;
  return { account: m[1] as MailAccount, accountId: Number(m[2]), customerId: Number(m[3]), kind: m[4]! };
}
