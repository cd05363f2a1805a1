/**
 * `npm run dev` (docs/debugging.md): the panel built in development mode by webpack-dev-server, with hot updates
 * and Redux DevTools, served by the demo server as `npm start` serves the production build: the demo host on 4000,
 * the panel and its API on 4001.
 *
 * The dev server writes each build to dist-dev/ and the demo server serves that directory (DIST_DIR), so the panel's
 * page keeps its injected configuration and its policy; the page reaches the dev server only for its update socket
 * (PANEL_DEV_SERVER_URL, which the page's policy then allows).
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import webpack from 'webpack';
import WebpackDevServer from 'webpack-dev-server';

const require = createRequire(import.meta.url);
const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const makeConfig = require(path.join(projectRoot, 'webpack.config.js'));

const host = '127.0.0.1';
const devServerPort = Number(process.env.DEV_SERVER_PORT ?? 4011);
const devServerUrl = `http://${host}:${devServerPort}`;

const compiler = webpack(makeConfig({ WEBPACK_SERVE: true }, { mode: 'development' }));
const devServer = new WebpackDevServer(
  {
    host,
    port: devServerPort,
    hot: true,
    // The demo server serves the files; the dev server only builds them and tells the page when they change.
    static: false,
    devMiddleware: { writeToDisk: true },
    client: {
      webSocketURL: `ws://${host}:${devServerPort}/ws`,
      overlay: { errors: true, warnings: false, runtimeErrors: false },
    },
  },
  compiler,
);

let server = null;
let stopping = false;

function startDemoServer() {
  server = spawn(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'server', 'main.ts')], {
    cwd: projectRoot,
    stdio: 'inherit',
    env: { ...process.env, DEMO: '1', DIST_DIR: 'dist-dev', PANEL_DEV_SERVER_URL: devServerUrl },
  });
  server.on('exit', (code, signal) => {
    if (!stopping) {
      process.stderr.write(`The demo server stopped (${signal ?? code}); stopping the dev server.\n`);
      void stop(code ?? 1);
    }
  });
}

async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  server?.kill('SIGTERM');
  await devServer.stop();
  process.exit(code);
}

process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

// The demo server starts once the first build is on disk: before it, the panel's page would say it is not built.
compiler.hooks.done.tap('StartDemoServer', (stats) => {
  if (server === null && !stats.hasErrors()) startDemoServer();
});
await devServer.start();
process.stdout.write(
  `Building the panel (dev server ${devServerUrl}); the demo starts once the first build is ready.\n`,
);
