/**
 * `npm run sites:import -- FILE.jsonl [--batch N] [--concurrency N] [--progress-every N] [--restart] [--json]`: the bulk import
 * (importSites.ts) on the configured database, migrated first: DATABASE_URL (PostgreSQL), else the SQLite file under
 * DATA_DIR (default .data/). New sites are served at `<subdomain>.<PRO_DOMAIN>` (default the brand's), and with
 * IDENTITY_ISSUER set every admin URL must lie under it, as the platform API demands. It reads nothing else: neither
 * DEMO=1 nor the production settings are needed.
 *
 * A progress bar on a terminal (stderr), then the summary (stdout; `--json`: as JSON). Exit code 0 when every line
 * went in, 1 when a line failed, 130 when stopped by Ctrl-C (the progress file stays: run again to continue), 2
 * when the import could not run (usage, database).
 */
import path from 'node:path';
import { SingleBar } from 'cli-progress';
import { defaultBrand } from '../server/config/brand';
import { nonEmpty } from '../server/config/settingSchemas';
import { createDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { SiteProvisioning } from '../server/platform/siteProvisioning';
import { countLines, DEFAULT_BATCH_SIZE, describeSummary, importSites, readProgress } from './importSites';

const USAGE =
  'usage: npm run sites:import -- FILE.jsonl [--batch N] [--concurrency N] [--progress-every N] [--restart] [--json]';
/** DATA_DIR is relative to the project, as for the server. */
const projectRoot = path.resolve(__dirname, '..');

interface Args {
  file: string;
  batchSize: number;
  concurrency: number | null;
  progressEvery: number;
  restart: boolean;
  json: boolean;
}

function positiveInteger(flag: string, raw: string | undefined): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${flag} needs a whole number of at least 1\n${USAGE}`);
  return value;
}

function parseArgs(argv: string[]): Args {
  const args: Args = {
    file: '',
    batchSize: DEFAULT_BATCH_SIZE,
    concurrency: null,
    progressEvery: 100,
    restart: false,
    json: false,
  };
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index]!;
    if (arg === '--batch') args.batchSize = positiveInteger(arg, argv[++index]);
    else if (arg === '--concurrency') args.concurrency = positiveInteger(arg, argv[++index]);
    else if (arg === '--progress-every') args.progressEvery = positiveInteger(arg, argv[++index]);
    else if (arg === '--restart') args.restart = true;
    else if (arg === '--json') args.json = true;
    else if (arg.startsWith('-') || args.file !== '') throw new Error(`unexpected argument ${arg}\n${USAGE}`);
    else args.file = arg;
  }
  if (args.file === '') throw new Error(USAGE);
  return args;
}

function issuerOf(raw: string | undefined): string | null {
  const value = nonEmpty(raw);
  if (value === null) return null;
  const url = URL.canParse(value) ? new URL(value) : null;
  if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw new Error(`IDENTITY_ISSUER must be an http(s) URL, got "${value}"`);
  return value.replace(/\/+$/, '');
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  const env = process.env;
  const platformIssuer = issuerOf(env.IDENTITY_ISSUER);
  const databaseUrl = nonEmpty(env.DATABASE_URL);
  const db = createDatabase({ dataDir: path.resolve(projectRoot, nonEmpty(env.DATA_DIR) ?? '.data'), databaseUrl });
  const stop = new AbortController();
  let interrupted = false;
  const onSignal = () => {
    // The second Ctrl-C does not wait for the lines in flight (their transactions roll back).
    if (interrupted) process.exit(130);
    interrupted = true;
    stop.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  let bar: SingleBar | null = null;
  try {
    await migrateToLatest(db);
    const provisioning = new SiteProvisioning(db, {
      proDomain: nonEmpty(env.PRO_DOMAIN) ?? defaultBrand.proDomain,
      platformIssuer,
      now: Date.now,
    });
    if (process.stderr.isTTY) {
      const total = await countLines(args.file);
      bar = new SingleBar({
        stream: process.stderr,
        format:
          'sites {bar} {percentage}% | line {value}/{total} | {rate} lines/s | eta {eta_formatted} | failed {failed}',
        hideCursor: true,
      });
      bar.start(total, args.restart ? 0 : readProgress(args.file), { rate: 0, failed: 0 });
    }
    let failed = 0;
    const started = performance.now();
    let done = 0;
    const summary = await importSites({
      file: args.file,
      provisioning,
      batchSize: args.batchSize,
      // SQLite takes one writer at a time; PostgreSQL's pool gains from a second batch in flight.
      concurrency: args.concurrency ?? (databaseUrl === null ? 1 : 2),
      progressEvery: args.progressEvery,
      restart: args.restart,
      signal: stop.signal,
      onLine: (line, outcome) => {
        done += 1;
        if (outcome === 'failed') failed += 1;
        bar?.update(line, { rate: Math.round(done / Math.max(0.001, (performance.now() - started) / 1000)), failed });
      },
    });
    bar?.stop();
    bar = null;
    process.stdout.write(`${args.json ? JSON.stringify(summary) : describeSummary(summary)}\n`);
    if (!summary.complete) return 130;
    return summary.failed.length > 0 ? 1 : 0;
  } finally {
    bar?.stop();
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`sites:import: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  },
);
