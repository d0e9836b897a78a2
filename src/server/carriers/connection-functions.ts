import { z } from 'zod';
import { id, text } from '../api/args.js';
import { apiErrors } from '../api/errors.js';
import { acknowledgement, apiFunction, type AccountContext } from '../api/function.js';
import { carrierNumberCount } from '../numbers/carrier-numbers.js';
import { storedMs } from '../reports/report-common.js';
import { timestamp } from '../store/time.js';
import { askCarrier, carrierRefusal, oneLine } from './carrier-calls.js';
import { CarrierError } from './carrier.js';
import {
  connectionById,
  connectionsOf,
  connectionsOfCustomer,
  deleteConnection,
  insertConnection,
  recordCheck,
  type ConnectionOwner,
  type ConnectionRow,
} from './connections.js';
import { markGoneNumbers, retryRouting } from './routing-retry.js';
import type { CarrierService } from './service.js';

/**
 * EXTENSION (docs/rest-api.md, "Carriers"; docs/carriers.md): the carrier accounts connected to
 * this server. The server's operator connects them: an agent's login for its customers, or a
 * customer without an agent for itself. Credentials are sealed before they are stored and never
 * answered back: a connection lists its fields' names with `set`.
 */

/** Who owns what the caller connects: the agent, or a customer that has no agent. */
function ownerOf(ctx: AccountContext): ConnectionOwner {
  if (ctx.caller.agentId !== null) return { agentId: ctx.caller.agentId };
  const me = ctx.customers[0]!;
  if (me.agent_id !== null) throw apiErrors.accessDenied('carriers are connected by your agent, the operator of this server');
  return { customerId: me.id };
}

const owns = (owner: ConnectionOwner, row: ConnectionRow) =>
  'agentId' in owner ? row.agent_id === owner.agentId : row.customer_id === owner.customerId;

/** A connection the caller owns; 404 for any other. */
export async function ownConnection(ctx: AccountContext, connectionId: number): Promise<ConnectionRow> {
  const row = await connectionById(ctx.store.db, connectionId);
  if (!row || !owns(ownerOf(ctx), row)) throw apiErrors.notFound('carrier connection', connectionId);
  return row;
}

const iso = (t: string | null) => (t === null ? null : new Date(storedMs(t)).toISOString());

const connectionRecord = z.strictObject({
  id: z.number().int(),
  kind: z.string(),
  label: z.string(),
  owner: z.enum(['agent', 'customer']).describe('an agent’s connection serves all its customers'),
  credentials: z.array(z.strictObject({ name: z.string(), set: z.boolean() })).describe('the fields’ names only, never their values'),
  created_at: z.string().describe('ISO 8601, UTC'),
  checked_at: z.string().nullable(),
  check_ok: z.boolean().nullable().describe('null: never checked'),
  check_result: z.string().nullable().describe('the carrier’s words at the last check'),
  enabled: z.boolean(),
  numbers: z.number().int().describe('numbers held through it'),
});

async function record(ctx: AccountContext<'carriers'>, row: ConnectionRow): Promise<z.input<typeof connectionRecord>> {
  const carriers = ctx.services.carriers;
  const fields = carriers.module(row.kind)?.fields ?? [];
  let set: Readonly<Record<string, string>> = {};
  try {
    if (!carriers.problems().length) set = carriers.connection(row).credentials;
  } catch {
    // Credentials sealed under another key: listed as not set, and check_carrier says why.
  }
  return {
    id: row.id,
    kind: row.kind,
    label: row.label,
    owner: row.agent_id !== null ? 'agent' : 'customer',
    credentials: fields.map((f) => ({ name: f.name, set: !!set[f.name] })),
    created_at: iso(row.created_at)!,
    checked_at: iso(row.checked_at),
    check_ok: row.check_ok === null ? null : row.check_ok === 1,
    check_result: row.check_result,
    enabled: row.enabled === 1,
    numbers: await carrierNumberCount(ctx.store.db, row.id),
  };
}

