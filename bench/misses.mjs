// What a call for a site the process has not seen costs, against one hot site (issue 49 items 1 and 2), on SQLite
// (the embedded default) or PostgreSQL (DATABASE_URL set): a focused companion of bench/sites.mjs.
//
// N sites are imported (`sites:import`), each owner given a customer and an active subscription, then the compiled
// production server is measured at a fixed rate, CPU per request from /proc:
// - billing-session over sites picked at random (each a site this process has not signed anyone in for) against one
//   hot site, on one server each;
// - get-billing-data over sites picked at random, first on a server that has never answered them ("first"), then
//   on a new process answering the same sites again ("again": what an owner coming back costs a process that has
//   not seen their site, e.g. after a restart, on another process, or long after), against one hot site.
// The machine's load average is printed with the figures: a busy machine moves every one of them.
//
// Usage: node bench/misses.mjs [--sites N] [--seconds S] [--rate R] [--only CALL] [--profile DIR]
//   defaults 10000 sites, 8 s, 300 requests/s; --only: billing-session or get-billing-data; --profile: each measured
//   server writes a CPU profile (node --cpu-prof) there at close.
import { execSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { parseArgs } from 'node:util';
import { pacedLoad } from './pacedLoad.mjs';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import pg from 'pg';
import { COMPILED_MAIN, PRODUCTION_ENV, errorsOf, onAdminDatabase, root, startPanelServer, stop } from './servers.mjs';

const { values: flags } = parseArgs({
  options: {
    sites: { type: 'string', default: '10000' },
    seconds: { type: 'string', default: '8' },
    rate: { type: 'string', default: '300' },
    only: { type: 'string' },
    profile: { type: 'string' },
  },
});
const SITES = Number(flags.sites);
const SECONDS = Number(flags.seconds);
const RATE = Number(flags.rate);
const CONNECTIONS = 10;
const onPostgres = process.env.DATABASE_URL !== undefined;

if (!existsSync(COMPILED_MAIN)) execSync('npm run build:server', { cwd: root, stdio: 'inherit' });
if (statSync(COMPILED_MAIN).mtimeMs < Date.now() - 24 * 3600_000) console.log('note: dist-server/ may be stale');

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

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

const cpuMsOf = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
};
const rssMbOf = (pid) =>
  Number(
    readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((line) => line.startsWith('VmRSS:'))
      ?.split(/\s+/)[1] ?? 0,
  ) / 1024;

async function loadAtRate(url, bodies, pid, seconds = SECONDS) {
  let next = 0;
  const before = cpuMsOf(pid);
  const result = await pacedLoad({
    url,
    rate: RATE,
    seconds,
    connections: CONNECTIONS,
    headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip' },
    nextBody: () => bodies[next++ % bodies.length],
  });
  return {
    result,
    cpuUs: ((cpuMsOf(pid) - before) * 1000) / Math.max(1, result.requests.total),
    distinct: Math.min(next, bodies.length),
  };
}

const scratch = mkdtempSync(path.join(tmpdir(), 'bench-misses-'));
const databaseName = `bench_misses_${randomBytes(6).toString('hex')}`;
const databaseUrl = onPostgres
  ? Object.assign(new URL(process.env.DATABASE_URL), { pathname: `/${databaseName}` }).toString()
  : undefined;
