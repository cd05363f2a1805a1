// Many sites on one server (issues 35 and 49), on SQLite (the embedded default) and on PostgreSQL: N sites brought
// in by the bulk import (`npm run sites:import`), then the production server under billing-session and
// get-billing-data at a fixed rate over sites picked at random, against the same load on one hot site.
//
// For each database:
// 1. A JWKS server of the bench's own (one RS256 key) stands for every site's admin: site i's admin URL is
//    `http://127.0.0.1:<port>/sites/site-i`, its JWKS under it; it is also IDENTITY_ISSUER.
// 2. The demo seeds the database once (the catalogue: production has no seed), then N sites are written as JSONL and
//    imported: first 10 of them (the panel page of site-0 and its headers are measured with 10 sites), then all N
//    (the first 10 unchanged): time and rate.
// 3. Every imported owner gets a payment customer and an active subscription, written straight into the database:
//    billing-session with init true would ask the card provider for the customer, and the production server's
//    provider is out of reach (bench/servers.mjs), so the load calls billing-session with init false; get-billing-data
//    answers only for a site with a subscription.
// 4. A production server (compiled) takes the random load, then is stopped, and a fresh one takes the hot load, so
//    each one's CPU time per request (from /proc), resident memory at the end and read model hit rate (the line it
//    logs at close) are its pattern's alone; one at a time, as SQLite's file has one writer. On PostgreSQL the
//    database's CPU is measured too: the postmaster's and every process it forked (live ones from /proc, ended ones
//    in the postmaster's reaped-children time), over each load. billing-session: an identity token per request,
//    signed by the bench for the picked site's owner. get-billing-data: a billing session token per request, for the
//    picked site's owner (HS256 with the servers' SESSION_SECRET, as billing-session would hand out). The random
//    server's load starts once its first pass of answers made ahead has emptied the queue the import and the
//    subscriptions filled (billing/answerPreparation.ts): its time and rate are printed.
// The machine's load average is printed at the start and end of each database's run, and what the rest of the
// machine used during each measured load: the machine's CPU time (/proc/stat) less the bench's own, the server's and
// the database's. Above a quarter of a core the machine was busy, and the run's p99 does not count (CPU per call,
// which /proc counts per process, still does). The load average cannot tell: it counts the bench's own load.
// Resident memory is printed with its anonymous part (the heap, native buffers) and its file-backed part.
// Goals (issue 49): CPU per call random at most 1.3 x hot, p99 at most 20 ms at the rate, resident memory within
// 100 MB of the hot run's, import at least 1,000 sites/s on PostgreSQL, the page and its headers the same size with 10
// and with N sites.
//
// Usage: npm run bench:sites [-- --db sqlite|postgres|both] [--sites N] [--seconds S] [--rate R] [--kept K]
//          [--connections C] [--import-batch B] [--import-concurrency J] [--warm] [--profile DIR]
//   --db: the database(s) (default sqlite); PostgreSQL is DATABASE_URL's cluster (the bench makes and drops a
//   database on it), else a throw-away one (server/testing/withPostgres.mjs);
//   --sites: how many sites (default 100000); --seconds: each measured load (default 10); --rate: requests/s (500);
//   --kept: READ_MODEL_SITES_KEPT for the servers (default: the server's own);
//   --import-batch, --import-concurrency: sites:import's --batch and --concurrency (default: its own);
//   --warm: before get-billing-data's measured load, the random server answers it once for every site (each owner's
//   one session token, as a live panel polls with it);
//   --profile DIR: each production server writes a CPU profile there at close (node --cpu-prof;
//   <db>-random.cpuprofile, <db>-hot.cpuprofile), for what a miss costs;
//   smoke: --sites 200 --seconds 2.
import { execSync, fork, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer, request } from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { pacedLoad } from './pacedLoad.mjs';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import pg from 'pg';
import {
  COMPILED_MAIN,
  PRODUCTION_ENV,
  P99_GOAL_MS,
  errorsOf,
  root,
  onAdminDatabase,
  startPanelServer,
  stop,
} from './servers.mjs';