export const carrierSetup = apiFunction({
  name: 'carrier_setup',
  verb: 'GET',
  scope: 'account',
  extension: true,
  tag: 'numbers',
  summary: 'What connecting a carrier needs (extension)',
  description:
    '`{ready, missing: [{setting, message}], carriers: [{kind, fields: [{name, secret, optional}]}], can_connect}`: the settings this server still lacks ' +
    '(SVC_SECRET_KEY, SVC_PUBLIC_URL), the carriers it can connect and their credential fields, and whether the caller may connect one. Not in the REST document.',
  needs: ['carriers'],
  args: z.object({}),
  response: z.strictObject({
    ready: z.boolean(),
    missing: z.array(z.strictObject({ setting: z.string(), message: z.string() })),
    carriers: z.array(
      z.strictObject({
        kind: z.string(),
        fields: z.array(z.strictObject({ name: z.string(), secret: z.boolean(), optional: z.boolean() })),
      }),
    ),
    can_connect: z.boolean(),
  }),
  async run(ctx) {
    const c = ctx.services.carriers;
    const missing = c.problems();
    return {
      ready: missing.length === 0,
      missing,
      carriers: c.modules.map((m) => ({
        kind: m.kind,
        fields: m.fields.map((f) => ({ name: f.name, secret: f.secret, optional: !!f.optional })),
      })),
      can_connect: ctx.caller.agentId !== null || ctx.customers[0]?.agent_id === null,
    };
  },
});

export const carrierConnections = apiFunction({
  name: 'carrier_connections',
  verb: 'GET',
  scope: 'account',
  list: true,
  extension: true,
  tag: 'numbers',
  summary: 'List carrier connections (extension)',
  description:
    'The carrier accounts connected: an agent’s own; a customer’s own and its agent’s. Credentials are never answered, only which fields are set. Not in the REST document.',
  needs: ['carriers'],
  args: z.object({}),
  response: z.array(connectionRecord),
  async run(ctx) {
    const { db } = ctx.store;
    const rows =
      ctx.caller.agentId !== null
        ? await connectionsOf(db, { agentId: ctx.caller.agentId })
        : await connectionsOfCustomer(db, ctx.customers[0]!);
    ctx.setTotal(rows.length);
    const out = [];
    for (const r of rows.slice(ctx.page.offset, ctx.page.offset + ctx.page.limit)) out.push(await record(ctx, r));
    return out;
  },
});

export const connectCarrier = apiFunction({
  name: 'connect_carrier',
  verb: 'POST',
  scope: 'account',
  extension: true,
  tag: 'numbers',
  summary: 'Connect a carrier account (extension)',
  description:
    'Connects the carrier `kind` (carrier_setup lists them) under `label` with `credentials`, an object of the carrier’s fields. The credentials are checked with the carrier first ' +
    '(a refusal answers its words and nothing is stored), then stored encrypted. Answers the connection, credentials as field names only. Refused (503) while SVC_SECRET_KEY or SVC_PUBLIC_URL is missing. Not in the REST document.',
  needs: ['carriers'],
  args: z.object({ kind: text(32), label: text(100), credentials: z.record(z.string(), z.string().max(500)) }),
  response: connectionRecord,
  async run(ctx, a) {
    const carriers = ctx.services.carriers;
    const owner = ownerOf(ctx);
    const m = carriers.module(a.kind);
    if (!m) throw apiErrors.invalid('kind', `one of ${carriers.modules.map((x) => x.kind).join(', ') || '(no carrier on this server)'}`);
    const credentials = credentialsOf(m.fields, a.credentials);
    const sealed = carriers.seal(credentials);
    const at = timestamp(ctx.now());
    const draft: ConnectionRow = {
      id: 0,
      kind: m.kind,
      label: a.label,
      agent_id: 'agentId' in owner ? owner.agentId : null,
      customer_id: 'customerId' in owner ? owner.customerId : null,
      credentials: sealed,
      created_at: at,
      checked_at: at,
      check_ok: 1,
      check_result: null,
      enabled: 1,
    };
    const account = await askCarrier(() => carriers.adapter(draft).check());
    const { id: _, ...row } = draft;
    const newId = await insertConnection(ctx.store.db, { ...row, check_result: oneLine(account.account) });
    return record(ctx, (await connectionById(ctx.store.db, newId))!);
  },
});

