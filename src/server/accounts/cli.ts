#!/usr/bin/env node
/** The account command's entry (accounts/create-account.ts); `npm run create-account` runs it from dist/node. */
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createAccountCommand } from './create-account.js';

// dist/node/server/accounts/cli.js → the package root, where main.ts keeps data/svc.db.
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

/** The first line of stdin; on a terminal, asked for twice without echo. */
async function readPassword(): Promise<string> {
  const input = process.stdin;
  if (!input.isTTY) {
    const lines = createInterface({ input });
    for await (const line of lines) {
      lines.close();
      return line;
    }
    return '';
  }
  const ask = (prompt: string) =>
    new Promise<string>((answer) => {
      const rl = createInterface({ input, output: process.stderr, terminal: true });
      // Nothing typed is echoed: readline writes through this, and only the prompt gets out.
      const write = (rl as unknown as { _writeToOutput(s: string): void })._writeToOutput;
      (rl as unknown as { _writeToOutput(s: string): void })._writeToOutput = (s: string) => {
        if (s.startsWith(prompt)) write.call(rl, prompt);
      };
      rl.question(prompt, (line) => {
        rl.close();
        process.stderr.write('\n');
        answer(line);
      });
    });
  const first = await ask('Password: ');
  const again = await ask('Password again: ');
  if (first !== again) {
    console.error('create-account: the passwords differ');
    process.exit(2);
  }
  return first;
}

process.exitCode = await createAccountCommand(process.argv.slice(2), {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
  env: process.env,
  defaultDb: join(root, 'data/svc.db'),
  readPassword,
});
