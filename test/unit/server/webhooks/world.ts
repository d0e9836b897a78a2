import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ConsultantServer, ServerOptions } from '../../../../src/server/app.js';
import { createEndpoint, newSecret } from '../../../../src/server/webhooks/endpoints.js';
import type { WebhookEvent } from '../../../../src/app-protocol.js';
import type { WebhookOptions } from '../../../../src/server/webhooks/index.js';
import { timestamp } from '../../../../src/server/store/time.js';
import { freshDbPath } from '../../../support/test-database.js';
import { createTestServer } from '../test-server.js';
import { SECRET, telephonyConfig, telephonySeed } from '../telephony-helpers.js';

/**
 * The webhook tests' world: the telephony tests' site (customer 1, site 1, campaigns 10 Google and
 * 20 Print), REST user `a`, a clock the test moves, and no polling: a test drains the outbox itself.
 */
export interface Clock {
  t: number;
}

export async function webhookServer(
  clock: Clock,
  dbPath = ':memory:',
  opts: WebhookOptions = {},
  extra: Partial<ServerOptions> = {},
): Promise<ConsultantServer> {
  return createTestServer({
    ...extra,
    dbPath,
    siteConfig: telephonyConfig(),
    apiSeed: await telephonySeed(),
    bundleDir: '/nonexistent',
    publicUrl: 'http://svc.test/',
    leasePolicy: false,
    telephony: { secret: SECRET },
    webhooks: { now: () => clock.t, random: () => 0.5, pollMs: 0, allowHttp: true, allowLoopback: true, ...opts },
  });
}

/** A database a second server can open after (or beside) the first: a file on SQLite. */
export function sharedDbPath(): string {
  return freshDbPath(join(mkdtempSync(join(tmpdir(), 'svc-webhooks-')), 'svc.db'));
}

/** An endpoint of customer 1 for `events`; its id and secret. */
export async function addEndpoint(server: ConsultantServer, url: string, events: readonly WebhookEvent[]) {
  const secret = newSecret();
  const id = await createEndpoint(server.store.db, { customer_id: 1, url, events, secret, created_at: timestamp() });
  await server.webhooks.subscriptions.changed();
  return { id, secret };
}
