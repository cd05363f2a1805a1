/**
 * The bulk import of sites (`npm run sites:import -- FILE.jsonl`, importSitesCli.ts): one platform API PUT body
 * per line with its `siteId`, given in batches of `batchSize` lines to SiteProvisioning.putMany, the service behind
 * `PUT /platform/v1/sites/{id}`: each line gets the outcome its PUT alone would, new sites are written a batch at a
 * time in one transaction (issue 49: a commit and a dozen statements a line held PostgreSQL to 157 lines/s), and a
 * stop leaves no site half written.
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
import { namesOf, type SiteProvisioning } from '../server/platform/siteProvisioning';

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
  provisioning: Pick<SiteProvisioning, 'putMany'>;
  /** lines given to the database together (default 500) */
  batchSize?: number;
  /** batches in flight at once; batches naming the same site, admin URL, subdomain or user still run in order */
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

/** Lines a batch holds: the default keeps a batch's multi-row inserts and lookups well under both databases' limits. */
export const DEFAULT_BATCH_SIZE = 500;

type ValidBody = ReturnType<typeof sitePutSchema.parse>;

type Parsed = { ok: true; siteId: string; body: ValidBody } | { ok: false; failure: Omit<FailedLine, 'line'> };

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
  const batchSize = Math.max(1, options.batchSize ?? DEFAULT_BATCH_SIZE);
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
  /** per name (namesOf), the last batch's work: a batch waits for the batches before it that name any of its names */
  const lastOf = new Map<string, Promise<void>>();
  let fatal: unknown = null;

  async function putBatch(batch: Array<{ line: number; siteId: string; body: ValidBody }>): Promise<void> {
    let outcomes;
    try {
      outcomes = await provisioning.putMany(batch);
    } catch (error) {
      fatal ??= error;
      return;
    }
    for (const [index, { line, siteId }] of batch.entries()) {
      const result = outcomes[index]!;
      if (result instanceof DomainError) {
        summary.failed.push({
          line,
          siteId,
          status: refusalAnswer(result)?.status ?? 400,
          reason: `${result.code}: ${result.message}`,
        });
        finish(line, 'failed');
      } else {
        const outcome: LineOutcome = result.created ? 'created' : result.changed ? 'updated' : 'unchanged';
        summary[outcome] += 1;
        finish(line, outcome);
      }
    }
  }

  let batch: Array<{ line: number; siteId: string; body: ValidBody }> = [];
  async function sendBatch(): Promise<void> {
    if (batch.length === 0) return;
    const lines = batch;
    batch = [];
    const names = [...new Set(lines.flatMap(({ siteId, body }) => namesOf(siteId, body)))];
    const before = [...new Set(names.map((name) => lastOf.get(name)).filter((work) => work !== undefined))];
    const work: Promise<void> = Promise.all(before)
      .then(() => putBatch(lines))
      .finally(() => {
        inFlight.delete(work);
        for (const name of names) if (lastOf.get(name) === work) lastOf.delete(name);
      });
    for (const name of names) lastOf.set(name, work);
    inFlight.add(work);
    while (inFlight.size >= concurrency) await Promise.race(inFlight);
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
      batch.push({ line: number, siteId: parsed.siteId, body: parsed.body });
      if (batch.length >= batchSize) await sendBatch();
    }
    if (signal?.aborted !== true && fatal === null) await sendBatch();
    else {
      // The lines read into the unsent batch are not done: the progress stays before them.
      summary.processed -= batch.length;
      batch = [];
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