const { values: flags } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite' },
    sites: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: process.env.BENCH_SECONDS ?? '10' },
    rate: { type: 'string', default: process.env.BENCH_RATE ?? '500' },
    connections: { type: 'string', default: process.env.BENCH_CONNECTIONS ?? '10' },
    kept: { type: 'string' },
    warm: { type: 'boolean', default: false },
    profile: { type: 'string' },
    'import-batch': { type: 'string' },
    'import-concurrency': { type: 'string' },
  },
});
const DATABASES = { sqlite: ['sqlite'], postgres: ['postgres'], both: ['sqlite', 'postgres'] }[flags.db];
if (DATABASES === undefined) throw new Error('--db must be sqlite, postgres or both');

// PostgreSQL without a cluster: the whole bench again under a throw-away one.
if (DATABASES.includes('postgres') && !process.env.DATABASE_URL) {
  const run = spawnSync(
    process.execPath,
    [path.join(root, 'server/testing/withPostgres.mjs'), process.execPath, ...process.argv.slice(1)],
    { stdio: 'inherit' },
  );
  process.exit(run.status ?? 1);
}

const SITES = Number(flags.sites);
const SECONDS = Number(flags.seconds);
const RATE = Number(flags.rate);
const CONNECTIONS = Number(flags.connections);
const SMALL = 10;
const CPU_RATIO_GOAL = 1.3;
const MEMORY_GOAL_MB = 100;
const IMPORT_GOAL_PER_SECOND = 1000;
const WARM_UP_SECONDS = Math.min(2, SECONDS);
const CORES = availableParallelism();
/**
 * Cores the rest of the machine may keep busy during a measured load before the run says BUSY and its p99 does not
 * count. Not the load average, which counts the bench's own load (about 1.5 on two cores with nothing else running).
 */
const OTHERS_BUSY_CORES = 0.25;
if (!Number.isInteger(SITES) || SITES < SMALL) throw new Error(`--sites must be a whole number of at least ${SMALL}`);

/** The newest modification time under a directory (server sources), to tell a stale dist-server/. */
function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name))
      newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}
if (!existsSync(COMPILED_MAIN) || statSync(COMPILED_MAIN).mtimeMs < newestMtime(path.join(root, 'server'))) {
  console.log('dist-server/ is missing or older than server/: npm run build:server');
  execSync('npm run build:server', { cwd: root, stdio: 'inherit' });
}
const DIST_DIR = path.join(root, 'dist');
const hasDist = existsSync(path.join(DIST_DIR, 'index.html'));

/** One RS256 key for every site's admin, and a server publishing it as each site's JWKS. */
async function startAdmins() {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwks = JSON.stringify({ keys: [{ ...(await exportJWK(publicKey)), kid: 'bench', alg: 'RS256', use: 'sig' }] });
  let fetches = 0;
  const server = createServer((incoming, outgoing) => {
    if (incoming.url?.endsWith('/.well-known/jwks.json')) {
      fetches += 1;
      outgoing.writeHead(200, { 'content-type': 'application/json' }).end(jwks);
    } else outgoing.writeHead(404).end();
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${server.address().port}`, privateKey, server, fetches: () => fetches };
}

const siteIdOf = (index) => `site-${index}`;
const emailOf = (index) => `owner-${index}@bench.example`;

function importFile(file, env) {
  const started = performance.now();
  const run = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(root, 'tools/importSitesCli.ts'),
      file,
      '--json',
      ...(flags['import-batch'] === undefined ? [] : ['--batch', flags['import-batch']]),
      ...(flags['import-concurrency'] === undefined ? [] : ['--concurrency', flags['import-concurrency']]),
    ],
    {
      cwd: root,
      env: { ...process.env, ...env },
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  if (run.status !== 0) throw new Error(`sites:import exited ${run.status}: ${run.stderr}${run.stdout.slice(0, 2000)}`);
  return { ...JSON.parse(run.stdout), wallSeconds: (performance.now() - started) / 1000 };
}

/**
 * A production server whose log goes to a file (the read model's line at close is read from it). `profileName`:
 * with --profile, the name of the CPU profile it writes at close.
 */
function startLoggedServer(env, logFile, profileName = null) {
  const out = openSync(logFile, 'w');
  const profiling =
    flags.profile === undefined || profileName === null
      ? []
      : ['--cpu-prof', `--cpu-prof-dir=${path.resolve(flags.profile)}`, `--cpu-prof-name=${profileName}`];
  const child = fork(COMPILED_MAIN, [], {
    cwd: root,
    execArgv: profiling,
    stdio: ['ignore', out, 'inherit', 'ipc'],
    env: { ...process.env, PORT: '0', HOST_PORT: '0', ...env },
  });
  closeSync(out);
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before it was ready (log: ${logFile})`)));
    child.on('message', (message) => {
      if (message?.type === 'ready')
        resolve({ child, panelUrl: message.panelUrl, metricsUrl: message.metricsUrl, logFile });
    });
  });
}

