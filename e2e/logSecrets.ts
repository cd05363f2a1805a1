/**
 * After every browser test: what the demo's server logged during the whole run (at info level, each request's
 * line) and what the panel reported to the error-reporting service's stand-in (server/demo/errorReports.ts)
 * carry no token, no e-mail address and no card number. The run's own data is the sharpest probe: the owners'
 * addresses the scenarios use, the contacts the tests type, the support address in the messages the panel
 * shows (and reports), and the sandbox's test cards.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ERROR_REPORTS_FILE } from '../server/demo/errorReports';
import { TEST_CARDS } from '../server/payments/sandbox/testCards';

/** A signed token: a base64url JSON header starting `{"` then a payload starting `{"`. */
const JWT = /eyJ[\w-]{8,}\.eyJ[\w-]{8,}/;
const EMAIL = /[\w.+-]+@[\w-]+(\.[\w-]+)+/;
/** Characters shown either side of a secret found in a long line (a report can be a whole replay). */
const CONTEXT_CHARS = 80;

/** Each secret found, with a little of its line around it. */
export function secretsIn(text: string): string[] {
  const found: string[] = [];
  for (const line of text.split('\n')) {
    const card = Object.keys(TEST_CARDS).find((number) => line.includes(number));
    const at = [JWT.exec(line)?.index, EMAIL.exec(line)?.index, card === undefined ? undefined : line.indexOf(card)].find((index) => index !== undefined);
    if (at !== undefined) found.push(line.slice(Math.max(0, at - CONTEXT_CHARS), at + CONTEXT_CHARS));
  }
  return found;
}

function requiredEnv(name: string): string {
  const value = process.env[name];
  if (value === undefined) throw new Error(`${name} is not set: playwright.config.ts sets it`);
  return value;
}

function checkServerLog(): void {
  const logFile = requiredEnv('E2E_SERVER_LOG');
  const log = readFileSync(logFile, 'utf8');
  if (!log.includes('"statusCode"')) throw new Error(`the server log ${logFile} has no request lines: is LOG_LEVEL info?`);
  const leaks = secretsIn(log);
  if (leaks.length > 0) throw new Error(`the server logged ${leaks.length} line(s) with a secret:\n${leaks.slice(0, 5).join('\n')}`);
}

function checkErrorReports(): void {
  const reportsFile = path.join(requiredEnv('E2E_DATA_DIR'), ERROR_REPORTS_FILE);
  // Every run shows the user some failure (the legacy and not-owner scenarios at least), and each is reported.
  const reports = existsSync(reportsFile) ? readFileSync(reportsFile, 'utf8') : '';
  if (reports.trim() === '') throw new Error(`the panel reported nothing to the error service (${reportsFile}): is SENTRY_DSN set?`);
  // Each envelope names the DSN it was sent with, whose public key looks like an e-mail address; it is configuration.
  const leaks = secretsIn(reports.replaceAll(requiredEnv('E2E_SENTRY_DSN'), ''));
  if (leaks.length > 0) throw new Error(`the panel reported ${leaks.length} envelope(s) with a secret:\n${leaks.slice(0, 5).join('\n')}`);
}

export default function checkWhatTheRunLeft(): void {
  checkServerLog();
  checkErrorReports();
}
