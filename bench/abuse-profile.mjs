#!/usr/bin/env node
// Profiles the server under one attack of the abuse bench (bench/abuse-attacks.mjs): starts the
// built server (dist/node) under `node --cpu-prof` on a generated database (bench/abuse.mjs; kept
// in `--db PATH` across runs when given), runs the attack in a worker for `--seconds` (default 8)
// while the abuse probe samples page views, then prints what the attack got, the server's CPU
// time per attack request, and the functions with the most self time.
//   node bench/abuse-profile.mjs "DT pool scripting" --db /tmp/abuse.db
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { generate, hitWrite, post, probe } from './abuse.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (name, d) => (args.includes(name) ? args[args.indexOf(name) + 1] : d);
const attack = args[0];
const seconds = Number(opt('--seconds', 8));
const dir = mkdtempSync(join(tmpdir(), 'svc-abuse-prof-'));
const dbPath = join(dir, 'abuse.db');
const kept = opt('--db');
if (kept && existsSync(kept)) copyFileSync(kept, dbPath);
else {
  await generate(dbPath);
  if (kept) copyFileSync(dbPath, kept);
}

const child = spawn(process.execPath, ['--cpu-prof', '--cpu-prof-dir', dir, 'dist/node/server/main.js'], {
  cwd: root,
  env: { ...process.env, SVC_PORT: '0', SVC_DB: dbPath, SVC_SITE_CONFIG: join(root, 'demo-site/site-config.json'), SVC_TRUST_PROXY: '1' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const base = await new Promise((ok, fail) => {
  let out = '';
  child.stdout.on('data', (d) => {
    const m = /(http:\/\/127\.0\.0\.1:\d+\/)/.exec((out += d));
    if (m) ok(m[1]);
  });
  child.on('exit', (c) => fail(new Error(`server exited with ${c}`)));
});
const visitors = [];
for (let i = 0; i < 40; i++) {
  const ip = `203.0.113.${i + 1}`;
  visitors.push({
    ip,
    visitor: (await post(base, 'w/demo-site', { visitor: null, writes: [hitWrite('http://localhost/')] }, ip)).body.visitor,
  });
}
const ip = '198.51.100.99';
const first = hitWrite('http://localhost/');
const own = await post(base, 'w/demo-site', { visitor: null, writes: [first] }, ip);
await probe(base, visitors, 1000);
const rest = await probe(base, visitors, 3000);
const worker = new Worker(join(root, 'bench/abuse-attacks.mjs'), {
  workerData: { attack, url: base, ip, state: { visitor: own.body.visitor, hitId: first.id, consoleCookies: [] } },
});
const next = () => new Promise((ok, fail) => (worker.once('message', ok), worker.once('error', fail)));
await next();
const during = await probe(base, visitors, seconds * 1000);
const done = next();
worker.postMessage('stop');
const seen = await done;
await worker.terminate();
child.kill('SIGTERM');
await new Promise((ok) => child.on('exit', ok));
console.log(
  `rest: page view ${rest.pageView.p50} / ${rest.pageView.p99} ms; under "${attack}": ${during.pageView.p50} / ${during.pageView.p99} ms`,
);
console.log(`attack: ${seen.perSecond}/s, ${JSON.stringify(seen.statuses)}`);

// Self time per function, from the profile's samples; the busy time (all but idle) per attack request.
const prof = JSON.parse(
  readFileSync(
    join(
      dir,
      readdirSync(dir).find((f) => f.endsWith('.cpuprofile')),
    ),
    'utf8',
  ),
);
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const self = new Map();
prof.samples.forEach((id, i) => {
  const c = byId.get(id).callFrame;
  const key = `${c.functionName || '(anonymous)'} ${c.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(dist|src)\//, '$1/')}:${c.lineNumber + 1}`;
  self.set(key, (self.get(key) ?? 0) + (prof.timeDeltas[i] ?? 0));
});
const total = [...self.values()].reduce((a, b) => a + b, 0);
const idle = [...self].filter(([k]) => k.startsWith('(idle)')).reduce((a, [, v]) => a + v, 0);
const requests = seen.sent;
console.log(
  `server busy ${((total - idle) / 1000).toFixed(0)} ms of ${(total / 1000).toFixed(0)} ms; attack requests ${requests}, ${((total - idle) / 1000 / requests).toFixed(3)} ms each (the whole run's busy time, setup and probe included)`,
);
console.log('self time  function');
for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(opt('--top', 30))))
  console.log(`${((100 * v) / total).toFixed(1).padStart(5)} %   ${k}`);
if (opt('--keep'))
  copyFileSync(
    join(
      dir,
      readdirSync(dir).find((f) => f.endsWith('.cpuprofile')),
    ),
    opt('--keep'),
  );
rmSync(dir, { recursive: true, force: true });
