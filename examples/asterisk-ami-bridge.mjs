#!/usr/bin/env node
// A bridge from Asterisk (or FreePBX, which runs Asterisk) to the consultant server's telephony
// boundary (docs/calls.md, "Any other PBX: a bridge"). It logs in to the Asterisk Manager Interface,
// follows the calls that enter from the trunk, and posts each call's `ringing`, `answered` and
// `ended` to `POST {server}/telephony/events`, signed with the shared secret. No dependencies:
// AMI is a documented line protocol (blocks of `Key: Value` lines ended by an empty line).
//
//   AMI_HOST=127.0.0.1 AMI_PORT=5038 AMI_USER=svc AMI_SECRET=… \
//   SVC_SERVER=https://calls.example.com/ SVC_TELEPHONY_SECRET=… node asterisk-ami-bridge.mjs
//
// Optional: INBOUND_CONTEXTS (default `from-trunk,from-pstn,from-external`: the dialplan contexts
// where the trunk's calls enter), RECORDING_URL (a link to the call's recording with `{id}` for the
// call's Linkedid, when your dialplan records with MixMonitor and a web server publishes the files).
import { createHmac } from 'node:crypto';
import { connect } from 'node:net';
import { pathToFileURL } from 'node:url';

/** Reads AMI's stream into messages: `Key: Value` lines, an empty line ends each. */
function messages(onMessage) {
  let buffer = '';
  return (chunk) => {
    buffer += chunk;
    let end;
    while ((end = buffer.indexOf('\r\n\r\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 4);
      const message = {};
      for (const line of block.split('\r\n')) {
        const colon = line.indexOf(': ');
        if (colon > 0) message[line.slice(0, colon)] = line.slice(colon + 2);
      }
      onMessage(message);
    }
  };
}

const digits = (v) => String(v ?? '').replace(/\D/g, '');

/**
 * Starts the bridge; resolves once logged in. `post(event)` is awaited for each event in order;
 * the default signs and posts it. `close()` logs off.
 */
export function startBridge({ host, port = 5038, user, secret, server, telephonySecret, inboundContexts, recordingUrl, log = console }) {
  const contexts = new Set(inboundContexts ?? ['from-trunk', 'from-pstn', 'from-external']);
  const url = new URL('telephony/events', server.endsWith('/') ? server : server + '/');
  /** The calls followed, by Linkedid: who called which number, when it started and was answered. */
  const calls = new Map();
  let queue = Promise.resolve();

  const post = (event) => {
    // One at a time, in order: the server accepts any order, a person reading its log prefers this one.
    queue = queue.then(async () => {
      const body = JSON.stringify(event);
      const signature = 'sha256=' + createHmac('sha256', telephonySecret).update(body).digest('hex');
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-svc-signature': signature },
          body,
        });
        if (!res.ok) log.error(`${event.event} of ${event.call_id}: ${res.status} ${await res.text()}`);
      } catch (e) {
        log.error(`${event.event} of ${event.call_id}: ${e.message}`);
      }
    });
    return queue;
  };

  // AMI's `Timestamp` (with `timestampevents = yes` in manager.conf) is when Asterisk saw it.
  const timeOf = (m) => (m.Timestamp ? Math.round(Number(m.Timestamp) * 1000) : Date.now());

  const onEvent = (m) => {
    const call = calls.get(m.Linkedid);
    if (m.Event === 'Newchannel' && m.Uniqueid === m.Linkedid && contexts.has(m.Context)) {
      const start = timeOf(m);
      const opened = { call_id: m.Linkedid, direction: 'in', numa: digits(m.CallerIDNum), numb: digits(m.Exten), start, answered: null };
      calls.set(m.Linkedid, opened);
      void post({
        call_id: opened.call_id,
        event: 'ringing',
        direction: 'in',
        numa: opened.numa,
        numb: opened.numb,
        time: new Date(start).toISOString(),
      });
    } else if (call && m.Event === 'DialEnd' && m.DialStatus === 'ANSWER' && call.answered === null) {
      call.answered = timeOf(m);
      void post({
        call_id: call.call_id,
        event: 'answered',
        direction: 'in',
        numa: call.numa,
        numb: call.numb,
        time: new Date(call.answered).toISOString(),
      });
    } else if (call && m.Event === 'Hangup' && m.Uniqueid === m.Linkedid) {
      calls.delete(m.Linkedid);
      const end = timeOf(m);
      const seconds = (from) => Math.max(0, Math.round((end - from) / 1000));
      void post({
        call_id: call.call_id,
        event: 'ended',
        direction: 'in',
        numa: call.numa,
        numb: call.numb,
        time: new Date(end).toISOString(),
        duration: call.answered === null ? 0 : seconds(call.answered),
        total_duration: seconds(call.start),
        ...(call.answered !== null && recordingUrl ? { file_link: recordingUrl.replace('{id}', encodeURIComponent(call.call_id)) } : {}),
      });
    }
  };

  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    socket.setEncoding('utf8');
    let loggedIn = false;
    const read = messages((m) => {
      if (!loggedIn) {
        if (m.Response === 'Success') {
          loggedIn = true;
          resolve({ close: () => new Promise((done) => socket.end('Action: Logoff\r\n\r\n', done)), idle: () => queue });
        } else if (m.Response === 'Error') {
          reject(new Error(`AMI login refused: ${m.Message ?? 'no reason given'}`));
          socket.destroy();
        }
        return;
      }
      if (m.Event) onEvent(m);
    });
    let banner = true;
    socket.on('data', (chunk) => {
      // The first line is the banner (`Asterisk Call Manager/…`), ended by one line break only.
      if (banner) {
        const eol = chunk.indexOf('\r\n');
        if (eol < 0) return;
        banner = false;
        socket.write(`Action: Login\r\nUsername: ${user}\r\nSecret: ${secret}\r\nEvents: call\r\n\r\n`);
        chunk = chunk.slice(eol + 2);
      }
      read(chunk);
    });
    socket.on('error', (e) => (loggedIn ? log.error(`AMI: ${e.message}`) : reject(e)));
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const env = process.env;
  const missing = ['AMI_USER', 'AMI_SECRET', 'SVC_SERVER', 'SVC_TELEPHONY_SECRET'].filter((k) => !env[k]);
  if (missing.length) {
    console.error(`Set ${missing.join(', ')} (see the comment at the top of this file).`);
    process.exit(2);
  }
  await startBridge({
    host: env.AMI_HOST ?? '127.0.0.1',
    port: Number(env.AMI_PORT ?? 5038),
    user: env.AMI_USER,
    secret: env.AMI_SECRET,
    server: env.SVC_SERVER,
    telephonySecret: env.SVC_TELEPHONY_SECRET,
    inboundContexts: env.INBOUND_CONTEXTS?.split(','),
    recordingUrl: env.RECORDING_URL,
  });
  console.log('Bridging Asterisk calls to', env.SVC_SERVER);
}