/** Waits for the server's first pass of answers made ahead to end (the line it logs then): its counts and its time. */
async function preparationPass(logFile) {
  const started = performance.now();
  for (;;) {
    const line = readFileSync(logFile, 'utf8')
      .split('\n')
      .find((text) => text.includes('"billingAnswers"'));
    if (line !== undefined)
      return { ...JSON.parse(line).billingAnswers, seconds: (performance.now() - started) / 1000 };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The server's own p99, in ms: the response times it logged ('request completed', Fastify's) for the requests it
 * finished between `fromMs` and `toMs` (Unix ms). Against the load generator's p99 it tells the server's tail from
 * the machine's: the generator shares the cores, and its own pauses count in what it measures.
 */
function serverP99(logFile, fromMs, toMs) {
  const times = readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((text) => text.includes('"request completed"'))
    .map((text) => JSON.parse(text))
    .filter((line) => line.time >= fromMs && line.time <= toMs)
    .map((line) => line.responseTime)
    .sort((a, b) => a - b);
  return times.length === 0 ? null : times[Math.min(times.length - 1, Math.ceil(times.length * 0.99) - 1)];
}

function readModelLine(logFile) {
  const line = readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((text) => text.includes('"readModel"'))
    .at(-1);
  return line === undefined ? null : JSON.parse(line).readModel;
}

/** A GET's bytes as they come over the wire: the body and the header block (status line, headers, blank line). */
function rawGet(url) {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => {
        const { rawHeaders } = response;
        let headerBytes = Buffer.byteLength(
          `HTTP/${response.httpVersion} ${response.statusCode} ${response.statusMessage}\r\n\r\n`,
        );
        for (let index = 0; index < rawHeaders.length; index += 2)
          headerBytes += Buffer.byteLength(`${rawHeaders[index]}: ${rawHeaders[index + 1]}\r\n`);
        resolve({
          status: response.statusCode,
          bodyBytes: Buffer.concat(chunks).length,
          headerBytes,
          csp: response.headers['content-security-policy'] ?? '',
        });
      });
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** The fields of /proc/<pid>/stat after the command's name (the first is the state); null for a process gone. */
function statOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  } catch {
    return null;
  }
}

/** The CPU time (user + system) process `pid` has used, in ms, from /proc (USER_HZ 100). */
function cpuMsOf(pid) {
  const fields = statOf(pid);
  return fields === null ? 0 : ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/**
 * The CPU time of a PostgreSQL cluster, in ms: its postmaster's own and its reaped children's (backends that ended),
 * and every live process whose parent it is (backends, checkpointer, WAL writer, autovacuum).
 */
function clusterCpuMsOf(postmasterPid) {
  const own = statOf(postmasterPid);
  if (own === null) return 0;
  let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statOf(entry);
    if (fields !== null && Number(fields[1]) === postmasterPid) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return (ticks * 1000) / 100;
}

/**
 * The resident memory of a server in MB: all of it and its anonymous part (from /proc), and of that the JavaScript
 * heap's committed size and the memory outside it that the heap's objects hold (buffers: Node's metrics).
 */
async function residentOf({ child, metricsUrl }) {
  const lines = readFileSync(`/proc/${child.pid}/status`, 'utf8').split('\n');
  const megabytes = (name) => Number(lines.find((text) => text.startsWith(`${name}:`))?.split(/\s+/)[1] ?? 0) / 1024;
  const metrics = await fetch(`${metricsUrl}/metrics`).then((response) => response.text());
  const metric = (name) => Number(metrics.match(new RegExp(`^${name} (\\S+)$`, 'm'))?.[1] ?? NaN) / 1024 / 1024;
  return {
    total: megabytes('VmRSS'),
    anonymous: megabytes('RssAnon'),
    heap: metric('nodejs_heap_size_total_bytes'),
    external: metric('nodejs_external_memory_bytes'),
  };
}
const describeResident = ({ total, anonymous, heap, external }) =>
  `${total.toFixed(0)} MB resident (${anonymous.toFixed(0)} anonymous: heap ${heap.toFixed(0)}, outside it ${external.toFixed(0)})`;

/** Every body once, as fast as the server answers: the warm-up of --warm. */
async function answerEach(url, bodies) {
  let next = 0;
  const started = performance.now();
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    amount: bodies.length,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip' },
        setupRequest: (req) => ({ ...req, body: bodies[next++ % bodies.length] }),
      },
    ],
  });
  return { seconds: (performance.now() - started) / 1000, errors: errorsOf(result) };
}

