// The key-set memory bench (issue 48, "Done when"): the production server's memory while forged identity tokens
// point it, for a minute, at site admins serving a 100 MB key set, with the real owners of other sites signing in
// throughout. `node bench/keySetMemory.mjs [--seconds S] [--attackers N]` (default 60 s, 16 at once).
//
// - The admins: one local HTTP server. Each good site's admin serves the JWKS of the bench's own key; each huge
//   site's admin streams 100 MB of JSON-looking bytes, chunked and without a length (a declared length is refused
//   before a byte is read, so the stream is the harder case). It counts the requests each path gets.
// - The server: the compiled production server on SQLite, UNSAFE_ADMIN_URLS=1 (its admins are on this machine),
//   the sites put through the platform API.
// - The attack: tokens with the service's audience and a future expiry (what is checked before any fetch), naming a
//   huge site, signed by a key no site publishes, sent back to back by N loops.
// - The owners: each good site's owner signs in (billing-session) every 250 ms, one loop per site.
// - Memory: the server process's resident set (VmRSS, /proc) each 250 ms; its idle figure is taken after the good
//   owners' first sign-ins and 15 s of the same load against decoy admins serving an ordinary key set. The load
//   alone grows the heap (V8 collects lazily), so the same run measures it apart: first S seconds of the load against
//   the decoys (the control), then S seconds against the 100 MB admins (the attack), each one's peak read against the
//   idle figure. Goals: the attack's peak at most 50 MB above the control's; every owner sign-in answered 200; no good
//   site's JWKS fetched more than once.
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { COMPILED_MAIN, PRODUCTION_ENV, root, startPanelServer, stop } from './servers.mjs';

const { values: flags } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    attackers: { type: 'string', default: '16' },
  },
});
const SECONDS = Number(flags.seconds);
const ATTACKERS = Number(flags.attackers);
const GOOD_SITES = 10;
const HUGE_SITES = 20;
/** Before the idle figure, the same load against admins serving an ordinary key set: the server warmed as under load. */
const WARM_UP_SECONDS = 15;
const HUGE_BYTES = 100 * 1024 * 1024;
const MEMORY_GOAL_MB = 50;
const SIGN_IN_EVERY_MS = 250;
const SAMPLE_EVERY_MS = 250;

const MB = 1024 * 1024;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function residentBytes(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) * 1024;
}

// ---------------------------------------------------------------------------------------------------- the admins
const ownKey = await generateKeyPair('RS256');
const strangerKey = await generateKeyPair('RS256');
const jwks = JSON.stringify({
  keys: [{ ...(await exportJWK(ownKey.publicKey)), kid: 'bench', alg: 'RS256', use: 'sig' }],
});
const requestsByPath = new Map();
let hugeBytesWritten = 0;

function streamHuge(response) {
  response.writeHead(200, { 'content-type': 'application/json' });
  const chunk = Buffer.alloc(64 * 1024, 32);
  let written = 0;
  const more = () => {
    while (written < HUGE_BYTES && !response.destroyed) {
      written += chunk.byteLength;
      hugeBytesWritten += chunk.byteLength;
      if (!response.write(chunk)) return void response.once('drain', more);
    }
    response.end();
  };
  response.on('error', () => undefined);
  more();
}

const admins = createServer((request, response) => {
  const at = request.url ?? '';
  requestsByPath.set(at, (requestsByPath.get(at) ?? 0) + 1);
  if (at.startsWith('/sites/huge-')) streamHuge(response);
  else response.writeHead(200, { 'content-type': 'application/json' }).end(jwks);
});
await new Promise((resolve) => admins.listen(0, '127.0.0.1', resolve));
const adminBase = `http://127.0.0.1:${admins.address().port}`;
const adminUrlOf = (siteId) => `${adminBase}/sites/${siteId}`;

// ---------------------------------------------------------------------------------------------------- the server
if (!existsSync(COMPILED_MAIN)) execSync('npm run build:server', { cwd: root, stdio: 'inherit' });
const scratch = mkdtempSync(path.join(tmpdir(), 'bench-key-sets-'));
const platformKey = PRODUCTION_ENV.PLATFORM_API_KEYS;
const server = await startPanelServer(
  {
    ...PRODUCTION_ENV,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: scratch,
    DIST_DIR: path.join(scratch, 'no-dist'),
    IDENTITY_ISSUER: adminBase,
    HOST_ORIGINS: adminBase,
    UNSAFE_ADMIN_URLS: '1',
    RATE_LIMIT_SESSIONS_PER_MINUTE: '1000000',
    LOG_LEVEL: 'warn',
  },
  { compiled: true },
);

