import { ApiError } from '../http/errors.js';
import type { CarrierAdapter, CarrierConnection, CarrierModule, OfferedNumber } from './carrier.js';
import { CARRIER_TIMEOUT_MS, limited } from './carrier-calls.js';
import type { ConnectionRow } from './connections.js';
import type { ConnectionHealth } from './connection-health.js';
import { open, seal } from '../store/secret-box.js';
import { setupProblems, type SetupProblem } from './setup.js';

/**
 * The carriers as the REST functions and the carriers' routes use them: the modules this server
 * knows, the settings they need, and a connection's adapter with its credentials opened for the
 * call (never kept, never logged). The composition root makes one (app.ts) and gives it to the
 * REST API as the `carriers` service.
 */

export interface CarrierOptions {
  /** The carriers that can be connected; default: carriers/modules.ts. */
  modules?: readonly CarrierModule[] | undefined;
  /** SVC_SECRET_KEY, 32 bytes: seals the credentials. Unset: connecting is refused, saying so. */
  secretKey?: Buffer | undefined;
  /** A loopback or private public URL is accepted (a stand-in carrier on this machine: tests). Default false. */
  allowPrivateUrl?: boolean | undefined;
  /** Each carrier call's time limit, ms. Default 10 s. */
  timeoutMs?: number | undefined;
  /** A carrier API's base URL by kind; unset: the carrier's real one. Tests point it at a stand-in. */
  apiBases?: Readonly<Record<string, string>> | undefined;
}

export interface CarrierService {
  modules: readonly CarrierModule[];
  module(kind: string): CarrierModule | null;
  /** What is missing before a carrier can be connected; empty when nothing. */
  problems(): SetupProblem[];
  /** The credentials sealed for storage; refuses, naming the setting, when one is missing. */
  seal(credentials: Readonly<Record<string, string>>): string;
  /** A stored connection with its credentials opened. */
  connection(row: ConnectionRow): CarrierConnection;
  /** The connection's adapter, every call time-limited, and its failures noted (connection-health.ts). */
  adapter(row: ConnectionRow): CarrierAdapter;
  /** The numbers a search showed, so a purchase is confirmed at the price that was shown. */
  offers: Offers;
}

/** What a search offered, kept for OFFER_MS: buy_carrier_number holds the buyer to the price shown. */
export interface Offers {
  remember(connectionId: number, offers: readonly OfferedNumber[]): void;
  /** The offer of `phone` shown by a search on the connection in the last half hour; null: search again. */
  shown(connectionId: number, phone: string): OfferedNumber | null;
}

const OFFER_MS = 30 * 60_000;
const MAX_OFFERS = 5000;

function createOffers(now: () => number): Offers {
  const kept = new Map<string, { offer: OfferedNumber; at: number }>();
  return {
    remember(connectionId, offers) {
      for (const o of offers) {
        const key = `${connectionId}:${o.phone}`;
        kept.delete(key);
        kept.set(key, { offer: o, at: now() });
      }
      // The oldest go first (a Map keeps insertion order).
      for (const key of kept.keys()) {
        if (kept.size <= MAX_OFFERS) break;
        kept.delete(key);
      }
    },
    shown(connectionId, phone) {
      const k = kept.get(`${connectionId}:${phone}`);
      return k && now() - k.at < OFFER_MS ? k.offer : null;
    },
  };
}

declare module '../api/function.js' {
  interface Services {
    /** The carriers' modules, settings and adapters (carriers/service.ts). */
    carriers: CarrierService;
  }
}

/** The refusal of an action that needs settings the server lacks: 503, naming each. */
export const notSetUp = (problems: readonly SetupProblem[]) =>
  new ApiError(503, 503201, `Carriers are not set up on this server: ${problems.map((p) => p.message).join('; ')}`);

export function createCarrierService(
  opts: CarrierOptions,
  publicUrl: string | undefined,
  defaults: readonly CarrierModule[],
  now: () => number = Date.now,
  health?: ConnectionHealth,
): CarrierService {
  const modules = opts.modules ?? defaults;
  const problems = () => setupProblems({ secretKey: opts.secretKey, publicUrl, allowPrivateUrl: opts.allowPrivateUrl ?? false });
  const ready = (): Buffer => {
    const p = problems();
    if (p.length) throw notSetUp(p);
    return opts.secretKey!;
  };
  const module = (kind: string) => modules.find((m) => m.kind === kind) ?? null;
  const connection = (row: ConnectionRow): CarrierConnection => {
    const key = ready();
    let credentials: Record<string, string>;
    try {
      credentials = JSON.parse(open(key, row.credentials)) as Record<string, string>;
    } catch {
      throw new ApiError(
        503,
        503202,
        `The credentials of carrier connection ${row.id} cannot be opened: SVC_SECRET_KEY is not the key they were saved with`,
      );
    }
    return {
      id: row.id,
      kind: row.kind as CarrierConnection['kind'],
      credentials,
      publicUrl: publicUrl!,
      apiBase: opts.apiBases?.[row.kind],
    };
  };
  return {
    modules,
    module,
    problems,
    seal: (credentials) => seal(ready(), JSON.stringify(credentials)),
    connection,
    adapter(row) {
      const m = module(row.kind);
      if (!m) throw new ApiError(409, 100409, `Carrier ${row.kind} is not available on this server`);
      const adapter = limited(m.adapter(connection(row)), opts.timeoutMs ?? CARRIER_TIMEOUT_MS);
      return health ? health.watch(row, adapter) : adapter;
    },
    offers: createOffers(now),
  };
}
