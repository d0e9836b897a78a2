#!/usr/bin/env node
// `npm run call -- --to <number> --from <number> [--talk <seconds>] [--lost]`: one simulated call
// to a running consultant server, its events signed as a telephony platform signs them.
// Options: --server <url> (SVC_URL, default http://127.0.0.1:3100/), --secret (SVC_TELEPHONY_SECRET,
// default the demo's), --ring <seconds> (3), --employee <id>, --record <link>, --call-id <id>,
// --fast (send every event at once, each with its own time, instead of as the call happens),
// --at <ISO 8601 time> (when the call began; implies --fast: a call replayed at another time).
import { parseArgs } from 'node:util';
import { DEMO_SECRET, simulateCall } from './call-simulator.mjs';

const usage =
  'usage: npm run call -- --to <number> --from <number> [--talk <seconds>] [--lost] [--ring <s>] [--server <url>] [--fast] [--at <time>]';
let values;
try {
  ({ values } = parseArgs({
    options: {
      to: { type: 'string' },
      from: { type: 'string' },
      talk: { type: 'string', default: '5' },
      ring: { type: 'string', default: '3' },
      lost: { type: 'boolean', default: false },
      server: { type: 'string', default: process.env.SVC_URL || 'http://127.0.0.1:3100/' },
      secret: { type: 'string', default: process.env.SVC_TELEPHONY_SECRET || DEMO_SECRET },
      employee: { type: 'string' },
      record: { type: 'string' },
      'call-id': { type: 'string' },
      fast: { type: 'boolean', default: false },
      at: { type: 'string' },
    },
  }));
} catch (e) {
  console.error(`${e.message}\n${usage}`);
  process.exit(2);
}
const seconds = (name) => {
  const n = Number(values[name]);
  if (!Number.isInteger(n) || n < 0) {
    console.error(`--${name} must be a whole number of seconds\n${usage}`);
    process.exit(2);
  }
  return n;
};
const start = values.at === undefined ? Date.now() : Date.parse(values.at);
if (Number.isNaN(start)) {
  console.error(`--at must be an ISO 8601 time\n${usage}`);
  process.exit(2);
}
if (!values.to || !values.from) {
  console.error(usage);
  process.exit(2);
}
try {
  const { callId } = await simulateCall({
    server: values.server,
    secret: values.secret,
    to: values.to,
    from: values.from,
    talk: seconds('talk'),
    ring: seconds('ring'),
    lost: values.lost,
    realTime: !values.fast && values.at === undefined,
    start,
    callId: values['call-id'],
    employeeId: values.employee ? Number(values.employee) : undefined,
    fileLink: values.record,
    log: (line) => console.log(line),
  });
  console.log(`call ${callId} done`);
} catch (e) {
  console.error(e.message);
  process.exit(1);
}
