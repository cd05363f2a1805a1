// What the server benches share: starting the panel's server in a child process, stopping it, one JSON POST, and
// the measure of get-billing-data against a Fastify hello-world (bench:server on SQLite, bench:scale on PostgreSQL).
import { fork, spawn } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';

export const root = path.resolve(import.meta.dirname, '..');
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
  TRUST_PROXY_HOPS: '0',
};

/**
 * Starts the server and resolves its addresses once it reports ready: the compiled one (production), or
 * server/main.ts under tsx (the demo with `DEMO: '1'`, whose modules the production build leaves out). `profileDir`: write a CPU
 * profile there (node --cpu-prof).
 */
export function startPanelServer(env, { compiled, profileDir = null }) {
  const child = fork(compiled ? COMPILED_MAIN : path.join(root, 'server/main.ts'), [], {
    cwd: root,
    execArgv: [...(compiled ? [] : ['--import', 'tsx']), ...(profileDir === null ? [] : ['--cpu-prof', `--cpu-prof-dir=${profileDir}`])],
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
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/**
 * Starts the demo on `env`'s database so it seeds it, signs in the 'active' scenario's owner, and stops it: the
 * billing session token (valid two hours) that the measured servers, on the same database and secret, accept.
 */
export async function seedAndSignIn(env) {
  const demo = await startPanelServer({ ...env, DEMO: '1', NODE_ENV: 'test', LOG_LEVEL: 'warn', DNS_PORT: '0' }, { compiled: false });
  try {
    const { token: identityToken } = await postJson(`${demo.hostUrl}/admin-api/identity-token`, { scenario: 'active' });
    const { token } = await postJson(`${demo.panelUrl}/api/billing-session`, { jwt: identityToken, data: {}, options: { init: true } });
    return token;
  } finally {
    await stop(demo.child);
  }
}

export const SHARE_GOAL = 0.2;
export const P99_GOAL_MS = 20;

/** A Fastify hello-world in its own process that answers every POST with `body`. */
function startHelloWorld(body) {
  const source = `
    const app = require('fastify')({ logger: false });
    app.post('/*', async (_request, reply) => reply.type('application/json; charset=utf-8').send(process.env.BODY));
    app.listen({ port: 0, host: '127.0.0.1' }).then(() => process.send({ port: app.server.address().port }));
  `;
  const child = spawn(process.execPath, ['-e', source], { cwd: root, stdio: ['ignore', 'ignore', 'inherit', 'ipc'], env: { ...process.env, BODY: body } });
  return new Promise((resolve) => child.once('message', ({ port }) => resolve({ child, url: `http://127.0.0.1:${port}` })));
}

/** autocannon POSTing `body` to `url` over `connections` for `seconds`. */
export function load(url, body, { connections, seconds, headers = {}, ...extra }) {
  return autocannon({ url, method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body, connections, duration: seconds, ...extra });
}

export function errorsOf(result) {
  return result.errors + result.timeouts + result.non2xx;
}

/**
 * get-billing-data at `url` against a Fastify hello-world answering its very reply, one after the other after a
 * warm-up of both (JIT, statement caches): the throughput of each and the share, and the latency at `rate`.
 * Prints them, and answers whether both goals were met.
 */
export async function measureShare(url, requestBody, { connections, seconds, rate, label }) {
  const replyBody = JSON.stringify(await postJson(url, JSON.parse(requestBody)));
  const hello = await startHelloWorld(replyBody);
  try {
    const options = { connections, seconds };
    await load(url, requestBody, { ...options, seconds: 2 });
    await load(hello.url, requestBody, { ...options, seconds: 2 });
    const full = await load(url, requestBody, options);
    const ceiling = await load(hello.url, requestBody, options);
    const fixed = await load(url, requestBody, { ...options, overallRate: rate });
    const share = full.requests.average / ceiling.requests.average;
    const met = share >= SHARE_GOAL && fixed.latency.p99 <= P99_GOAL_MS && errorsOf(full) + errorsOf(fixed) === 0;
    console.log(`${label}: ${connections} connections, ${seconds} s each; reply ${replyBody.length} bytes`);
    console.log(`  get-billing-data: ${full.requests.average.toFixed(0)} req/s (p99 ${full.latency.p99} ms, errors ${errorsOf(full)})`);
    console.log(`  hello-world, same body: ${ceiling.requests.average.toFixed(0)} req/s`);
    console.log(`  share: ${(share * 100).toFixed(1)} % (goal >= ${SHARE_GOAL * 100} %)`);
    console.log(`  at ${rate} req/s: ${fixed.requests.average.toFixed(0)} req/s served, p50 ${fixed.latency.p50} ms, p99 ${fixed.latency.p99} ms (goal <= ${P99_GOAL_MS} ms), errors ${errorsOf(fixed)}`);
    return met;
  } finally {
    await stop(hello.child);
  }
}
