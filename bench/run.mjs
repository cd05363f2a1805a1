// Performance of the dashboard, measured in Debian's Chromium on the demo:
// - the gzip size of the JavaScript the dashboard route loads (budget: 160 KB);
// - the time from the iframe's load start to the plan name on screen (median of several runs);
// - the number of serial API calls before the dashboard renders (the longest chain of calls that wait on each other).
// Usage: npm run bench (builds first when dist/ is missing). Options via env: BENCH_RUNS (default 7).
import { spawn, execSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const HOST_PORT = 4300;
const PORT = 4301;
const BUDGET_KB = 160;

if (!existsSync(path.join(root, 'dist/index.html'))) {
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-data-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST_PORT: String(HOST_PORT),
    DATA_DIR: dataDir,
    HOST_ORIGINS: `http://127.0.0.1:${HOST_PORT}`,
    PANEL_URL: `http://127.0.0.1:${PORT}`,
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function waitForServer(url) {
  for (let attempt = 0; attempt < 120; attempt += 1) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not come up`);
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** The longest chain of API calls in which each starts only after the previous one ended. */
function serialDepth(calls) {
  const depth = new Map();
  const sorted = [...calls].sort((a, b) => a.start - b.start);
  for (const call of sorted) {
    const before = sorted.filter((other) => other.end <= call.start);
    depth.set(call, 1 + Math.max(0, ...before.map((other) => depth.get(other) ?? 0)));
  }
  return Math.max(0, ...depth.values());
}

let browser;
try {
  await waitForServer(`http://127.0.0.1:${HOST_PORT}/`);
  await waitForServer(`http://127.0.0.1:${PORT}/`);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });

  const times = [];
  let scripts = new Set();
  let calls = [];
  for (let run = 0; run < RUNS; run += 1) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const runScripts = new Set();
    const runCalls = [];
    const started = new Map();
    let frameLoadStart = 0;
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.port !== String(PORT)) return;
      if (request.resourceType() === 'document' && request.frame().parentFrame()) frameLoadStart = performance.now();
      if (url.pathname.endsWith('.js')) runScripts.add(url.pathname);
      if (url.pathname.startsWith('/api/')) started.set(request, performance.now());
    });
    page.on('requestfinished', (request) => {
      if (started.has(request)) {
        runCalls.push({ path: new URL(request.url()).pathname, start: started.get(request), end: performance.now() });
      }
    });
    await page.goto(`http://127.0.0.1:${HOST_PORT}/?scenario=active`);
    const frame = page.frameLocator('#billing-frame');
    await frame.getByText('Publisher', { exact: false }).first().waitFor({ timeout: 30_000 });
    times.push(performance.now() - frameLoadStart);
    scripts = runScripts;
    calls = runCalls;
    await context.close();
  }

  const sizes = [...scripts].map((script) => {
    const file = path.join(root, 'dist', script);
    return { script, gzipBytes: existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : 0 };
  });
  const totalKb = sizes.reduce((sum, { gzipBytes }) => sum + gzipBytes, 0) / 1024;

  console.log('Dashboard JavaScript (gzip):');
  for (const { script, gzipBytes } of sizes) console.log(`  ${(gzipBytes / 1024).toFixed(1).padStart(7)} KB  ${script}`);
  console.log(`  ${totalKb.toFixed(1).padStart(7)} KB  total (budget ${BUDGET_KB} KB)`);
  console.log(`Iframe load to plan name: median ${median(times).toFixed(0)} ms over ${RUNS} runs (min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)})`);
  console.log(`API calls before the dashboard: ${calls.map((call) => call.path).join(', ')}`);
  console.log(`Serial API calls (longest chain): ${serialDepth(calls)}`);
  if (totalKb > BUDGET_KB) {
    console.error(`Over budget: ${totalKb.toFixed(1)} KB > ${BUDGET_KB} KB`);
    process.exitCode = 1;
  }
} finally {
  await browser?.close();
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