async function platform(method, urlPath, body) {
  const response = await fetch(`${server.panelUrl}/platform/v1${urlPath}`, {
    method,
    headers: { authorization: `Bearer ${platformKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${urlPath} answered ${response.status}: ${await response.text()}`);
}

const goodSites = Array.from({ length: GOOD_SITES }, (_, index) => `good-${index}`);
const hugeSites = Array.from({ length: HUGE_SITES }, (_, index) => `huge-${index}`);
const decoySites = Array.from({ length: HUGE_SITES }, (_, index) => `decoy-${index}`);
for (const siteId of [...goodSites, ...hugeSites, ...decoySites]) {
  await platform('PUT', `/sites/${siteId}`, {
    name: siteId,
    adminUrl: adminUrlOf(siteId),
    owner: { email: `owner@${siteId}.example`, name: 'Owner' },
  });
}

const tokenFor = (siteId, key) =>
  new SignJWT({ role: 'Owner' })
    .setProtectedHeader({ alg: 'RS256', kid: 'bench', typ: 'JWT' })
    .setIssuer(adminUrlOf(siteId))
    .setAudience(PRODUCTION_ENV.IDENTITY_AUDIENCE)
    .setSubject(`owner@${siteId}.example`)
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(key);

async function signIn(token) {
  const response = await fetch(`${server.panelUrl}/api/billing-session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jwt: token, data: {}, options: { init: false } }),
  });
  await response.arrayBuffer();
  return response.status;
}

// ---------------------------------------------------------------------------------------------------- the run
try {
  for (const siteId of goodSites) {
    const status = await signIn(await tokenFor(siteId, ownKey.privateKey));
    if (status !== 200) throw new Error(`${siteId}'s owner could not sign in before the attack: ${status}`);
  }
  const forged = { sent: 0, answers: new Map() };
  const owners = { sent: 0, answers: new Map() };
  const tally = (into, status) => into.answers.set(status, (into.answers.get(status) ?? 0) + 1);
  /** The forged tokens' loops and the owners' until `until`: forged tokens name `targets`' admins. */
  const load = async (targets, until, count) => {
    const attack = async (loop) => {
      for (let index = loop; Date.now() < until; index += ATTACKERS) {
        const status = await signIn(await tokenFor(targets[index % targets.length], strangerKey.privateKey));
        if (count) tally(forged, status);
        if (count) forged.sent += 1;
      }
    };
    const ownerLoop = async (siteId) => {
      while (Date.now() < until) {
        const status = await signIn(await tokenFor(siteId, ownKey.privateKey));
        if (count) tally(owners, status);
        if (count) owners.sent += 1;
        await sleep(SIGN_IN_EVERY_MS);
      }
    };
    await Promise.all([
      ...Array.from({ length: ATTACKERS }, (_, loop) => attack(loop)),
      ...goodSites.map((siteId) => ownerLoop(siteId)),
    ]);
  };
  await load(decoySites, Date.now() + WARM_UP_SECONDS * 1000, false);
  await sleep(2000);
  const idle = residentBytes(server.child.pid);
  /** The highest resident set while `run` runs. */
  const peakDuring = async (run) => {
    let peak = residentBytes(server.child.pid);
    const sampler = setInterval(() => {
      peak = Math.max(peak, residentBytes(server.child.pid));
    }, SAMPLE_EVERY_MS);
    await run();
    clearInterval(sampler);
    return Math.max(peak, residentBytes(server.child.pid));
  };
  const control = await peakDuring(() => load(decoySites, Date.now() + SECONDS * 1000, false));
  const peak = await peakDuring(() => load(hugeSites, Date.now() + SECONDS * 1000, true));
  const after = residentBytes(server.child.pid);

  const goodFetches = goodSites.map((siteId) => requestsByPath.get(`/sites/${siteId}/.well-known/jwks.json`) ?? 0);
  const hugeFetches = hugeSites.reduce(
    (sum, siteId) => sum + (requestsByPath.get(`/sites/${siteId}/.well-known/jwks.json`) ?? 0),
    0,
  );
  const growth = (peak - control) / MB;
  const ownersOk = owners.answers.get(200) ?? 0;
  const answers = (tallied) => [...tallied.answers].map(([status, count]) => `${status}: ${count}`).join(', ');
  const mb = (bytes) => `${(bytes / MB).toFixed(1)} MB`;
  console.log(`key-set memory: ${SECONDS} s each, ${ATTACKERS} forged-token loops over ${HUGE_SITES} admins`);
  console.log(
    `  resident memory: idle ${mb(idle)}; peak under the control (ordinary key sets) ${mb(control)}, under the attack (100 MB key sets) ${mb(peak)}: ${growth >= 0 ? '+' : ''}${growth.toFixed(1)} MB; after ${mb(after)}`,
  );
  console.log(
    `  forged tokens: ${forged.sent} sent (${answers(forged)}); huge key-set fetches ${hugeFetches}, ${(hugeBytesWritten / MB).toFixed(1)} MB written by the admins before the server hung up`,
  );
  console.log(
    `  owners of ${GOOD_SITES} sites: ${owners.sent} sign-ins (${answers(owners)}); their key-set fetches ${goodFetches.join(', ')}`,
  );
  const failures = [
    ...(growth > MEMORY_GOAL_MB
      ? [`the attack's peak is ${growth.toFixed(1)} MB above the control's, more than ${MEMORY_GOAL_MB}`]
      : []),
    ...(ownersOk !== owners.sent ? [`${owners.sent - ownersOk} owner sign-ins were refused`] : []),
    ...(goodFetches.some((count) => count > 1) ? ["a good site's key set was fetched again"] : []),
  ];
  console.log(failures.length === 0 ? '  goals met' : `  goals missed: ${failures.join('; ')}`);
  process.exitCode = failures.length === 0 ? 0 : 1;
} finally {
  await stop(server.child);
  await new Promise((resolve) => admins.close(resolve));
  admins.closeAllConnections();
  rmSync(scratch, { recursive: true, force: true });
}