/**
 * Requests at an even `rate` for `seconds` (bench/pacedLoad.mjs), each request's body the next of `bodies` (round
 * they go); with the server's CPU time per request and, given the cluster's postmaster, the database's.
 */
async function loadAtRate(url, bodies, { seconds, rate = RATE, pid, postmasterPid = null }) {
  let next = 0;
  const started = performance.now();
  const machineBefore = machineCpuMs();
  const ownBefore = ownCpuMs();
  const before = cpuMsOf(pid);
  const databaseBefore = postmasterPid === null ? 0 : clusterCpuMsOf(postmasterPid);
  const result = await pacedLoad({
    url,
    rate,
    seconds,
    connections: CONNECTIONS,
    headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip' },
    nextBody: () => bodies[next++ % bodies.length],
  });
  const requests = Math.max(1, result.requests.total);
  const cpuMs = cpuMsOf(pid) - before;
  const databaseCpuMs = postmasterPid === null ? null : clusterCpuMsOf(postmasterPid) - databaseBefore;
  // The rest of the machine: its CPU time less the bench's own (the load generator), the server's and the database's.
  const othersMs = machineCpuMs() - machineBefore - (ownCpuMs() - ownBefore) - cpuMs - (databaseCpuMs ?? 0);
  return {
    result,
    othersCores: Math.max(0, othersMs) / (performance.now() - started),
    cpuUsPerRequest: (cpuMs * 1000) / requests,
    databaseCpuUsPerRequest: databaseCpuMs === null ? null : (databaseCpuMs * 1000) / requests,
    distinct: Math.min(next, bodies.length),
  };
}

/** The machine's 1-minute load average (printed with the run; it counts the bench's own load too). */
const describeLoad = (load) => `load average ${load.toFixed(2)} on ${CORES} cores`;

/**
 * The CPU time the machine's processes have used, in ms, from /proc/stat (its first line: all cores, USER_HZ), with
 * the time another virtual machine took from this one (steal). Interrupts are left out: the kernel counts there the
 * load's own network traffic, which no process's time includes.
 */
function machineCpuMs() {
  const [user, nice, system, , , , , steal] = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return ((user + nice + system + steal) * 1000) / 100;
}

/** The bench process's own CPU time (its load generator), in ms. */
function ownCpuMs() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** A statement with `?` parameters, on either database. */
async function runSql(database, statement, parameters = []) {
  if (database.kind === 'sqlite') {
    const result = database.sqlite.prepare(statement).all(...parameters);
    return result;
  }
  let index = 0;
  const { rows } = await database.client.query(
    statement.replace(/\?/g, () => `$${++index}`),
    parameters,
  );
  return rows;
}

const scratch = mkdtempSync(path.join(tmpdir(), 'bench-sites-'));
const sessionSecret = randomBytes(32).toString('hex');
const admins = await startAdmins();

