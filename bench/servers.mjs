// What the server benches share: starting the panel's server in a child process, stopping it, one JSON POST, and
// the measure of get-billing-data against a Fastify hello-world (bench:server on SQLite, bench:scale on PostgreSQL).
import { fork, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import autocannon from 'autocannon';
import { pacedLoad } from './pacedLoad.mjs';
import pg from 'pg';

export const root = path.resolve(import.meta.dirname, '..');

/** Runs one statement on the database DATABASE_URL names (the benches' own databases are made and dropped with it). */
export async function onAdminDatabase(statement) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
export const COMPILED_MAIN = path.join(root, 'dist-server/server/main.js');

/** Where the measured production server's outside services live: a closed port of loopback (none is called). */
const UNREACHABLE = 'http://127.0.0.1:9';

/**
 * What production refuses to start without (docs/deploy.md), but the session secret and the database: no host
 * page, and real providers out of reach; get-billing-data, the call measured, reads the database only.
 */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  HOST_ORIGINS: 'http://127.0.0.1:1',
  PLATFORM_API_KEYS: 'bench-platform-key-0123456789abcdef',
  IDENTITY_AUDIENCE: 'inkwell-billing',
  IDENTITY_ISSUER: 'http://127.0.0.1:1',
  PAYMENTS_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_bench',
  STRIPE_API_BASE: UNREACHABLE,
  PAYMENT_PUBLISHABLE_KEY: 'pk_test_bench',
  PAYMENTS_WEBHOOK_SECRET: 'whsec_bench',
  EDGE_PROVIDER: 'cloudflare',
  EDGE_API_BASE: UNREACHABLE,
  EDGE_API_TOKEN: 'bench',
  EDGE_ZONE_ID: 'bench',
  MAIL_PROVIDER: 'mailgun',
  MAILGUN_API_URL: UNREACHABLE,
  MAILGUN_API_KEY: 'bench',
  REGISTRAR_PROVIDER: 'entri',
  ENTRI_API_URL: UNREACHABLE,
  ENTRI_APPLICATION_ID: 'bench',
  ENTRI_SECRET: 'bench',
  // Every domain feature offered, as a platform selling all of them runs (docs/deploy.md "Features").
  CUSTOM_DOMAINS_ENABLED: '1',
  SENDING_DOMAINS_ENABLED: '1',
  DOMAIN_PURCHASE_ENABLED: '1',
  TRUST_PROXY_HOPS: '0',
  // On SQLite (no DATABASE_URL) the measured server is one node; with DATABASE_URL this changes nothing.
  SINGLE_NODE: '1',
  // No balancer to drain: a bench's server stops at once.
  SHUTDOWN_DRAIN_DELAY_MS: '0',
};

/**
 * Starts the server and resolves its addresses once it reports ready: the compiled one (production), or
 * server/main.ts under tsx (the demo with `DEMO: '1'`, whose modules the production build leaves out). `profileDir`: write a CPU
 * profile there (node --cpu-prof).
 */
