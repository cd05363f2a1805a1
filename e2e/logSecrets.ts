/**
 * After every browser test: what the demo's server logged during the whole run (at info level, each request's
 * line) carries no token, no e-mail address and no card number. The run's own data is the sharpest probe: the
 * owners' addresses the scenarios use, the contacts the tests type, and the sandbox's test cards.
 */
import { readFileSync } from 'node:fs';
import { TEST_CARDS } from '../server/payments/testCards';

/** A signed token: a base64url JSON header starting `{"` then a payload starting `{"`. */
const JWT = /eyJ[\w-]{8,}\.eyJ[\w-]{8,}/;
const EMAIL = /[\w.+-]+@[\w-]+(\.[\w-]+)+/;

export function secretsIn(log: string): string[] {
  const found: string[] = [];
  for (const line of log.split('\n')) {
    const card = Object.keys(TEST_CARDS).find((number) => line.includes(number));
    if (JWT.test(line) || EMAIL.test(line) || card !== undefined) found.push(line);
  }
  return found;
}

export default function checkServerLog(): void {
  const logFile = process.env.E2E_SERVER_LOG;
  if (logFile === undefined) throw new Error('E2E_SERVER_LOG is not set: playwright.config.ts names the server log');
  const log = readFileSync(logFile, 'utf8');
  if (!log.includes('"statusCode"')) throw new Error(`the server log ${logFile} has no request lines: is LOG_LEVEL info?`);
  const leaks = secretsIn(log);
  if (leaks.length > 0) throw new Error(`the server logged ${leaks.length} line(s) with a secret:\n${leaks.slice(0, 5).join('\n')}`);
}
