#!/usr/bin/env node
// `node scripts/openapi-examples.mjs [--no-build]`: the examples of the API reference, taken from
// real answers. Compiles the server (`--no-build` uses what dist/node holds), starts it on a
// temporary SQLite database seeded with the demo's files, makes a little traffic (page views from
// a campaign, a goal, a request, a chat, a call), logs in as the demo customer and calls every
// function that reads; each answer is stored with the parameters sent in
// src/server/api/openapi-examples.json (lists cut to their first records). The API reference
// shows them (src/server/api/openapi.ts) and test/unit/server/api/openapi-examples.test.ts checks
// each against its function's answer schema. Run it again after changing a function's answer.
// Entries it does not make (written by hand) are kept.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import prettier from 'prettier';
import { DEMO_SECRET, simulateCall } from './call-simulator.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'src/server/api/openapi-examples.json');
/** Records kept of a list: enough to show a record, short enough to read. */
const KEEP = 2;

if (!process.argv.includes('--no-build')) {
  execFileSync(join(root, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.server.json'], { cwd: root, stdio: 'inherit' });
}
const { createServer } = await import(pathToFileURL(join(root, 'dist/node/server/app.js')).href);

const dir = mkdtempSync(join(tmpdir(), 'svc-openapi-examples-'));
const server = await createServer({
  dbPath: join(dir, 'demo.db'),
  bundleDir: join(root, 'dist'),
  siteConfig: join(root, 'demo-site/site-config.json'),
  apiSeed: join(root, 'demo-site/api-seed.json'),
  telephonySeed: join(root, 'demo-site/telephony-seed.json'),
  telephony: { secret: DEMO_SECRET },
  leasePolicy: false,
  onWarning: () => {},
});
try {
  const base = await server.listen(0, '127.0.0.1');
  const made = await session(base);
  // Examples this script cannot make from the demo (the webhook functions, whose endpoints need a
  // reachable https receiver) are written by hand into the file: they are kept, and named.
  const before = existsSync(out) ? JSON.parse(readFileSync(out, 'utf8')) : {};
  const kept = Object.keys(before).filter((name) => !(name in made));
  const examples = { ...made, ...Object.fromEntries(kept.map((name) => [name, before[name]])) };
  if (kept.length > 0) console.log(`kept as written by hand: ${kept.join(', ')}`);
  const options = (await prettier.resolveConfig(out)) ?? {};
  writeFileSync(out, await prettier.format(JSON.stringify(examples, null, 2), { ...options, filepath: out }));
  console.log(`${Object.keys(examples).length} examples written to ${out}`);
} finally {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
}

/** A day as `YYYY-MM-DD`, `days` from today. */
function day(days) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

async function session(base) {
  let n = 0;
  const wid = () => `ex${Date.now().toString(36)}${(n++).toString(36).padStart(4, '0')}`;
  /** One batch of writes to the demo site, as the snippet sends it. */
  const writes = async (visitor, list) => {
    const res = await fetch(new URL('w/demo-site', base), {
      method: 'POST',
      headers: { 'content-type': 'text/plain', origin: 'http://localhost', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0' },
      body: JSON.stringify({ visitor, writes: list }),
    });
    const body = await res.json();
    for (const r of body.results ?? []) if (!r.success) throw new Error(`write refused: ${JSON.stringify(r)}`);
    if (!res.ok) throw new Error(`writes answered ${res.status}: ${JSON.stringify(body)}`);
    return body;
  };
  const hit = wid();
  const first = await writes(null, [
    { id: hit, type: 'hit', hit, at: Date.now(), data: { url: 'http://localhost/?utm_source=yandex', title: 'Demo', referrer: '' } },
  ]);
  const visitor = first.visitor;
  const view = first.results[0].result;
  const write = (type, data) => ({ id: wid(), type, hit, at: Date.now(), data });
  await writes(visitor, [
    write('event', { category: 'form', action: 'sent', name: 'price list' }),
    write('visitor_info', { name: 'Anna', phone: '+7 916 123-45-67' }),
    write('offline_request', { name: 'Anna', phone: '+7 916 123-45-67', message: 'Please call me back' }),
  ]);
  const chat = (await writes(visitor, [write('chat_message', { text: 'Hello! Do you deliver?' })])).results[0].result;
  const called = view.phones?.[0]?.raw ?? '74957770011';
  await simulateCall({ server: base, to: called, from: '79161234567', talk: 42, ring: 4, realTime: false, start: Date.now() - 60_000 });

  const examples = {};
  const login = { login: 'demo', password: 'demo-password' };
  const loggedIn = await api('POST', 'login', login);
  examples.login = { query: login, answer: loggedIn };
  const key = loggedIn.data.session_key;
  // A forwarding change, so the platform request log has a record.
  await api('POST', 'create_dialing_operation', { svc_phone: '74957770011', user_phone: '74951234567' }, key);

  const period = { date_from: day(-1), date_till: day(1) };
  const reads = {
    customer_list: null,
    agent_tp: null,
    site: {},
    ac: { site_id: 1 },
    ac_condition: { id: 10 },
    number_block: { ac_id: 10 },
    tag: {},
    virtual_numbers: {},
    scenarios: {},
    media_files: {},
    system_media_files: {},
    employee: {},
    sip_lines: {},
    stat: { site_id: 1, ...period },
    communication: { site_id: 1, ...period },
    goal: { site_id: 1, ...period },
    call: period,
    get_cdr_in: period,
    get_cdr_out: period,
    chat: period,
    chat_messages: { chat_id: chat.chat_id },
    offline_message: period,
    person_by_visitor: { id: view.visitor_id },
    visitors_by_person: null,
    visitor: { visitor_id: view.visitor_id },
    session_info: { session_id: view.session_id },
    advertising_sales: { site_id: 1, ...period },
    callapi_request: { ...period, method: 'create_dialing_operation' },
    daily_sdr: period,
    cdr_in_cost: period,
    cdr_out_cost: period,
    // The site owner's app's extensions.
    me: {},
    customer: {},
    site_installation: { site_id: 1 },
    site_settings: { site_id: 1 },
    region: {},
    journal: { site_id: 1, ...period },
    daily_report: { site_id: 1, ...period },
    api_login: {},
    employee_assignment: {},
    scenario_detail: {},
    numa_list: {},
  };
  const person = (await api('GET', 'person_by_visitor', { id: view.visitor_id }, key)).data[0].result;
  reads.visitors_by_person = { id: person };
  const agentKey = (await api('POST', 'login', { login: 'agent', password: 'agent-password' })).data.session_key;
  for (const [name, query] of Object.entries(reads)) {
    const answer = query === null ? await api('GET', name, {}, agentKey) : await api('GET', name, query, key);
    if (Array.isArray(answer.data)) answer.data = answer.data.slice(0, KEEP);
    examples[name] = { query: query ?? {}, answer };
  }
  return examples;

  async function api(method, name, args, sessionKey) {
    const url = new URL(name === 'login' ? 'api/login/' : `api/v1/${name}/`, base);
    const headers = { accept: 'application/json', ...(sessionKey ? { authorization: `Bearer ${sessionKey}` } : {}) };
    let res;
    if (method === 'GET') {
      for (const [k, v] of Object.entries(args)) url.searchParams.set(k, String(v));
      res = await fetch(url, { headers });
    } else {
      const body = name === 'login' ? args : { args };
      res = await fetch(url, { method, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    }
    const answer = await res.json();
    if (res.status !== 200 || answer.success !== true) throw new Error(`${method} ${name}: ${res.status} ${JSON.stringify(answer)}`);
    return answer;
  }
}