export function startPanelServer(env, { compiled, profileDir = null }) {
  const child = fork(compiled ? COMPILED_MAIN : path.join(root, 'server/main.ts'), [], {
    cwd: root,
    execArgv: [
      ...(compiled ? [] : ['--import', 'tsx']),
      ...(profileDir === null ? [] : ['--cpu-prof', `--cpu-prof-dir=${profileDir}`]),
    ],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: { ...process.env, PORT: '0', HOST_PORT: '0', ...env },
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before it was ready`)));
    child.on('message', (message) => {
      if (message?.type === 'ready') resolve({ child, panelUrl: message.panelUrl, hostUrl: message.hostUrl });
    });
  });
}

export function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

export async function postJson(url, body) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/**
 * Starts the demo on `env`'s database so it seeds it, signs in the 'active' scenario's owner, and stops it: the
 * billing session token (valid two hours) that the measured servers, on the same database and secret, accept.
 */
export async function seedAndSignIn(env) {
  const demo = await startPanelServer(
    { ...env, DEMO: '1', NODE_ENV: 'test', LOG_LEVEL: 'warn', DNS_PORT: '0' },
    { compiled: false },
  );
  try {
    const { token: identityToken } = await postJson(`${demo.hostUrl}/admin-api/identity-token`, { scenario: 'active' });
    const { token } = await postJson(`${demo.panelUrl}/api/billing-session`, {
      jwt: identityToken,
      data: {},
      options: { init: true },
    });
    return token;
  } finally {
    await stop(demo.child);
  }
}

export const SHARE_GOAL = 0.25;
export const P99_GOAL_MS = 20;
/** What the small hello-world answers: the ceiling of a request with next to no body, as the issue measured it. */
const SMALL_REPLY = '{"hello":"world"}';

/**
 * A Fastify hello-world in its own process that answers every POST with `body`, and with `gzipped` (its gzip,
 * base64) to a client that accepts gzip: the echo of a reply, in the encoding the client asks for.
 */
function startHelloWorld(body, gzipped = null) {
  const source = `
    const app = require('fastify')({ logger: false });
    const gzipped = process.env.GZIPPED ? Buffer.from(process.env.GZIPPED, 'base64') : null;
    app.post('/*', async (request, reply) => {
      reply.type('application/json; charset=utf-8');
      if (gzipped === null || !/gzip/.test(request.headers['accept-encoding'] ?? '')) return reply.send(process.env.BODY);
      return reply.header('content-encoding', 'gzip').header('vary', 'accept-encoding').send(gzipped);
    });
    app.listen({ port: 0, host: '127.0.0.1' }).then(() => process.send({ port: app.server.address().port }));
  `;
  const env = { ...process.env, BODY: body, GZIPPED: gzipped === null ? '' : gzipped.toString('base64') };
  const child = spawn(process.execPath, ['-e', source], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env,
  });
  return new Promise((resolve) =>
    child.once('message', ({ port }) => resolve({ child, url: `http://127.0.0.1:${port}` })),
  );
}

/** autocannon POSTing `body` to `url` over `connections` for `seconds`. */
export function load(url, body, { connections, seconds, headers = {}, ...extra }) {
  return autocannon({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
    connections,
    duration: seconds,
    ...extra,
  });
}

export function errorsOf(result) {
  return result.errors + result.timeouts + result.non2xx;
}

/** What a browser sends: every one accepts gzip. */
const GZIP = { 'accept-encoding': 'gzip' };

/** The panel's answer as it comes over the wire (fetch would decode it): its bytes and their encoding. */
async function rawAnswer(url, body, headers) {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      { method: 'POST', headers: { 'content-type': 'application/json', ...headers } },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ encoding: response.headers['content-encoding'], body: Buffer.concat(chunks) }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/**
 * The CPU time process `pid` has used so far, in ms (Linux's /proc; null elsewhere): user and system time, which
 * other work on a shared machine does not inflate the way it stretches wall time.
 */
function cpuMsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}
/** USER_HZ, 100 on every Linux build the bench runs on */
const CLOCK_TICKS_PER_SECOND = 100;

/** A load of `target` for `seconds`, with the CPU time its server process used meanwhile (cpuMs, null if unknown). */
async function measuredLoad(target, requestBody, options) {
  const before = cpuMsOf(target.pid);
  const result = await load(target.url, requestBody, options);
  const after = cpuMsOf(target.pid);
  return Object.assign(result, { cpuMs: before === null || after === null ? null : after - before });
}

/** Microseconds of CPU per request over the slices of one target; null without a process to read. */
function cpuPerRequest(slices) {
  if (slices.some((slice) => slice.cpuMs === null)) return null;
  return (
    (slices.reduce((sum, slice) => sum + slice.cpuMs, 0) * 1000) /
    slices.reduce((sum, slice) => sum + slice.requests.total, 0)
  );
}

/** Requests per second over the slices of one target: their total over their time. */
function rate(slices) {
  return (
    slices.reduce((sum, slice) => sum + slice.requests.total, 0) /
    slices.reduce((sum, slice) => sum + slice.duration, 0)
  );
}

function errorsOfAll(slices) {
  return slices.reduce((sum, slice) => sum + errorsOf(slice), 0);
}

function p99Of(slices) {
  return Math.max(...slices.map((slice) => slice.latency.p99));
}

