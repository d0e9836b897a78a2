#!/usr/bin/env node
// `npm run call -- --to <number> --from <number> [--talk <seconds>] [--lost]`: one simulated call
// to a running consultant server, its events signed as a telephony platform signs them.
// Options: --server <url> (SVC_URL, else the server `npm start` runs: http://SVC_HOST:SVC_PORT/,
// default http://127.0.0.1:3100/), --secret (SVC_TELEPHONY_SECRET,
// default the demo's), --ring <seconds> (3), --employee <id>, --record <link>, --call-id <id>,
// --fast (send every event at once, each with its own time, instead of as the call happens),
// --at <ISO 8601 time> (when the call began; implies --fast: a call replayed at another time),
// --help.
import { parseArgs } from 'node:util';
import { DEMO_SECRET, simulateCall } from './call-simulator.mjs';

const env = process.env;
const host = env.SVC_HOST || '127.0.0.1';
const defaultServer = env.SVC_URL || `http://${host.includes(':') ? `[${host}]` : host}:${env.SVC_PORT || 3100}/`;
const usage = `usage: npm run call -- --to <number> --from <number> [options]

Simulates one call to a running consultant server, signed as a telephony platform signs its events.
  --to <number>        the number called (a site's number)
  --from <number>      the caller's number
  --talk <seconds>     talk after answering (default 5)
  --ring <seconds>     ringing before the answer (default 3)
  --lost               never answered
  --server <url>       the server (default ${defaultServer}: SVC_URL, else SVC_HOST and SVC_PORT)
  --secret <secret>    the signing secret (default SVC_TELEPHONY_SECRET, else the demo's)
  --employee <id>      the employee who answers
  --record <link>      the recording's link
  --call-id <id>       the platform's call id (default a random one)
  --fast               send every event at once, each with its own time
  --at <time>          when the call began, ISO 8601 (implies --fast)
  --help               this text`;
let values;
try {
  ({ values } = parseArgs({
    options: {
      to: { type: 'string' },
      from: { type: 'string' },
      talk: { type: 'string', default: '5' },
      ring: { type: 'string', default: '3' },
      lost: { type: 'boolean', default: false },
      server: { type: 'string', default: defaultServer },
      secret: { type: 'string', default: env.SVC_TELEPHONY_SECRET || DEMO_SECRET },
      employee: { type: 'string' },
      record: { type: 'string' },
      'call-id': { type: 'string' },
      fast: { type: 'boolean', default: false },
      at: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  }));
} catch (e) {
  console.error(`${e.message}\n${usage}`);
  process.exit(2);
}
if (values.help) {
  console.log(usage);
  process.exit(0);
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
  // fetch says only "fetch failed": name the server and why.
  console.error(e.cause ? `${values.server}: ${e.message} (${e.cause.code ?? e.cause.message})` : e.message);
  process.exit(1);
}
