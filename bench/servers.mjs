// What the server benches share: starting the panel's server in a child process, stopping it, and one JSON POST.
import { fork } from 'node:child_process';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');
export const COMPILED_MAIN = path.join(root, 'dist-server/server/main.js');

/**
 * Starts the server and resolves its addresses once it reports ready: the compiled one (production), or
 * server/main.ts under tsx (the demo, whose modules the production build leaves out). `profileDir`: write a CPU
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
  const demo = await startPanelServer({ ...env, NODE_ENV: 'test', LOG_LEVEL: 'warn', DNS_PORT: '0' }, { compiled: false });
  try {
    const { token: identityToken } = await postJson(`${demo.hostUrl}/admin-api/identity-token`, { scenario: 'active' });
    const { token } = await postJson(`${demo.panelUrl}/api/billing-session`, { jwt: identityToken, data: {}, options: { init: true } });
    return token;
  } finally {
    await stop(demo.child);
  }
}
