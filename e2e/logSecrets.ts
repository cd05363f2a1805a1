/**
 * After every browser test: what each worker's demo server (e2e/fixtures.ts) logged during the whole run (at info
 * level, each request's line) and what the panel reported to its error-reporting service's stand-in
 * (server/demo/demoErrorReports.ts) carry no token, no e-mail address and no card number. The run's own data is the sharpest probe: the owners'
 * addresses the scenarios use, the contacts the tests type, the support address in the messages the panel
 * shows (and reports), and the sandbox's test cards.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { ERROR_REPORTS_FILE, ERROR_REPORTS_PATH } from '../server/demo/demoErrorReports';
import { TEST_CARDS } from '../server/payments/sandbox/testCards';

/** Each demo's log, in its directory (e2e/fixtures.ts). */
export const SERVER_LOG = 'server.log';
/** The user name of the error-reporting DSN each demo's panel reports with; taken out of the reports again below. */
export const SENTRY_DSN_USER = 'e2e';

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
    const at = [
      JWT.exec(line)?.index,
      EMAIL.exec(line)?.index,
      card === undefined ? undefined : line.indexOf(card),
    ].find((index) => index !== undefined);
    if (at !== undefined) found.push(line.slice(Math.max(0, at - CONTEXT_CHARS), at + CONTEXT_CHARS));
  }
  return found;
}

/** Each worker's demo directory of the run (playwright.config.ts sets E2E_DATA_DIR; e2e/fixtures.ts fills it). */
function demoDirs(): string[] {
  const runDir = process.env.E2E_DATA_DIR;
  if (runDir === undefined) throw new Error('E2E_DATA_DIR is not set: playwright.config.ts sets it');
  return readdirSync(runDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name.startsWith('worker-'))
    .map((entry) => path.join(runDir, entry.name));
}

function checkServerLogs(dirs: string[]): void {
  const logFiles = dirs.map((dir) => path.join(dir, SERVER_LOG)).filter((file) => existsSync(file));
  const logs = logFiles.map((file) => readFileSync(file, 'utf8'));
  if (!logs.some((log) => log.includes('"statusCode"')))
    throw new Error(`the server logs ${logFiles.join(', ')} have no request lines: is LOG_LEVEL info?`);
  for (const [index, log] of logs.entries()) {
    const leaks = secretsIn(log);
    if (leaks.length > 0)
      throw new Error(
        `the server logged ${leaks.length} line(s) with a secret (${logFiles[index]}):\n${leaks.slice(0, 5).join('\n')}`,
      );
  }
}

/** Each envelope names the DSN it was sent with, whose public key looks like an e-mail address; it is configuration. */
const SENTRY_DSN = new RegExp(
  `http://${SENTRY_DSN_USER}@127\\.0\\.0\\.1:\\d+${ERROR_REPORTS_PATH.replaceAll('/', '\\/')}/1`,
  'g',
);

function checkErrorReports(dirs: string[]): void {
  const files = dirs.map((dir) => path.join(dir, ERROR_REPORTS_FILE)).filter((file) => existsSync(file));
  // Every run shows the user some failure (the legacy and not-owner scenarios at least), and each is reported.
  const reports = files.map((file) => readFileSync(file, 'utf8')).join('\n');
  if (reports.trim() === '')
    throw new Error(`the panel reported nothing to the error service (${dirs.join(', ')}): is SENTRY_DSN set?`);
  const leaks = secretsIn(reports.replaceAll(SENTRY_DSN, ''));
  if (leaks.length > 0)
    throw new Error(`the panel reported ${leaks.length} envelope(s) with a secret:\n${leaks.slice(0, 5).join('\n')}`);
}

export default function checkWhatTheRunLeft(): void {
  const dirs = demoDirs();
  // A run of the examples alone (`npm run test:examples`) starts no demo of the panel's own.
  if (dirs.length === 0) return;
  checkServerLogs(dirs);
  checkErrorReports(dirs);
}