// The sites, as a platform would send them: the same file for every database.
const file = path.join(scratch, 'sites.jsonl');
const lines = [];
for (let index = 0; index < SITES; index += 1) {
  const id = siteIdOf(index);
  lines.push(
    JSON.stringify({
      siteId: id,
      name: `Bench site ${index}`,
      adminUrl: `${admins.base}/sites/${id}`,
      owner: { id: `owner-${index}`, email: emailOf(index), name: `Owner ${index}` },
      staff: [{ email: `editor-${index}@bench.example`, name: `Editor ${index}`, role: 'Editor' }],
    }),
  );
}
const smallFile = path.join(scratch, 'sites-10.jsonl');
writeFileSync(smallFile, `${lines.slice(0, SMALL).join('\n')}\n`);
writeFileSync(file, `${lines.join('\n')}\n`);
lines.length = 0;

const secret = new TextEncoder().encode(sessionSecret);
const identityToken = (index) =>
  new SignJWT({ role: 'Owner' })
    .setProtectedHeader({ alg: 'RS256', kid: 'bench', typ: 'JWT' })
    .setIssuer(`${admins.base}/sites/${siteIdOf(index)}`)
    .setAudience(PRODUCTION_ENV.IDENTITY_AUDIENCE)
    .setSubject(emailOf(index))
    .setIssuedAt()
    .setExpirationTime('14m')
    .sign(admins.privateKey);
const HOT = Math.floor(SITES / 2);
const picks = (count) => Array.from({ length: count }, () => Math.floor(Math.random() * SITES));
const perLoad = Math.ceil(RATE * SECONDS * 1.1);
const warmCount = Math.ceil(RATE * WARM_UP_SECONDS * 1.1);
const CALLS = ['get-billing-data', 'billing-session'];
const PATTERNS = ['random', 'hot'];

