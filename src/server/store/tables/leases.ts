import type { ColumnType } from 'kysely';
import type { Id } from './column-types.js';

/** DT number leases and the overflows of a dry pool. */

export interface DtLeasesTable {
  id: Id;
  site_id: number;
  block_id: number;
  number: string;
  session_id: number;
  visitor_id: number;
  start_ms: number;
  until_ms: number;
  /** The leasing client's address group (http/address-group.ts); null before the lease policy. */
  address_group: string | null;
  /** The leasing client's user-agent family (leases/lease-policy.ts); null before the lease policy. */
  agent_family: string | null;
  /** A short first lease's full end, applied when the visitor shows it is a person; null for a full lease. */
  confirm_until_ms: number | null;
}

export interface DtOverflowsTable {
  site_id: number;
  block_id: number;
  session_id: number;
  created_at: string;
  fallback: 'reserved' | 'static' | 'none';
  /** The pool was dry, or the client past its share (migration 120); null before. */
  reason: ColumnType<'dry' | 'share' | null, 'dry' | 'share' | null | undefined, 'dry' | 'share' | null>;
}
