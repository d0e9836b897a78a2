import { afterEach, expect, it } from 'vitest';
import type { ConsultantServer } from '../../../../src/server/app.js';
import { createHub, type Hub } from '../../../../src/server/consultant/chat/hub.js';
import { consultantConfig, liveServer } from '../consultant-helpers.js';

/**
 * An operator's open console is a row of operator_consoles that other processes read. A console
 * closed and opened again within the grace (a reload) must be kept online for a minute again, not
 * only for what is left of the grace until the next heartbeat.
 */

let server: ConsultantServer | undefined;
let hub: Hub | undefined;
afterEach(async () => {
  await hub?.close();
  hub = undefined;
  await server?.close();
  server = undefined;
});

async function untilOf(s: ConsultantServer, employeeId: number): Promise<number> {
  const rows = await s.store.db.selectFrom('operator_consoles').select('until_ms').where('employee_id', '=', employeeId).execute();
  return Math.max(0, ...rows.map((r) => Number(r.until_ms)));
}

it('a console opened again within the grace is online for a minute, not for the rest of the grace', async () => {
  server = (await liveServer(await consultantConfig())).server;
  const s = server;
  hub = await createHub(s.store, { graceMs: 5_000 });
  const opened = Date.now();
  const detach = hub.attach(11);
  await expect.poll(() => untilOf(s, 11)).toBeGreaterThanOrEqual(opened + 60_000);
  const closed = Date.now();
  detach();
  // The grace: the row now says a few seconds ahead (not the minute written at the opening).
  await expect.poll(() => untilOf(s, 11)).toBeLessThanOrEqual(closed + 30_000);
  const reopened = Date.now();
  hub.attach(11);
  await expect.poll(() => untilOf(s, 11)).toBeGreaterThanOrEqual(reopened + 60_000);
});

it('a console closed and opened again in the same moment is online for a minute: the grace never lands last', async () => {
  server = (await liveServer(await consultantConfig())).server;
  const s = server;
  hub = await createHub(s.store, { graceMs: 5_000 });
  const detach = hub.attach(11);
  await expect.poll(() => untilOf(s, 11)).toBeGreaterThan(Date.now() + 30_000);
  // Twenty reloads with no pause between the close and the opening: each writes the grace and then
  // the minute, and the minute must be what stays.
  let close = detach;
  for (let i = 0; i < 20; i++) {
    close();
    close = hub.attach(11);
  }
  const reopened = Date.now();
  await hub.close();
  hub = undefined;
  expect(await untilOf(s, 11)).toBeGreaterThanOrEqual(reopened + 60_000 - 1_000);
});