/** The whole bench on one database; answers its figures. */
async function benchOn(kind) {
  const startLoad = loadavg()[0];
  const dataDir = path.join(scratch, kind);
  mkdirSync(dataDir);
  const databaseName = `bench_sites_${randomBytes(6).toString('hex')}`;
  const databaseUrl =
    kind === 'postgres'
      ? Object.assign(new URL(process.env.DATABASE_URL), { pathname: `/${databaseName}` }).toString()
      : '';
  // DATABASE_URL empty: the SQLite file under DATA_DIR, whatever the bench's own environment says.
  const shared = {
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: sessionSecret,
    DIST_DIR: hasDist ? DIST_DIR : path.join(scratch, 'no-dist'),
    DATA_DIR: dataDir,
  };
  const production = {
    ...shared,
    ...PRODUCTION_ENV,
    IDENTITY_ISSUER: admins.base,
    HOST_ORIGINS: admins.base,
    // The sites' admins are this machine's (127.0.0.1, a port): production fetches key sets from public addresses only.
    UNSAFE_ADMIN_URLS: '1',
    // Every billing-session of the load comes from one address: its per-address limit would stop it at 300 a minute.
    RATE_LIMIT_SESSIONS_PER_MINUTE: '1000000',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    // Its metrics (on a port of its own) say what the resident memory holds: the heap, and what lives outside it.
    METRICS_PORT: '0',
    ...(flags.kept === undefined ? {} : { READ_MODEL_SITES_KEPT: flags.kept }),
  };
  const importEnv = { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, IDENTITY_ISSUER: admins.base };
  const label = kind === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  let running = null;
  let database = null;
  if (kind === 'postgres') await onAdminDatabase(`create database ${databaseName}`);
  try {
    console.log(
      `\n${label}: ${SITES} sites, ${RATE} requests/s for ${SECONDS} s per load, ${CONNECTIONS} connections; ${describeLoad(startLoad)}`,
    );
    // 1. The catalogue: the demo's seed writes it (and its own scenarios' sites, left as they are).
    const demo = await startPanelServer(
      { ...shared, DEMO: '1', NODE_ENV: 'test', LOG_LEVEL: 'warn', DNS_PORT: '0' },
      { compiled: false },
    );
    await stop(demo.child);

    // 2. The sites: 10, the page measured, then all.
    const small = importFile(smallFile, importEnv);
    const pageAt = async () => {
      const server = await startLoggedServer(production, path.join(scratch, `${kind}-page.log`));
      try {
        return await rawGet(`${server.panelUrl}/sites/${siteIdOf(0)}/`);
      } finally {
        await stop(server.child);
      }
    };
    const pageSmall = await pageAt();
    const full = importFile(file, importEnv);
    const importRate = full.processed / full.seconds;
    console.log(
      `import of ${SITES} sites (sites:import): ${full.seconds.toFixed(1)} s, ${importRate.toFixed(0)} sites/s` +
        ` (${full.wallSeconds.toFixed(1)} s with start-up and migration check); created ${full.created}, unchanged ${full.unchanged}, failed ${full.failed.length}` +
        ` (the first ${SMALL} were in already: ${small.created} created by the first import)`,
    );
    if (full.failed.length > 0) throw new Error(`import failed lines: ${JSON.stringify(full.failed.slice(0, 5))}`);

    // 3. A customer and an active subscription for every imported owner.
    if (kind === 'sqlite') {
      database = { kind, sqlite: new DatabaseSync(path.join(dataDir, 'billing.sqlite')) };
      database.sqlite.exec('PRAGMA busy_timeout = 10000');
    } else {
      database = { kind, client: new pg.Client({ connectionString: databaseUrl }) };
      await database.client.connect();
    }
    const now = Math.floor(Date.now() / 1000);
    const seeding = performance.now();
    const priceRows = await runSql(
      database,
      `select price_id from subscriptions where status = 'active' order by id limit 1`,
    );
    const priceId = priceRows[0]?.price_id;
    if (priceId === undefined) throw new Error('the demo seed left no active subscription to take a price from');
    await runSql(
      database,
      `insert into customers (id, user_id, provider, invoice_details, balance, card_brand, card_last4, card_exp_month, card_exp_year, default_payment_method, auto_billing, created_at)
       select 'cus_bench_' || s.id, s.owner_user_id, 'stripe', '', 0, 'visa', '4242', 12, 2035, null, 0, ?
       from sites s where s.id like 'site-%'`,
      [now],
    );
    await runSql(
      database,
      `insert into subscriptions (id, site_id, customer_id, provider_subscription_id, status, price_id, quantity, addons_json, current_period_start, current_period_end, cancelled_at, trial_end, pending_price_id, pending_change_json, provider_event_at, created_at)
       select 'sub_bench_' || s.id, s.id, 'cus_bench_' || s.id, 'sub_provider_' || s.id, 'active', ?, 1, '[]', ?, ?, null, null, null, null, null, ?
       from sites s where s.id like 'site-%'`,
      [priceId, now, now + 30 * 86_400, now],
    );
    const owners = await runSql(database, `select s.id, s.owner_user_id from sites s where s.id like 'site-%'`);
    // The cluster's postmaster: the parent of this connection's backend.
    let postmasterPid = null;
    if (kind === 'postgres') {
      const [{ pid }] = await runSql(database, 'select pg_backend_pid() as pid');
      postmasterPid = Number(/^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
      await database.client.end();
    } else {
      database.sqlite.close();
    }
    database = null;
    console.log(
      `customers and subscriptions for ${owners.length} owners written in ${((performance.now() - seeding) / 1000).toFixed(1)} s (price ${priceId})`,
    );
    const ownerOf = new Map(owners.map((row) => [row.id, row.owner_user_id]));

    // One session token per owner, as each owner's panel keeps one for its two hours.
    const sessionTokens = new Map();
    const sessionToken = (index) => {
      if (!sessionTokens.has(index))
        sessionTokens.set(
          index,
          new SignJWT({ siteId: siteIdOf(index), userId: ownerOf.get(siteIdOf(index)) })
            .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
            .setSubject(ownerOf.get(siteIdOf(index)))
            .setIssuer('inkwell-billing')
            .setAudience('inkwell-billing-panel')
            .setIssuedAt()
            .setExpirationTime('2h')
            .sign(secret),
        );
      return sessionTokens.get(index);
    };
    const bodiesOf = {
      'billing-session': (indexes) =>
        Promise.all(
          indexes.map(async (index) =>
            JSON.stringify({ jwt: await identityToken(index), data: {}, options: { init: false } }),
          ),
        ),
      'get-billing-data': (indexes) =>
        Promise.all(
          indexes.map(async (index) =>
            JSON.stringify({ jwt: await sessionToken(index), data: {}, options: { forceUpgrade: false } }),
          ),
        ),
    };

    // 4. The random load on one server, then the hot load on a fresh one.
    const results = {};
    const memory = {};
    const readModels = {};
    let pageLarge = null;
    for (const pattern of PATTERNS) {
      const logFile = path.join(scratch, `${kind}-${pattern}.log`);
      running = await startLoggedServer(production, logFile, `${kind}-${pattern}.cpuprofile`);
      const { panelUrl } = running;
      const { pid } = running.child;
      if (pattern === 'random') {
        pageLarge = await rawGet(`${panelUrl}/sites/${siteIdOf(0)}/`);
        // The answers the import and the subscriptions queued, made ahead as a platform's owners would find them
        // (billing/answerPreparation.ts): the load starts once the server's first pass has emptied the queue.
        const prepared = await preparationPass(logFile);
        console.log(
          `answers made ahead: ${prepared.prepared} prepared, ${prepared.left} left, in ${prepared.seconds.toFixed(1)} s` +
            ` (${(prepared.prepared / prepared.seconds).toFixed(0)} a second); ${describeResident(await residentOf(running))}`,
        );
      }
      for (const call of CALLS) {
        const url = `${panelUrl}/api/${call}`;
        const [warmBodies, bodies] =
          pattern === 'hot'
            ? [await bodiesOf[call]([HOT]), await bodiesOf[call]([HOT])]
            : [await bodiesOf[call](picks(warmCount)), await bodiesOf[call](picks(perLoad))];
        if (flags.warm && pattern === 'random' && call === 'get-billing-data') {
          const every = await bodiesOf[call](Array.from({ length: SITES }, (_, index) => index));
          const warm = await answerEach(url, every);
          console.log(
            `${call} answered once for each of ${SITES} sites in ${warm.seconds.toFixed(1)} s (errors ${warm.errors}); ${describeResident(await residentOf(running))}`,
          );
        }
        // Warm-up (JIT, statement caches, pools): on sites the measured load does not pick on purpose.
        await loadAtRate(url, warmBodies, { seconds: WARM_UP_SECONDS, pid });
        const measuredFrom = Date.now();
        const measured = await loadAtRate(url, bodies, { seconds: SECONDS, pid, postmasterPid });
        (results[call] ??= {})[pattern] = { ...measured, window: [measuredFrom, Date.now()] };
      }
      memory[pattern] = await residentOf(running);
      await stop(running.child);
      running = null;
      readModels[pattern] = readModelLine(logFile);
      for (const call of CALLS) results[call][pattern].serverP99 = serverP99(logFile, ...results[call][pattern].window);
    }
    const endLoad = loadavg()[0];

    console.log(`${label}, at ${RATE} req/s for ${SECONDS} s each (after ${WARM_UP_SECONDS} s of warm-up):`);
    for (const call of CALLS) {
      const { random, hot } = results[call];
      const line = (name, { result, cpuUsPerRequest, databaseCpuUsPerRequest, distinct, serverP99: ownP99 }) =>
        `  ${name.padEnd(6)} ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms` +
        ` (the server's own ${ownP99 === null ? 'not logged' : `${ownP99.toFixed(1)} ms`}),` +
        ` CPU ${cpuUsPerRequest.toFixed(0)} us/call (server)` +
        (databaseCpuUsPerRequest === null ? '' : ` + ${databaseCpuUsPerRequest.toFixed(0)} us/call (database)`) +
        `, errors ${errorsOf(result)}${name === 'random' ? `, ${distinct} requests over ${SITES} sites` : ''}`;
      console.log(`${call}:`);
      console.log(line('random', random));
      console.log(line('hot', hot));
      const databaseRatio =
        random.databaseCpuUsPerRequest === null
          ? ''
          : `, database ${(random.databaseCpuUsPerRequest / hot.databaseCpuUsPerRequest).toFixed(2)}, both ${(
              (random.cpuUsPerRequest + random.databaseCpuUsPerRequest) /
              (hot.cpuUsPerRequest + hot.databaseCpuUsPerRequest)
            ).toFixed(2)}`;
      console.log(
        `  CPU per call, random / hot: server ${(random.cpuUsPerRequest / hot.cpuUsPerRequest).toFixed(2)}${databaseRatio} (goal <= ${CPU_RATIO_GOAL})`,
      );
    }
    console.log(
      `at the end: random server ${describeResident(memory.random)}, hot server ${describeResident(memory.hot)} (goal: within ${MEMORY_GOAL_MB} MB)`,
    );
    const hitRate = (stats) =>
      stats === null
        ? 'not logged'
        : `${((100 * stats.hits) / Math.max(1, stats.hits + stats.misses)).toFixed(1)} % (${stats.hits} hits, ${stats.misses} misses, ${stats.kept} kept of ${stats.capacity})`;
    console.log(
      `read model (READ_MODEL_SITES_KEPT ${flags.kept ?? 'default'}): random server ${hitRate(readModels.random)}; hot server ${hitRate(readModels.hot)}`,
    );
    const sameSize = pageSmall.bodyBytes === pageLarge.bodyBytes && pageSmall.headerBytes === pageLarge.headerBytes;
    console.log(
      `panel page of ${siteIdOf(0)} (${hasDist ? 'dist/' : 'no dist/: the not-built answer'}): ${SMALL} sites ${pageSmall.status}, ${pageSmall.bodyBytes} bytes, headers ${pageSmall.headerBytes} bytes;` +
        ` ${SITES} sites ${pageLarge.status}, ${pageLarge.bodyBytes} bytes, headers ${pageLarge.headerBytes} bytes: ${sameSize ? 'equal' : 'NOT equal'}`,
    );
    if (pageSmall.csp !== pageLarge.csp) console.log(`  CSP differs:\n  ${pageSmall.csp}\n  ${pageLarge.csp}`);
    console.log(`${label} run: from ${describeLoad(startLoad)} to ${describeLoad(endLoad)}`);
    // The most the rest of the machine used in any measured load.
    const othersCores = Math.max(
      ...CALLS.flatMap((call) => PATTERNS.map((pattern) => results[call][pattern].othersCores)),
    );
    const busy = othersCores > OTHERS_BUSY_CORES;
    console.log(
      `the rest of the machine during the measured loads: at most ${othersCores.toFixed(2)} cores busy` +
        (busy ? ` (BUSY: above ${OTHERS_BUSY_CORES}, p99 does not count)` : ''),
    );
    return { kind, label, results, memory, importRate, sameSize, busy };
  } finally {
    if (running !== null) await stop(running.child);
    if (database?.kind === 'sqlite') database.sqlite.close();
    else if (database?.kind === 'postgres') await database.client.end().catch(() => {});
    if (kind === 'postgres') await onAdminDatabase(`drop database if exists ${databaseName} with (force)`);
  }
}

try {
  const runs = [];
  for (const kind of DATABASES) runs.push(await benchOn(kind));
  console.log(`\nJWKS fetched ${admins.fetches()} times over every run`);
  const missed = [];
  for (const run of runs) {
    for (const [call, { random, hot }] of Object.entries(run.results)) {
      const both = (figures) => figures.cpuUsPerRequest + (figures.databaseCpuUsPerRequest ?? 0);
      if (both(random) > CPU_RATIO_GOAL * both(hot)) missed.push(`${run.label} ${call}: CPU random / hot`);
      if (errorsOf(random.result) + errorsOf(hot.result) > 0) missed.push(`${run.label} ${call}: errors`);
      // A busy machine's p99 says how busy it was, not what the server does.
      if (!run.busy && random.result.latency.p99 > P99_GOAL_MS) missed.push(`${run.label} ${call}: p99`);
    }
    if (run.memory.random.total > run.memory.hot.total + MEMORY_GOAL_MB) missed.push(`${run.label}: resident memory`);
    if (run.kind === 'postgres' && run.importRate < IMPORT_GOAL_PER_SECOND) missed.push(`${run.label}: import rate`);
    if (!run.sameSize) missed.push(`${run.label}: page size`);
    if (run.busy) console.log(`${run.label}: the machine was busy, its p99 does not count`);
  }
  console.log(
    missed.length === 0
      ? 'all goals met'
      : `goals missed: ${missed.join('; ')} (a loaded machine moves every figure: compare within the run)`,
  );
  if (missed.length > 0) process.exitCode = 1;
} finally {
  admins.server.close();
  rmSync(scratch, { recursive: true, force: true });
}
