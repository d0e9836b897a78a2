import type { Defaulted, Flag, Id } from './column-types.js';

/** Conversions sent to advertising and analytics platforms (conversions/, migration 140). */

export type ConversionPlatform = 'google_ads' | 'metrica' | 'ga4';

export interface ConversionDestinationsTable {
  id: Id;
  site_id: number;
  platform: ConversionPlatform;
  label: string;
  sends: Defaulted<'qualified' | 'all'>;
  /** JSON text: the platform's settings that are no secret. */
  settings: string;
  /** AES-256-GCM of the credentials' JSON under SVC_SECRET_KEY (store/secret-box.ts), base64. */
  credentials: string;
  enabled: Defaulted<Flag>;
  created_at: string;
  updated_at: string;
}

export interface ConversionOutboxTable {
  id: Id;
  destination_id: number;
  object_kind: 'call' | 'sitephone' | 'chat' | 'offline_message';
  object_id: number;
  state: Defaulted<'pending' | 'sent' | 'failed' | 'refused'>;
  reason: Defaulted<string | null>;
  attempts: Defaulted<number>;
  created_ms: number;
  next_attempt_ms: number;
  locked_until_ms: Defaulted<number | null>;
}

export interface ConversionAttemptsTable {
  id: Id;
  outbox_id: number;
  destination_id: number;
  at_ms: number;
  request: string;
  status_code: number | null;
  answer: string | null;
  duration_ms: number;
}
