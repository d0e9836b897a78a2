#!/usr/bin/env node
// Profiles the page-view endpoint: starts the built server (dist/node) under `node --cpu-prof`,
// loads it with autocannon as `npm run bench`'s server section does (page views of one returning
// visitor), stops it, and prints the functions with the most self time. `--seconds N` (default 10),
// `--out DIR` keeps the .cpuprofile (open it in Chrome DevTools) instead of a temporary folder.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (name, d) => (args.includes(name) ? args[args.indexOf(name) + 1] : d);
const seconds = Number(opt('--seconds', 10));
const dir = opt('--out') ?? mkdtempSync(join(tmpdir(), 'svc-prof-'));

const child = spawn(process.execPath, ['--cpu-prof', '--cpu-prof-dir', dir, 'dist/node/server/main.js'], {
  cwd: root,
  env: {
    ...process.env,
    SVC_PORT: '0',
    SVC_DB: join(dir, 'prof.db'),
    SVC_SITE_CONFIG: join(root, 'demo-site/site-config.json'),
    SVC_RATE_IP: '0',
    SVC_RATE_VISITOR: '0',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const url = await new Promise((ok, fail) => {
  let out = '';
  child.stdout.on('data', (d) => {
    const m = /(http:\/\/127\.0\.0\.1:\d+\/)/.exec((out += d));
    if (m) ok(m[1]);
  });
  child.on('exit', (c) => fail(new Error(`server exited with ${c}`)));
});
let seq = 0;
const hit = (visitor) => {
  const id = `p${(seq++).toString(36).padStart(12, '0')}`;
  return JSON.stringify({
    visitor,
    writes: [{ id, type: 'hit', hit: id, at: Date.now(), data: { url: 'http://localhost/page', title: 'Bench', referrer: '' } }],
  });
};
const visitor = (await (await fetch(url + 'w/demo-site', { method: 'POST', body: hit(null) })).json()).visitor;
const r = await new Promise((ok, fail) =>
  autocannon(
    {
      url: url + 'w/demo-site',
      method: 'POST',
      connections: 20,
      duration: seconds,
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      requests: [{ setupRequest: (q) => ({ ...q, body: hit(visitor) }) }],
    },
    (e, res) => (e ? fail(e) : ok(res)),
  ),
);
console.log(`${r.requests.average} requests/s, p99 ${r.latency.p99} ms, ${r.non2xx + r.errors} errors`);
child.kill('SIGTERM');
await new Promise((ok) => child.on('exit', ok));

// Self time per function (name, file:line), from the profile's samples.
const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
const prof = JSON.parse(readFileSync(join(dir, file), 'utf8'));
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = prof.timeDeltas;
prof.samples.forEach((id, i) => {
  const n = byId.get(id);
  const c = n.callFrame;
  const key = `${c.functionName || '(anonymous)'} ${c.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(dist|src)\//, '$1/')}:${c.lineNumber + 1}`;
  self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0));
});
const total = [...self.values()].reduce((a, b) => a + b, 0);
console.log('self time  function');
for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(opt('--top', 30))))
  console.log(`${((100 * v) / total).toFixed(1).padStart(5)} %   ${k}`);
if (!args.includes('--out')) rmSync(dir, { recursive: true, force: true });
else console.log(`profile in ${join(dir, file)}`);
