#!/usr/bin/env node
// `npm run webhook-receiver -- --secret <whsec_…> [--port 3199] [--host 127.0.0.1]`: a receiver for
// trying webhooks. It prints every delivery that arrives, says whether its signature is the
// secret's and its timestamp fresh, and answers 200 (or 401 when the signature fails).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';

const usage = `usage: npm run webhook-receiver -- --secret <secret> [options]

Prints each webhook delivery and checks its signature (docs/webhooks.md).
  --secret <secret>   the endpoint's secret (create_webhook's answer); default WEBHOOK_SECRET
  --port <port>       default 3199 (0: any free port)
  --host <host>       default 127.0.0.1
  --help`;

const { values } = parseArgs({
  options: {
    secret: { type: 'string', default: process.env.WEBHOOK_SECRET },
    port: { type: 'string', default: '3199' },
    host: { type: 'string', default: '127.0.0.1' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(usage);
  process.exit(0);
}
if (!values.secret) {
  console.error(usage);
  process.exit(2);
}

/** The check of docs/webhooks.md, "Verifying a delivery": HMAC-SHA256 of `<timestamp>.<body>`, at most 5 minutes old. */
function verify(secret, body, signature, timestamp) {
  const ts = Number(timestamp);
  if (!signature || !Number.isInteger(ts) || Math.abs(Date.now() / 1000 - ts) > 300) return false;
  const want = Buffer.from('v1=' + createHmac('sha256', secret).update(`${ts}.${body}`).digest('hex'));
  const got = Buffer.from(signature);
  return want.length === got.length && timingSafeEqual(want, got);
}

const server = createServer((req, res) => {
  const chunks = [];
  let size = 0;
  req.on('data', (c) => {
    size += c.length;
    if (size <= 1 << 20) chunks.push(c);
  });
  req.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    const ok = verify(values.secret, body, req.headers['x-svc-webhook-signature'], req.headers['x-svc-webhook-timestamp']);
    let shown = body;
    try {
      shown = JSON.stringify(JSON.parse(body), null, 2);
    } catch {
      // not JSON: shown as it came
    }
    console.log(
      `\n${new Date().toISOString()} ${req.method} ${req.url} ${req.headers['x-svc-webhook-event'] ?? '?'} ${req.headers['x-svc-webhook-id'] ?? '?'}` +
        ` signature ${ok ? 'OK' : 'FAILED'}\n${shown}`,
    );
    res.statusCode = ok ? 200 : 401;
    res.end(ok ? 'ok' : 'bad signature');
  });
});
server.listen(Number(values.port), values.host, () => {
  const a = server.address();
  console.log(`webhook receiver on http://${values.host}:${a.port}/ (Ctrl-C stops it)`);
});
