// The pages the browser benches compare, and how they load them (bench/run.mjs measures, bench/trace.mjs traces):
// - the panel: the production build (dist/, or BENCH_DIST) in the demo, the 'active' scenario inside its host;
// - the floor: a framework-free page with the same handshake and the same two calls (bench/floor.html);
// - the React floor: the floor with React rendering the plan name (bench/reactFloor.mjs): the least a React
//   panel can do, and so the panel's goal;
// - the stack floor: the floor with the design card's stack (store, RTK Query, router, React) rendering the plan
//   name (bench/stackFloor.mjs): the least a panel built on that stack can do.
// Each is served as the page of a demo of its own (a host and a panel server with its own database), so all get
// the same headers, configuration and script policy.
import { spawn, execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { buildSync } from 'esbuild';
import startupScript from '../tools/startupScript.cjs';
import { benchChromiumPath } from '../tools/testPackages.mjs';

export const root = path.resolve(import.meta.dirname, '..');
export const PLAN_NAME = 'Publisher';
export const WAIT_MS = 30_000;
const ROUTE_RETRY_MS = 5000;
const ROUTE_RETRIES = 3;
const OMNIBOX_POPUP_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup'];

export const CHROMIUM_OPTIONS = {
  executablePath: benchChromiumPath(),
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    // Headless Chromium otherwise builds its (invisible) address bar's popup, a page of its own in a third
    // renderer, with every new browser context: CPU a person's already open browser does not spend on the load.
    `--disable-features=${OMNIBOX_POPUP_FEATURES.join(',')}`,
  ],
};

export function launchChromium() {
  return chromium.launch(CHROMIUM_OPTIONS);
}

/**
 * A browser profile of its own on disk, as a person's: its HTTP cache and the compiled code Chromium keeps for
 * scripts (V8's code cache) last from one visit to the next, as they do for a returning owner.
 */
export async function launchProfile() {
  const profileDir = mkdtempSync(path.join(tmpdir(), 'bench-profile-'));
  const context = await chromium.launchPersistentContext(profileDir, CHROMIUM_OPTIONS);
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profileDir, { recursive: true, force: true });
    },
  };
}

/**
 * Builds what is missing, starts the four demos (ports from `hostPort` on; a fifth, 'panel B', for the build at
 * BENCH_COMPARE_DIST) and resolves once all answer.
 */
