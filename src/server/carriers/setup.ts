import { refusedUrl } from '../webhooks/target-guard.js';

/**
 * What this server still needs before a carrier can be connected: the key that seals the
 * credentials (SVC_SECRET_KEY) and a public address the carrier can call back (SVC_PUBLIC_URL).
 * A carrier's servers cannot reach 127.0.0.1 or a private network, so such an address is refused
 * too, unless the server is told otherwise (a stand-in carrier on the same machine, in tests).
 */

export interface SetupProblem {
  /** The setting to set. */
  setting: 'SVC_SECRET_KEY' | 'SVC_PUBLIC_URL';
  message: string;
}

export function setupProblems(s: {
  secretKey: Buffer | undefined;
  publicUrl: string | undefined;
  allowPrivateUrl: boolean;
}): SetupProblem[] {
  const out: SetupProblem[] = [];
  if (!s.secretKey)
    out.push({
      setting: 'SVC_SECRET_KEY',
      message:
        'Set SVC_SECRET_KEY (32 random bytes, base64 or hex: openssl rand -base64 32): carrier credentials are stored encrypted with it',
    });
  if (!s.publicUrl)
    out.push({
      setting: 'SVC_PUBLIC_URL',
      message: 'Set SVC_PUBLIC_URL to this server’s public address (https://calls.example.com/): the carrier sends its calls there',
    });
  else if (!s.allowPrivateUrl) {
    const why = refusedUrl(s.publicUrl, { allowHttp: true, allowLoopback: false });
    if (why)
      out.push({
        setting: 'SVC_PUBLIC_URL',
        message: `SVC_PUBLIC_URL ${s.publicUrl} cannot be reached by a carrier (${why}): set it to this server’s public address`,
      });
  }
  return out;
}