/** The module's fields from what was sent: each required one present, nothing else. */
function credentialsOf(fields: ReadonlyArray<{ name: string; optional?: boolean }>, sent: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of Object.keys(sent))
    if (!fields.some((f) => f.name === name)) throw apiErrors.invalid(`credentials.${name}`, 'not a field of this carrier');
  for (const f of fields) {
    const v = sent[f.name]?.trim();
    if (v) out[f.name] = v;
    else if (!f.optional) throw apiErrors.missing(`credentials.${f.name}`);
  }
  return out;
}

export const checkCarrier = apiFunction({
  name: 'check_carrier',
  verb: 'POST',
  scope: 'account',
  extension: true,
  tag: 'numbers',
  summary: 'Check a carrier connection (extension)',
  description:
    'Asks the carrier whether `connection_id`’s credentials still work: `{ok, account, balance, message, numbers_routed}`, `message` being the carrier’s words when it refused (a revoked token, no balance). ' +
    'Numbers whose routing to this server had failed are routed again (`numbers_routed`); numbers the carrier account no longer holds (released in its own console) are marked so (`numbers_gone`). Not in the REST document.',
  needs: ['carriers'],
  names: { connection_id: 'carrier_connection' },
  args: z.object({ connection_id: id() }),
  response: z.strictObject({
    ok: z.boolean(),
    account: z.string().nullable(),
    balance: z.strictObject({ amount: z.number(), currency: z.string() }).nullable(),
    message: z.string().nullable(),
    numbers_routed: z.number().int(),
    numbers_gone: z.number().int().describe('numbers held through it here that the carrier account no longer holds'),
  }),
  async run(ctx, a) {
    const row = await ownConnection(ctx, a.connection_id);
    return checkConnection(ctx.store.db, ctx.services.carriers, row, timestamp(ctx.now()));
  },
});

/** Checks a connection with its carrier, records what it said, and retries the routing that failed. */
async function checkConnection(db: AccountContext['store']['db'], carriers: CarrierService, row: ConnectionRow, at: string) {
  const adapter = carriers.adapter(row);
  try {
    const r = await adapter.check();
    await recordCheck(db, row.id, { at, ok: true, result: oneLine(r.account) });
    const routed = await retryRouting(db, row.id, adapter);
    const gone = await markGoneNumbers(db, row.id, adapter);
    return { ok: true, account: r.account, balance: r.balance ?? null, message: null, numbers_routed: routed, numbers_gone: gone };
  } catch (e) {
    if (!(e instanceof CarrierError)) throw e;
    const words = carrierRefusal(e).message;
    await recordCheck(db, row.id, { at, ok: false, result: words });
    return { ok: false, account: null, balance: null, message: words, numbers_routed: 0, numbers_gone: 0 };
  }
}

export const disconnectCarrier = apiFunction({
  name: 'disconnect_carrier',
  verb: 'POST',
  scope: 'account',
  extension: true,
  tag: 'numbers',
  summary: 'Disconnect a carrier account (extension)',
  description:
    'Forgets `connection_id` and its credentials. Refused (409) while numbers are held through it, saying how many: release them first. Nothing changes at the carrier. Not in the REST document.',
  needs: ['carriers'],
  names: { connection_id: 'carrier_connection' },
  args: z.object({ connection_id: id() }),
  response: acknowledgement,
  async run(ctx, a) {
    const row = await ownConnection(ctx, a.connection_id);
    const held = await carrierNumberCount(ctx.store.db, row.id);
    if (held > 0)
      throw apiErrors.wrongState(
        `Carrier connection ${row.label} still holds ${held} number${held === 1 ? '' : 's'}: release ${held === 1 ? 'it' : 'them'} first`,
      );
    await deleteConnection(ctx.store.db, row.id);
    return undefined;
  },
});
