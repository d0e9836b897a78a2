import { afterEach, describe, expect, it } from 'vitest';
import type { ConsultantServer } from '../../../../src/server/app.js';
import { SECRET, telephonyServer } from '../telephony-helpers.js';
import { startAmiStandin, type AmiStandin } from '../../../support/ami-standin.js';
// The worked example of docs/calls.md ("Any other PBX: a bridge"), run as its readers would run it.
// @ts-expect-error: a plain script, without types
import { startBridge } from '../../../../examples/asterisk-ami-bridge.mjs';

let server: ConsultantServer;
let ami: AmiStandin;
let bridge: { close(): Promise<void>; idle(): Promise<void> } | undefined;
afterEach(async () => {
  await bridge?.close();
  bridge = undefined;
  await ami?.close();
  await server?.close();
});

const quiet = { error: () => {} };

async function start() {
  server = await telephonyServer();
  const url = await server.listen(0);
  ami = await startAmiStandin('svc', 'ami-secret');
  bridge = await startBridge({
    host: '127.0.0.1',
    port: ami.port,
    user: 'svc',
    secret: 'ami-secret',
    server: url,
    telephonySecret: SECRET,
    recordingUrl: 'https://pbx.example.com/rec/{id}.wav',
    log: quiet,
  });
}

/** What Asterisk sends for a call from the trunk to `did`, answered by extension 101 after 3 s, 7 s of talk. */
function trunkCall(id: string, did: string, at: number, answered = true): Array<Record<string, string>> {
  const ts = (s: number) => (at / 1000 + s).toFixed(6);
  const trunk = { Channel: 'PJSIP/trunk-00000001', Uniqueid: id, Linkedid: id };
  const agent = { Channel: 'PJSIP/101-00000002', Uniqueid: `${id}1`, Linkedid: id };
  return [
    {
      Event: 'Newchannel',
      Timestamp: ts(0),
      ...trunk,
      ChannelState: '4',
      CallerIDNum: '+7 916 123-45-67',
      Exten: did,
      Context: 'from-trunk',
    },
    { Event: 'Newchannel', Timestamp: ts(0.1), ...agent, ChannelState: '0', CallerIDNum: '101', Exten: 's', Context: 'from-internal' },
    { Event: 'DialBegin', Timestamp: ts(0.1), ...trunk, DestChannel: agent.Channel, DialString: '101' },
    ...(answered
      ? [
          { Event: 'DialEnd', Timestamp: ts(3), ...trunk, DestChannel: agent.Channel, DialStatus: 'ANSWER' },
          { Event: 'Hangup', Timestamp: ts(10), ...agent, Cause: '16' },
          { Event: 'Hangup', Timestamp: ts(10), ...trunk, Cause: '16' },
        ]
      : [
          { Event: 'DialEnd', Timestamp: ts(20), ...trunk, DestChannel: agent.Channel, DialStatus: 'NOANSWER' },
          { Event: 'Hangup', Timestamp: ts(20), ...agent, Cause: '19' },
          { Event: 'Hangup', Timestamp: ts(20), ...trunk, Cause: '19' },
        ]),
  ];
}

type CallRow = {
  numa: string;
  numb: string;
  ac_id: number;
  status: string | null;
  wait_time: number | null;
  duration: number | null;
  file_link: string;
};
const calls = () =>
  server.db.prepare('SELECT numa, numb, ac_id, status, wait_time, duration, file_link FROM calls ORDER BY id').all() as CallRow[];

describe('the Asterisk bridge of the documentation', () => {
  it('turns an answered trunk call into ringing, answered and ended, credited as any call', async () => {
    await start();
    const at = Date.now() - 60_000;
    ami.emit(trunkCall('1764400000.10', '74951110000', at));
    await expect.poll(() => calls().length, { timeout: 10_000 }).toBe(1);
    await expect.poll(() => calls()[0]!.status, { timeout: 10_000 }).toBe('normal');
    await bridge!.idle();
    expect(calls()).toEqual([
      {
        numa: '79161234567',
        numb: '74951110000',
        ac_id: 20,
        status: 'normal',
        wait_time: 3,
        duration: 7,
        file_link: JSON.stringify(['https://pbx.example.com/rec/1764400000.10.wav']),
      },
    ]);
    expect(ami.actions[0]).toMatchObject({ Action: 'Login', Username: 'svc', Secret: 'ami-secret' });
  });

  it('an unanswered call ends lost, with no recording; internal channels are not calls', async () => {
    await start();
    ami.emit([{ Event: 'Newchannel', Uniqueid: '9.1', Linkedid: '9.1', CallerIDNum: '101', Exten: '102', Context: 'from-internal' }]);
    ami.emit(trunkCall('1764400000.20', '74951110000', Date.now() - 60_000, false));
    await expect.poll(() => calls()[0]?.status, { timeout: 10_000 }).toBe('lost');
    await bridge!.idle();
    expect(calls()).toHaveLength(1);
    expect(calls()[0]).toMatchObject({ numb: '74951110000', wait_time: 20, duration: 0 });
    expect(calls()[0]!.file_link).not.toContain('pbx.example.com');
  });

  it('a wrong AMI secret stops the bridge with Asterisk’s words', async () => {
    ami = await startAmiStandin('svc', 'ami-secret');
    await expect(
      startBridge({
        host: '127.0.0.1',
        port: ami.port,
        user: 'svc',
        secret: 'wrong',
        server: 'http://127.0.0.1:1/',
        telephonySecret: SECRET,
        log: quiet,
      }),
    ).rejects.toThrow('AMI login refused: Authentication failed');
  });
});