/**
 * get-billing-data at `url`, plain and gzipped (as browsers ask), against two Fastify hello-worlds measured in
 * the same run: one with a small reply, the ceiling of any request on this machine (the goal's reference), and one
 * echoing the very reply in the same encoding (what is left once the bytes are paid). After a warm-up of each
 * (JIT, statement caches), the six loads take turns a second each for `seconds` rounds, so that a burst of other
 * work on a shared machine falls on all of them alike. Prints the throughputs and shares, and the latency at
 * `rate`, and answers whether the goals were met. With the panel server's `pid`, also each server's CPU time per
 * request and their ratio: the share a quiet machine would show, which a loaded one cannot.
 */
export async function measureShare(url, requestBody, { connections, seconds, rate: fixedRate, label, pid = null }) {
  const plainReply = await rawAnswer(url, requestBody, {});
  const gzippedReply = await rawAnswer(url, requestBody, GZIP);
  if (gzippedReply.encoding !== 'gzip')
    throw new Error(`get-billing-data answered accept-encoding gzip with encoding ${gzippedReply.encoding}`);
  const [small, echo] = await Promise.all([
    startHelloWorld(SMALL_REPLY),
    startHelloWorld(plainReply.body.toString('utf8'), gzippedReply.body),
  ]);
  try {
    const targets = {
      panel: { url, pid },
      small: { url: small.url, pid: small.child.pid },
      echo: { url: echo.url, pid: echo.child.pid },
    };
    const encodings = { plain: {}, gzip: GZIP };
    for (const target of Object.values(targets))
      await load(target.url, requestBody, { connections, seconds: 2, headers: GZIP });
    const slices = {};
    for (let round = 0; round < seconds; round += 1) {
      for (const [name, target] of Object.entries(targets)) {
        for (const [encoding, headers] of Object.entries(encodings)) {
          (slices[`${name} ${encoding}`] ??= []).push(
            await measuredLoad(target, requestBody, { connections, seconds: 1, headers }),
          );
        }
      }
    }
    // At an even pace (bench/pacedLoad.mjs): a request every 1/fixedRate s, its latency counted from when it was due.
    const fixed = await pacedLoad({
      url,
      rate: fixedRate,
      seconds,
      connections,
      headers: { 'content-type': 'application/json', ...GZIP },
      nextBody: () => requestBody,
    });
    const percent = (share) => `${(share * 100).toFixed(1)} %`;
    console.log(
      `${label}: ${connections} connections, ${seconds} rounds of 1 s each; reply ${plainReply.body.length} bytes, ${gzippedReply.body.length} gzipped`,
    );
    let met = fixed.latency.p99 <= P99_GOAL_MS && errorsOf(fixed) === 0;
    for (const encoding of Object.keys(encodings)) {
      const [panel, smallWorld, echoWorld] = ['panel', 'small', 'echo'].map((name) => slices[`${name} ${encoding}`]);
      const share = rate(panel) / rate(smallWorld);
      met &&= share >= SHARE_GOAL && errorsOfAll(panel) === 0;
      console.log(
        `  ${encoding.padEnd(5)} get-billing-data ${rate(panel).toFixed(0)} req/s (p99 ${p99Of(panel)} ms, errors ${errorsOfAll(panel)});` +
          ` hello-world small reply ${rate(smallWorld).toFixed(0)}, same reply ${rate(echoWorld).toFixed(0)};` +
          ` share ${percent(share)} of the small (goal >= ${percent(SHARE_GOAL)}), ${percent(rate(panel) / rate(echoWorld))} of the same`,
      );
      const [panelCpu, smallCpu, echoCpu] = [panel, smallWorld, echoWorld].map(cpuPerRequest);
      if (panelCpu !== null && smallCpu !== null && echoCpu !== null) {
        console.log(
          `        CPU per request: get-billing-data ${panelCpu.toFixed(0)} us, small ${smallCpu.toFixed(0)} us, same reply ${echoCpu.toFixed(0)} us;` +
            ` share ${percent(smallCpu / panelCpu)} of the small, ${percent(echoCpu / panelCpu)} of the same`,
        );
      }
    }
    console.log(
      `  gzip at ${fixedRate} req/s: ${fixed.requests.average.toFixed(0)} req/s served, p50 ${fixed.latency.p50} ms, p99 ${fixed.latency.p99} ms (goal <= ${P99_GOAL_MS} ms), errors ${errorsOf(fixed)}`,
    );
    return met;
  } finally {
    await Promise.all([stop(small.child), stop(echo.child)]);
  }
}
