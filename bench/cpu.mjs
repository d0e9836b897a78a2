// Where a measured stretch's CPU went (Linux /proc): the server processes this bench started,
// PostgreSQL's backends, the load generator (this process), and the whole machine. Per page view
// these figures depend far less than requests a second on what else the machine runs, and side by
// side they show which part holds the rest back when the processes share the cores.
import { readdirSync, readFileSync } from 'node:fs';

/** /proc/<pid>/stat from its third field on (the second, the command, may hold spaces). */
const statOf = (pid) => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').pop().split(' ');

/** The server processes this bench started. */
function serverPids() {
  return readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .filter((p) => {
      try {
        return statOf(p)[1] === String(process.pid) && readFileSync(`/proc/${p}/cmdline`, 'utf8').includes('server/main.js');
      } catch {
        return false;
      }
    });
}

/** The PostgreSQL backends connected to database `db`. */
export async function backendPids(admin, db) {
  const { rows } = await admin.query('SELECT pid FROM pg_stat_activity WHERE datname = $1', [db]);
  return rows.map((r) => String(r.pid));
}

/** CPU seconds (user + system) each process has used so far: /proc counts in ticks of 1/100 s. */
function cpuOf(pids) {
  const seconds = new Map();
  for (const pid of pids) {
    try {
      const f = statOf(pid);
      seconds.set(pid, (Number(f[11]) + Number(f[12])) / 100);
    } catch {
      // Ended since it was listed.
    }
  }
  return seconds;
}

/** CPU seconds used between two readings, by the processes of the second (a new one from zero). */
const used = (before, after) => [...after].reduce((sum, [pid, s]) => sum + s - (before.get(pid) ?? 0), 0);

/** The machine's busy and total CPU seconds so far, over all cores (/proc/stat: idle and iowait are not busy). */
function machine() {
  const ticks = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const total = ticks.reduce((a, b) => a + b, 0);
  return { busy: (total - ticks[3] - ticks[4]) / 100, total: total / 100 };
}

/**
 * Reads the counters now; `since(pageViews)` then gives the milliseconds of CPU per page view of
 * each part since this call, and the share of the machine's cores that were busy.
 * `backends`: an async function listing PostgreSQL's backend pids, or none on SQLite.
 */
export async function cpuSplit(backends = async () => []) {
  const read = async () => ({
    servers: cpuOf(serverPids()),
    postgres: cpuOf(await backends()),
    generator: process.cpuUsage(),
    machine: machine(),
  });
  const before = await read();
  return {
    async since(pageViews) {
      const after = await read();
      const generator = process.cpuUsage(before.generator);
      const ms = (seconds) => Math.round(((seconds * 1000) / pageViews) * 1000) / 1000;
      return {
        server: ms(used(before.servers, after.servers)),
        postgres: ms(used(before.postgres, after.postgres)),
        generator: ms((generator.user + generator.system) / 1e6),
        machine: ms(after.machine.busy - before.machine.busy),
        busyShare: Math.round(((after.machine.busy - before.machine.busy) / (after.machine.total - before.machine.total)) * 100) / 100,
      };
    },
  };
}

/** A report row's text for a split. */
export const splitText = (s) =>
  `server ${s.server} ms, PostgreSQL ${s.postgres} ms, load generator ${s.generator} ms; machine ${s.machine} ms, cores ${Math.round(s.busyShare * 100)} % busy`;