export async function startPages(hostPort) {
  const sourceDist = path.resolve(process.env.BENCH_DIST ?? path.join(root, 'dist'));
  if (!existsSync(path.join(sourceDist, 'index.html'))) execSync('npm run build', { cwd: root, stdio: 'inherit' });
  // The demo host's page loads the host SDK's build (a dist/ of another commit may come without it).
  if (!existsSync(path.join(root, 'packages/billing-host-sdk/dist/index.js')))
    execSync('npm run build:host', { cwd: root, stdio: 'inherit' });

  const demoAt = (port) => ({ host: `http://127.0.0.1:${port}`, panel: `http://127.0.0.1:${port + 1}` });
  const demos = {
    panel: demoAt(hostPort),
    floor: demoAt(hostPort + 2),
    reactFloor: demoAt(hostPort + 4),
    stackFloor: demoAt(hostPort + 6),
    other: demoAt(hostPort + 8),
  };
  const otherDist = process.env.BENCH_COMPARE_DIST && path.resolve(process.env.BENCH_COMPARE_DIST);
  if (!otherDist) delete demos.other;
  // A demo left running on one of these ports (a run killed before it stopped its servers) would answer in place
  // of the new one, which fails to listen, and the bench would measure the old build without a word.
  await assertPortsFree(
    Object.values(demos).flatMap((demo) => [demo.host, demo.panel].map((url) => Number(new URL(url).port))),
  );

  const workDir = mkdtempSync(path.join(tmpdir(), 'bench-'));
  const distDir = path.join(workDir, 'dist');
  cpSync(sourceDist, distDir, { recursive: true });
  const floorDistDir = path.join(workDir, 'floor-dist');
  mkdirSync(floorDistDir);
  copyFileSync(path.join(root, 'bench/floor.html'), path.join(floorDistDir, 'index.html'));
  // The server allows a page's inline script by the hash its build left beside it, as webpack does for the panel.
  startupScript.writePageScriptSources(floorDistDir);
  const reactFloorDistDir = path.join(workDir, 'react-floor-dist');
  buildFloorWithBundle(reactFloorDistDir, 'bench/reactFloor.mjs', 'react-floor');
  const stackFloorDistDir = path.join(workDir, 'stack-floor-dist');
  buildFloorWithBundle(stackFloorDistDir, 'bench/stackFloor.mjs', 'stack-floor');

  const pages = [
    { name: 'panel', demo: demos.panel, dist: distDir },
    { name: 'React floor', demo: demos.reactFloor, dist: reactFloorDistDir },
    { name: 'floor', demo: demos.floor, dist: floorDistDir },
    { name: 'stack floor', demo: demos.stackFloor, dist: stackFloorDistDir },
  ];
  if (otherDist) {
    // A second build of the panel measured in the same run, in turns with the others: an idea against the kept build.
    cpSync(otherDist, path.join(workDir, 'other-dist'), { recursive: true });
    // A build older than the hash its build leaves beside the page (webpack.config.js) gets it here.
    if (!existsSync(path.join(workDir, 'other-dist', startupScript.PAGE_SCRIPT_SOURCES_FILE)))
      startupScript.writePageScriptSources(path.join(workDir, 'other-dist'));
    pages.push({ name: 'panel B', demo: demos.other, dist: path.join(workDir, 'other-dist') });
  }
  const servers = pages.map((page, index) =>
    startDemo(Number(new URL(page.demo.host).port), page.dist, workDir, `demo-${index}`),
  );
  const stop = async () => {
    for (const server of servers) {
      if (server.exitCode !== null) continue;
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    rmSync(workDir, { recursive: true, force: true });
  };
  try {
    for (const { demo } of pages) for (const url of [demo.host, demo.panel]) await waitForServer(`${url}/`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { pages, distDir, build: buildAge(sourceDist), stop };
}

/**
 * When the measured build was made against the last commit: the bench builds only a missing dist/, so a dist/ left
 * from an earlier commit is measured as it is (one cause of two machines disagreeing).
 */
function buildAge(sourceDist) {
  const builtAt = statSync(path.join(sourceDist, 'index.html')).mtime;
  const committedAt = new Date(execSync('git log -1 --format=%cI', { cwd: root, encoding: 'utf8' }).trim());
  return { dir: sourceDist, builtAt, committedAt, stale: builtAt < committedAt };
}

/**
 * A floor page that shows the plan name with a bundle (the React floor's, the stack floor's): the floor page
 * without its own #plan, and the bundle of `entry`, built for production and compressed as the panel's. The
 * bundle's name carries its content's hash as the panel's scripts do, so the server sends it with the same
 * caching headers as theirs (it tells a hashed asset by its name): an unhashed floor script was revalidated on
 * every repeat visit whatever the panel's were.
 */
function buildFloorWithBundle(dir, entry, name) {
  const { outputFiles } = buildSync({
    entryPoints: [path.join(root, entry)],
    bundle: true,
    minify: true,
    write: false,
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  const bundle = Buffer.from(outputFiles[0].contents);
  const script = `/assets/${name}.${createHash('sha256').update(bundle).digest('hex').slice(0, 10)}.js`;
  const floorPage = readFileSync(path.join(root, 'bench/floor.html'), 'utf8');
  const page = floorPage.replace(
    '<p id="plan">Loading</p>',
    `<div id="root"></div><script defer src="${script}"></script>`,
  );
  if (page === floorPage) throw new Error('bench/floor.html has no <p id="plan">Loading</p> to replace');
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), page);
  startupScript.writePageScriptSources(dir);
  writeFileSync(path.join(dir, script), bundle);
  writeFileSync(path.join(dir, `${script}.br`), brotliCompressSync(bundle));
  writeFileSync(path.join(dir, `${script}.gz`), gzipSync(bundle, { level: 9 }));
}

function startDemo(hostPort, dist, workDir, name) {
  return spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DEMO: '1',
      PORT: String(hostPort + 1),
      HOST_PORT: String(hostPort),
      DATA_DIR: path.join(workDir, `data-${name}`),
      DIST_DIR: dist,
      HOST_ORIGINS: `http://127.0.0.1:${hostPort}`,
      LOG_LEVEL: 'warn',
      DNS_PORT: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function assertPortsFree(ports) {
  for (const port of ports) {
    await new Promise((resolve, reject) => {
      const probe = createServer();
      probe.once('error', () =>
        reject(new Error(`port ${port} is taken: a server from an earlier run? (ss -ltnp shows its process)`)),
      );
      probe.listen(port, '127.0.0.1', () => probe.close(resolve));
    });
  }
}

/** How long a demo may take to answer: four start at once, and a machine shared with builds slows them. */
const SERVER_START_MS = 90_000;

async function waitForServer(url) {
  for (let attempt = 0; attempt < SERVER_START_MS / 250; attempt += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not come up`);
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * The host page of the active scenario showing `route`, and the panel's frame in it once it navigated there. The
 * panel at its fixed address (`address=fixed`), as the floors are and as the earlier runs measured it.
 */
export async function openInHost(page, route, demo) {
  await page.goto(`${demo.host}/?scenario=active&address=fixed#/pro${route}`);
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const frame = page.frames().find((candidate) => candidate.url().startsWith(demo.panel));
    if (frame) return frame;
    if (Date.now() > deadline) throw new Error(`the host did not frame ${route}`);
    await page.waitForTimeout(10);
  }
}

/**
 * Changes the host's address to `route` and waits for the panel to follow. A change the panel has not followed
 * within ROUTE_RETRY_MS is asked again (the host tells the panel on hashchange only); returns how many were.
 */
export async function askHostForRoute(page, frame, route) {
  const setHash = (hash) => page.evaluate((next) => (window.location.hash = next), hash);
  const hash = `#/pro${route === '/' ? '' : route}`;
  await setHash(hash);
  for (let retries = 0; retries <= ROUTE_RETRIES; retries += 1) {
    const followed = await frame
      .waitForFunction((next) => window.location.pathname === next, route, { timeout: ROUTE_RETRY_MS })
      .then(
        () => true,
        () => false,
      );
    if (followed) return retries;
    await setHash('#/bench');
    await setHash(hash);
  }
  throw new Error(`the panel did not follow the host to ${route}: it is at ${frame.url()}`);
}

/**
 * Runs in every frame from its first line (an init script): notes, by the frame's own clock, the start of the
 * first frame rendered after `name` entered the document, and reports it through a binding (and as a user
 * timing mark, which a trace shows). The page watches itself, so the measurement adds no work while the page
 * loads: polling innerText from outside forced a layout every frame (more on a larger page), and any evaluation
 * in the frame first injects Playwright's own script into it.
 */
function watchForText(name) {
  if (window === window.top) return;
  const observer = new MutationObserver(() => {
    if (document.body === null || !document.body.textContent.includes(name)) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      performance.mark('bench:plan-name-shown');
      window.reportTextShown(performance.now());
    });
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
}

/** Prepares a browser context so that `visit` times one load of the host page, in a new tab, to the plan name. */
export async function planNameWatch(context, demo) {
  let report = () => {};
  await context.exposeBinding('reportTextShown', ({ frame }, at) => {
    if (frame.url().startsWith(demo.panel)) report(at);
  });
  await context.addInitScript(watchForText, PLAN_NAME);
  /** Milliseconds from the frame's navigation start to the plan name on screen, read by the frame's own clock. */
  return async function visit() {
    const shown = new Promise((resolve) => (report = resolve));
    const page = await context.newPage();
    let timer;
    try {
      await openInHost(page, '/', demo);
      const late = new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${PLAN_NAME} not shown within ${WAIT_MS} ms`)), WAIT_MS);
      });
      return await Promise.race([shown, late]);
    } finally {
      clearTimeout(timer);
      await page.close();
    }
  };
}
