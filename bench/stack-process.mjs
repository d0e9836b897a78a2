// The swap section's stack (bench/stack.mjs) behind its delaying proxy (bench/proxy.mjs), in a
// Node process of its own. In the process that drives Chromium, the server and the proxy answered
// a first visit's page view only when that process was not busy with the page load's own
// protocol traffic, so the page view's round trip could read longer than the bare fetch()
// measured later on an idle page. Here the two are scheduled apart.
//
// As a module: `startStackProcess(root, { config, pages })` → `{ proxyUrl, siteUrl, setDelay(ms),
// log(), close() }`; `{{PROXY_URL}}` in a page is replaced by the proxy's URL (`{{SVC_URL}}` by
// the server's, as startStack does). As a script (the child): one JSON line of setup on stdin,
// then commands, one JSON line each; every answer is one JSON line on stdout.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export async function startStackProcess(root, { config, pages }) {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url)], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout });
  const waiting = [];
  lines.on('line', (line) => waiting.shift()?.(JSON.parse(line)));
  const ask = (msg) =>
    new Promise((answer, fail) => {
      waiting.push(answer);
      child.stdin.write(JSON.stringify(msg) + '\n', (e) => e && fail(e));
    });
  const exited = new Promise((done) => child.once('exit', done));
  const ready = await Promise.race([
    ask({ root, config, pages }),
    exited.then((code) => Promise.reject(new Error(`stack process exited: ${code}`))),
  ]);
  return {
    proxyUrl: ready.proxyUrl,
    siteUrl: ready.siteUrl,
    setDelay: (ms) => ask({ delay: ms }),
    log: async () => (await ask({ log: true })).log,
    async close() {
      child.stdin.end();
      await exited;
    },
  };
}

/** The child: starts the proxy and the stack, then answers commands until its stdin closes. */
async function serve() {
  const { startProxy } = await import('./proxy.mjs');
  const { startStack } = await import('./stack.mjs');
  const lines = createInterface({ input: process.stdin });
  const say = (o) => process.stdout.write(JSON.stringify(o) + '\n');
  let proxy;
  let stack;
  for await (const line of lines) {
    const msg = JSON.parse(line);
    if (msg.root) {
      proxy = await startProxy();
      const pages = Object.fromEntries(
        Object.entries(msg.pages).map(([name, html]) => [name, html.replaceAll('{{PROXY_URL}}', proxy.url)]),
      );
      stack = await startStack(msg.root, { config: msg.config, pages });
      proxy.target = stack.svcUrl;
      say({ proxyUrl: proxy.url, siteUrl: stack.siteUrl });
    } else if ('delay' in msg) {
      proxy.delay = msg.delay;
      say({ delay: msg.delay });
    } else if (msg.log) say({ log: proxy.log });
  }
  await stack?.close();
  await proxy?.close();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await serve();