const sessionSecret = randomBytes(32).toString('hex');
const admins = await startAdmins();
const shared = {
  ...(onPostgres ? { DATABASE_URL: databaseUrl } : {}),
  DATA_DIR: scratch,
  SESSION_SECRET: sessionSecret,
  DIST_DIR: path.join(scratch, 'no-dist'),
};
const production = {
  ...shared,
  ...PRODUCTION_ENV,
  IDENTITY_ISSUER: admins.base,
  HOST_ORIGINS: admins.base,
  // The sites' admins are this machine's (127.0.0.1, a port): production fetches key sets from public addresses only.
  UNSAFE_ADMIN_URLS: '1',
  RATE_LIMIT_SESSIONS_PER_MINUTE: '1000000',
  // No answers made ahead: "first" is the call that makes a site's answer, and no pass shares the measured CPU
  // (bench/sites.mjs measures the calls with them).
  BILLING_ANSWERS_PREPARE_INTERVAL_SECONDS: '0',
  LOG_LEVEL: 'warn',
};
const children = [];
const started = async () => {
  const server = await startPanelServer(production, {
    compiled: true,
    profileDir: flags.profile === undefined ? null : path.resolve(flags.profile),
  });
  children.push(server.child);
  return server;
};
if (onPostgres) await onAdminDatabase(`create database ${databaseName}`);
try {
  console.log(
    `bench:misses: ${SITES} sites, ${onPostgres ? 'PostgreSQL' : 'SQLite'}, ${RATE} requests/s for ${SECONDS} s per load; load average ${load()}`,
  );
  const demo = await startPanelServer(
    { ...shared, DEMO: '1', NODE_ENV: 'test', LOG_LEVEL: 'warn', DNS_PORT: '0' },
    { compiled: false },
  );
  await stop(demo.child);

  const file = path.join(scratch, 'sites.jsonl');
  const lines = Array.from({ length: SITES }, (_, index) =>
    JSON.stringify({
      siteId: `site-${index}`,
      name: `Bench site ${index}`,
      adminUrl: `${admins.base}/sites/site-${index}`,
      owner: { id: `owner-${index}`, email: `owner-${index}@bench.example`, name: `Owner ${index}` },
    }),
  );
  writeFileSync(file, `${lines.join('\n')}\n`);
  const imported = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'tools/importSitesCli.ts'), file, '--json'],
    {
      cwd: root,
      env: { ...process.env, ...shared, IDENTITY_ISSUER: admins.base },
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  if (imported.status !== 0) throw new Error(`sites:import exited ${imported.status}: ${imported.stderr}`);

  const now = Math.floor(Date.now() / 1000);
  const customers = `insert into customers (id, user_id, provider, invoice_details, balance, card_brand, card_last4, card_exp_month, card_exp_year, default_payment_method, auto_billing, created_at)
     select 'cus_bench_' || s.id, s.owner_user_id, 'stripe', '', 0, 'visa', '4242', 12, 2035, null, 0, ${now}
     from sites s where s.id like 'site-%'`;
  const subscriptions = (
    priceId,
  ) => `insert into subscriptions (id, site_id, customer_id, provider_subscription_id, status, price_id, quantity, addons_json, current_period_start, current_period_end, cancelled_at, trial_end, pending_price_id, pending_change_json, provider_event_at, created_at)
     select 'sub_bench_' || s.id, s.id, 'cus_bench_' || s.id, 'sub_provider_' || s.id, 'active', '${priceId}', 1, '[]', ${now}, ${now + 30 * 86_400}, null, null, null, null, null, ${now}
     from sites s where s.id like 'site-%'`;
  const priceQuery = `select price_id from subscriptions where status = 'active' order by id limit 1`;
  const ownersQuery = `select id, owner_user_id from sites where id like 'site-%'`;
  let owners;
  if (onPostgres) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const priceId = (await client.query(priceQuery)).rows[0].price_id;
    await client.query(customers);
    await client.query(subscriptions(priceId));
    owners = (await client.query(ownersQuery)).rows;
    await client.end();
  } else {
    const database = new DatabaseSync(path.join(scratch, 'billing.sqlite'));
    const priceId = database.prepare(priceQuery).get().price_id;
    database.exec(customers);
    database.exec(subscriptions(priceId));
    owners = database.prepare(ownersQuery).all();
    database.close();
  }
  const ownerOf = new Map(owners.map((row) => [row.id, row.owner_user_id]));

  const secret = new TextEncoder().encode(sessionSecret);
  const sessionBody = async (index) =>
    JSON.stringify({
      jwt: await new SignJWT({ siteId: `site-${index}`, userId: ownerOf.get(`site-${index}`), issuedAtMs: Date.now() })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(ownerOf.get(`site-${index}`))
        .setIssuer('inkwell-billing')
        .setAudience('inkwell-billing-panel')
        .setIssuedAt()
        .setExpirationTime('2h')
        .sign(secret),
      data: {},
      options: { forceUpgrade: false },
    });
  const identityBody = async (index) =>
    JSON.stringify({
      jwt: await new SignJWT({ role: 'Owner' })
        .setProtectedHeader({ alg: 'RS256', kid: 'bench', typ: 'JWT' })
        .setIssuer(`${admins.base}/sites/site-${index}`)
        .setAudience(PRODUCTION_ENV.IDENTITY_AUDIENCE)
        .setSubject(`owner-${index}@bench.example`)
        .setIssuedAt()
        .setExpirationTime('14m')
        .sign(admins.privateKey),
      data: {},
      options: { init: false },
    });
  const count = Math.ceil(RATE * SECONDS * 1.1);
  // Distinct sites, in random order, none of them the hot one.
  const HOT = 0;
  const shuffled = Array.from({ length: SITES - 1 }, (_, index) => index + 1).sort(() => Math.random() - 0.5);
  const pick = (from, length) => shuffled.slice(from, from + Math.min(length, SITES - 1));
  const line = (name, { result, cpuUs, distinct }) =>
    `  ${name.padEnd(6)} CPU ${cpuUs.toFixed(0).padStart(5)} us/request, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.requests.total} requests (${distinct} bodies), errors ${errorsOf(result)}`;

  const random = await started();
  const hot = await started();
  const warmUp = async (server, call, bodies) =>
    loadAtRate(`${server.panelUrl}/api/${call}`, bodies, server.child.pid, 2);

  // billing-session: sites picked at random against the hot one.
  if (flags.only !== 'get-billing-data') {
    const randomBodies = await Promise.all(pick(0, count).map(identityBody));
    const hotBodies = [await identityBody(HOT)];
    await warmUp(random, 'billing-session', await Promise.all(pick(count, RATE * 2).map(identityBody)));
    await warmUp(hot, 'billing-session', hotBodies);
    const atRandom = await loadAtRate(`${random.panelUrl}/api/billing-session`, randomBodies, random.child.pid);
    const atHot = await loadAtRate(`${hot.panelUrl}/api/billing-session`, hotBodies, hot.child.pid);
    console.log(`billing-session (load average ${load()})`);
    console.log(line('random', atRandom));
    console.log(line('hot', atHot));
    console.log(`  random / hot: ${(atRandom.cpuUs / atHot.cpuUs).toFixed(2)}`);
  }

  // get-billing-data: new sites, then the same sites again on a process that has not seen them, against the hot one.
  if (flags.only !== 'billing-session') {
    const sites = pick(0, count);
    const randomBodies = await Promise.all(sites.map(sessionBody));
    const hotBodies = [await sessionBody(HOT)];
    await warmUp(random, 'get-billing-data', await Promise.all(pick(count, RATE * 2).map(sessionBody)));
    await warmUp(hot, 'get-billing-data', hotBodies);
    const first = await loadAtRate(`${random.panelUrl}/api/get-billing-data`, randomBodies, random.child.pid);
    const atHot = await loadAtRate(`${hot.panelUrl}/api/get-billing-data`, hotBodies, hot.child.pid);
    const rssRandom = rssMbOf(random.child.pid);
    const rssHot = rssMbOf(hot.child.pid);
    const again = await started();
    await warmUp(again, 'get-billing-data', await Promise.all(pick(count, RATE * 2).map(sessionBody)));
    const second = await loadAtRate(`${again.panelUrl}/api/get-billing-data`, randomBodies, again.child.pid);
    console.log(`get-billing-data (load average ${load()})`);
    console.log(line('first', first));
    console.log(line('again', second));
    console.log(line('hot', atHot));
    console.log(
      `  first / hot: ${(first.cpuUs / atHot.cpuUs).toFixed(2)}, again / hot: ${(second.cpuUs / atHot.cpuUs).toFixed(2)}`,
    );
    console.log(`  resident memory: random ${rssRandom.toFixed(0)} MB, hot ${rssHot.toFixed(0)} MB`);
    const sizes = `select count(*) as n, avg(length(own_deflated)) as own, avg(length) as whole from billing_answers`;
    try {
      let row;
      if (onPostgres) {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        row = (await client.query(sizes)).rows[0];
        await client.end();
      } else {
        const database = new DatabaseSync(path.join(scratch, 'billing.sqlite'));
        row = database.prepare(sizes).get();
        database.close();
      }
      console.log(
        `  stored answers: ${row.n}, own part ${Number(row.own).toFixed(0)} bytes compressed, whole answer ${Number(row.whole).toFixed(0)} bytes of JSON`,
      );
    } catch {
      console.log('  stored answers: none (no billing_answers table)');
    }
  }
  console.log(`JWKS fetched ${admins.fetches()} times; load average at the end ${load()}`);
} finally {
  await Promise.all(children.map(stop));
  admins.server.close();
  if (onPostgres) await onAdminDatabase(`drop database if exists ${databaseName} with (force)`);
  rmSync(scratch, { recursive: true, force: true });
}
