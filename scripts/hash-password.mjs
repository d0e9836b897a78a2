#!/usr/bin/env node
// Prints the scrypt hash of an operator password, for `password_hash` of an employee in the site
// configuration. Usage: node scripts/hash-password.mjs 'the password'   (or pipe it on stdin)
// Format: scrypt$N$r$p$<salt base64url>$<hash base64url> (src/server/sign-in/password.ts checks it).
import { randomBytes, scryptSync } from 'node:crypto';
import { readFileSync } from 'node:fs';

const N = 16384,
  R = 8,
  P = 1;
let password = process.argv[2];
if (password == null) password = readFileSync(0, 'utf8').replace(/\r?\n$/, '');
if (!password) {
  console.error("usage: node scripts/hash-password.mjs 'password'");
  process.exit(2);
}
const salt = randomBytes(16);
const key = scryptSync(password.normalize('NFC'), salt, 32, { N, r: R, p: P, maxmem: 64 * 1024 * 1024 });
console.log(`scrypt$${N}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`);
