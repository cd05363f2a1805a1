/**
 * The bulk import of sites (`npm run sites:import -- FILE.jsonl`, importSitesCli.ts): one platform API PUT body
 * per line with its `siteId`, each given to SiteProvisioning.put, the service behind `PUT /platform/v1/sites/{id}`,
 * in a transaction of its own, so a stop leaves no site half written.
 *
 * A bad line (not JSON, refused by the contract's schemas, or refused by the service, e.g. 409 admin_url_taken) is
 * reported with its number and skipped. After a stop, the progress file beside the input (`FILE.jsonl.progress`:
 * the number of the last line up to which every line is finished) lets a rerun continue after it; a PUT is
 * idempotent, so a line done again after a crash between its commit and the next progress write only reads. A run
 * that reaches the end removes the file: the next run of the same file starts again (and finds every site unchanged).
 */
import { createReadStream, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { DomainError } from '../server/domainErrors';
import { refusalAnswer } from '../server/http/errors';
import { describeIssue } from '../server/http/validate';
import { siteIdSchema, sitePutSchema } from '../server/platform/contract';
import type { SiteProvisioning } from '../server/platform/siteProvisioning';

export type LineOutcome = 'created' | 'updated' | 'unchanged' | 'failed';

export interface FailedLine {
  line: number;
  siteId: string | null;
  /** the HTTP status the platform API would have answered the same PUT with */
  status: number;
  reason: string;
}

export interface ImportSummary {
  file: string;
  /** the last line finished before this run started (from the progress file); 0 for a run from the start */
  resumedAfter: number;
  /** the last line up to which every line is finished */
  lastLine: number;
  /** whether the run reached the end of the file (else it was stopped and the progress file stays) */
  complete: boolean;
  /** lines this run handled (blank lines are not counted) */
  processed: number;
  created: number;
  updated: number;
  unchanged: number;
  failed: FailedLine[];
  seconds: number;
}

export interface ImportOptions {
  file: string;
  provisioning: Pick<SiteProvisioning, 'put'>;
  /** lines in flight at once (each its own transaction); lines naming the same site or admin URL still run in order */
  concurrency?: number;
  /** write the progress file every this many finished lines (and at the end or a stop) */
  progressEvery?: number;
  /** ignore a progress file and start from the first line */
  restart?: boolean;
  /** told after each finished line */
  onLine?: (line: number, outcome: LineOutcome | 'skipped') => void;
  /** aborted: no new line starts, the ones in flight finish, the progress is written */
  signal?: AbortSignal;
}

export const progressFileOf = (file: string) => `${file}.progress`;

export function readProgress(file: string): number {
  const progressFile = progressFileOf(file);
  if (!existsSync(progressFile)) return 0;
  const value = Number(readFileSync(progressFile, 'utf8').trim());
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${progressFile} does not hold a line number; remove it to start again`);
  return value;
}

function writeProgress(file: string, line: number): void {
  // Written aside and renamed: a stop during the write never leaves a broken file.
  const progressFile = progressFileOf(file);
  writeFileSync(`${progressFile}.tmp`, `${line}\n`);
  renameSync(`${progressFile}.tmp`, progressFile);
}

/** The lines of the file (what a progress bar counts to), without reading it into memory. */
export async function countLines(file: string): Promise<number> {
  let lines = 0;
  let last = -1;
  const stream = createReadStream(file);
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    for (let index = chunk.indexOf(10); index !== -1; index = chunk.indexOf(10, index + 1)) lines += 1;
    if (chunk.length > 0) last = chunk[chunk.length - 1]!;
  }
  return last === -1 || last === 10 ? lines : lines + 1;
}

type Parsed =
  | { ok: true; siteId: string; body: ReturnType<typeof sitePutSchema.parse> }
  | { ok: false; failure: Omit<FailedLine, 'line'> };

function parseLine(text: string): Parsed {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, failure: { siteId: null, status: 400, reason: `invalid JSON: ${(error as Error).message}` } };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, failure: { siteId: null, status: 400, reason: 'invalid JSON: a line must be one object' } };
  }
  const { siteId: rawSiteId, ...rest } = value as Record<string, unknown>;
  const siteId = siteIdSchema.safeParse(rawSiteId);
  if (!siteId.success) {
    const issue = siteId.error.issues[0];
    return { ok: false, failure: { siteId: null, status: 400, reason: `siteId: ${issue?.message ?? 'invalid'}` } };
  }
  const body = sitePutSchema.safeParse(rest);
  if (!body.success)
    return { ok: false, failure: { siteId: siteId.data, status: 400, reason: describeIssue(body.error) } };
  return { ok: true, siteId: siteId.data, body: body.data };
}

/** Imports the file's lines after the progress file's; answers what happened. Throws on a failure that is no line's fault (the database). */
export async function importSites(options: ImportOptions): Promise<ImportSummary> {
  const { file, provisioning, signal } = options;
  const concurrency = Math.max(1, options.concurrency ?? 1);
  const progressEvery = Math.max(1, options.progressEvery ?? 100);
  const started = performance.now();
  const resumedAfter = options.restart === true ? 0 : readProgress(file);
  const summary: ImportSummary = {
    file,
    resumedAfter,
    lastLine: resumedAfter,
    complete: false,
    processed: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    failed: [],
    seconds: 0,
  };

  // Lines finish out of order when several are in flight: the progress is the last line with every line before it finished.
  const finished = new Set<number>();
  let sinceWrite = 0;
  const finish = (line: number, outcome: LineOutcome | 'skipped') => {
    finished.add(line);
    while (finished.has(summary.lastLine + 1)) finished.delete(++summary.lastLine);
    options.onLine?.(line, outcome);
    if (++sinceWrite >= progressEvery) {
      sinceWrite = 0;
      writeProgress(file, summary.lastLine);
    }
  };

  const inFlight = new Set<Promise<void>>();
  /** per site id and admin URL, the last line's work: a line waits for the lines before it that name either */
  const lastOf = new Map<string, Promise<void>>();
  let fatal: unknown = null;

  async function put(line: number, siteId: string, body: Parsed & { ok: true }): Promise<void> {
    try {
      const result = await provisioning.put(siteId, body.body, null);
      const outcome: LineOutcome = result.created ? 'created' : result.changed ? 'updated' : 'unchanged';
      summary[outcome] += 1;
      finish(line, outcome);
    } catch (error) {
      if (!(error instanceof DomainError)) {
        fatal ??= error;
        return;
      }
      summary.failed.push({
        line,
        siteId,
        status: refusalAnswer(error)?.status ?? 400,
        reason: `${error.code}: ${error.message}`,
      });
      finish(line, 'failed');
    }
  }

  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  let number = 0;
  try {
    for await (const text of lines) {
      number += 1;
      if (number <= resumedAfter) continue;
      if (signal?.aborted === true || fatal !== null) break;
      if (text.trim() === '') {
        finish(number, 'skipped');
        continue;
      }
      summary.processed += 1;
      const parsed = parseLine(text);
      if (!parsed.ok) {
        summary.failed.push({ line: number, ...parsed.failure });
        finish(number, 'failed');
        continue;
      }
      const keys = [`site ${parsed.siteId}`, `admin ${parsed.body.adminUrl}`];
      const before = keys.map((key) => lastOf.get(key)).filter((work) => work !== undefined);
      const line = number;
      const work: Promise<void> = Promise.all(before)
        .then(() => put(line, parsed.siteId, parsed))
        .finally(() => {
          inFlight.delete(work);
          for (const key of keys) if (lastOf.get(key) === work) lastOf.delete(key);
        });
      for (const key of keys) lastOf.set(key, work);
      inFlight.add(work);
      while (inFlight.size >= concurrency) await Promise.race(inFlight);
    }
  } finally {
    lines.close();
    await Promise.all(inFlight);
  }
  if (fatal !== null) {
    writeProgress(file, summary.lastLine);
    throw fatal;
  }
  summary.complete = signal?.aborted !== true && summary.lastLine >= number;
  if (summary.complete) {
    rmSync(progressFileOf(file), { force: true });
    rmSync(`${progressFileOf(file)}.tmp`, { force: true });
  } else {
    writeProgress(file, summary.lastLine);
  }
  summary.failed.sort((a, b) => a.line - b.line);
  summary.seconds = (performance.now() - started) / 1000;
  return summary;
}

/** The summary as a person reads it. */
export function describeSummary(summary: ImportSummary): string {
  const rate = summary.seconds > 0 ? summary.processed / summary.seconds : 0;
  const lines = [
    `${summary.file}: ${summary.processed} lines${summary.resumedAfter > 0 ? ` after line ${summary.resumedAfter} (resumed)` : ''} in ${summary.seconds.toFixed(1)} s (${rate.toFixed(0)} lines/s):` +
      ` created ${summary.created}, updated ${summary.updated}, unchanged ${summary.unchanged}, failed ${summary.failed.length}`,
    ...summary.failed.map(
      (failure) =>
        `  line ${failure.line}${failure.siteId === null ? '' : ` (${failure.siteId})`}: ${failure.status} ${failure.reason}`,
    ),
  ];
  if (!summary.complete)
    lines.push(
      `Stopped after line ${summary.lastLine} (${progressFileOf(summary.file)}): run the same command again to continue.`,
    );
  return lines.join('\n');
}
