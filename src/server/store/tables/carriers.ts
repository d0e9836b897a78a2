import type { Defaulted, Flag, Id } from './column-types.js';

/** Phone carriers (carriers/, migration 100): the carrier accounts connected to the server. */

export interface CarrierConnectionsTable {
  id: Id;
  /** The carrier module's kind (`twilio`, `zadarma`). */
  kind: string;
  label: string;
  /** One of the two is set: the agent whose customers use it, or the customer that connected it. */
  agent_id: number | null;
  customer_id: number | null;
  /** AES-256-GCM of the credentials' JSON under SVC_SECRET_KEY (store/secret-box.ts), base64. */
  credentials: string;
  created_at: string;
  checked_at: string | null;
  /** 1: the last check passed; 0: it failed; null: never checked. */
  check_ok: Flag | null;
  /** The carrier's words at the last check. */
  check_result: string | null;
  enabled: Defaulted<Flag>;
}
