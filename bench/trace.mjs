// Where the time to the plan name goes: traces loads of the panel and of the React floor (bench/pages.mjs) in
// Chromium and breaks down the frame's renderer main thread from its navigation start to the plan name on
// screen: the time each kind of task took (each script's evaluation, calls back into a script, microtasks,
// style, layout, paint) and the time the thread waited (for the host, the network or a timer), with the moments
// the frame's scripts and API calls arrived. The medians of BENCH_RUNS traced loads (default 5) are printed side by
// side with the difference. Not a test and not a goal: what `npm run bench` measures, explained.
// Usage: node bench/trace.mjs [--repeat] [--keep DIR]: `--repeat` traces the third visit in one browser profile
// (the repeat visit of `npm run bench`) instead of cold loads; `--keep` writes each trace there (chrome://tracing
// or the DevTools Performance panel open them).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { launchChromium, launchProfile, median, planNameWatch, startPages } from './pages.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const REPEAT = process.argv.includes('--repeat');
const keepIndex = process.argv.indexOf('--keep');
const KEEP_DIR = keepIndex > 0 ? path.resolve(process.argv[keepIndex + 1]) : null;
const HOST_PORT = Number(process.env.BENCH_HOST_PORT ?? 4350);
const VISITS_BEFORE_TRACED = REPEAT ? 2 : 0;
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
  'v8.execute',
  'toplevel',
  'loading',
];
const SHOWN_MARK = 'bench:plan-name-shown';

/**
 * Traces one load (after VISITS_BEFORE_TRACED untraced ones in the same context) and returns the trace's events.
 * Tracing is the browser's, started through the DevTools protocol of a blank tab: a profile's context (launched
 * on its own, see launchProfile) has no Browser object to trace with.
 */
async function tracedLoad(context, demo) {
  const visit = await planNameWatch(context, demo);
  for (let index = 0; index < VISITS_BEFORE_TRACED; index += 1) await visit();
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  try {
    await cdp.send('Tracing.start', { categories: CATEGORIES.join(','), transferMode: 'ReturnAsStream' });
    await visit();
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    const { stream } = await complete;
    let text = '';
    for (;;) {
      const chunk = await cdp.send('IO.read', { handle: stream });
      text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString('utf8') : chunk.data;
      if (chunk.eof) break;
    }
    await cdp.send('IO.close', { handle: stream });
    return JSON.parse(text).traceEvents;
  } finally {
    await cdp.detach();
    await tab.close();
  }
}

/** A short name for a script or call address: its file, or its API call. */
function shortUrl(url = '') {
  const { pathname } = new URL(url, 'http://x');
  return pathname.startsWith('/api/')
    ? pathname.slice(1)
    : path.basename(pathname).replace(/\.[0-9a-f]{10}\.js$/, '.js') || '(page)';
}

/** What a task that runs script is named by: the script it evaluates or calls into, or its kind. */
function taskName(event) {
  const data = event.args?.data ?? {};
  switch (event.name) {
    case 'EvaluateScript':
    case 'v8.evaluateModule':
      return `evaluate ${shortUrl(data.url)}`;
    case 'FunctionCall':
      return `call into ${shortUrl(data.url)}`;
    case 'EventDispatch':
      return `event ${data.type}`;
    case 'TimerFire':
      return 'timer';
    case 'FireAnimationFrame':
      return 'animation frame';
    case 'RunMicrotasks':
      return 'microtasks';
    case 'ParseHTML':
      return 'parse HTML';
    case 'UpdateLayoutTree':
    case 'RecalculateStyles':
      return 'style';
    case 'Layout':
      return 'layout';
    case 'Paint':
    case 'PrePaint':
    case 'Layerize':
    case 'UpdateLayer':
    case 'UpdateLayerTree':
    case 'Commit':
      return 'paint';
    case 'MajorGC':
    case 'MinorGC':
    case 'V8.GC_SCAVENGER':
      return 'garbage collection';
    default:
      return null;
  }
}

/**
 * The breakdown of one load: on the main thread of the frame that marked SHOWN_MARK, from its navigationStart to
 * the mark, the time of each named task (a task counts once, under its outermost named event) and the time the
 * thread did nothing; and when each script and API call the frame asked for finished.
 */
function breakdown(events) {
  const shown = events.find((event) => event.name === SHOWN_MARK);
  if (!shown) throw new Error(`the trace has no ${SHOWN_MARK} mark`);
  const onThread = (event) => event.pid === shown.pid && event.tid === shown.tid;
  const start = Math.max(
    ...events
      .filter((event) => event.name === 'navigationStart' && onThread(event) && event.ts <= shown.ts)
      .map((event) => event.ts),
  );
  const within = (event) => onThread(event) && event.ts >= start && event.ts <= shown.ts;
  const ms = (microseconds) => microseconds / 1000;

  const tasks = events.filter((event) => within(event) && event.ph === 'X' && event.name === 'RunTask');
  const busy = tasks.reduce((sum, task) => sum + Math.min(task.dur, shown.ts - task.ts), 0);
  const times = { 'waiting (nothing to run)': ms(shown.ts - start - busy) };
  const named = events
    .filter((event) => within(event) && event.ph === 'X' && taskName(event) !== null)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  let coveredUntil = 0;
  let namedTime = 0;
  for (const event of named) {
    if (event.ts < coveredUntil) continue; // inside an outer named event, counted there
    const duration = Math.min(event.dur, shown.ts - event.ts);
    times[taskName(event)] = (times[taskName(event)] ?? 0) + ms(duration);
    namedTime += duration;
    coveredUntil = event.ts + event.dur;
  }
  times['other work in tasks'] = ms(busy - namedTime);

  const arrivals = {};
  const requests = new Map(
    events
      .filter((event) => event.name === 'ResourceSendRequest' && event.pid === shown.pid)
      .map((event) => [event.args.data.requestId, event.args.data.url]),
  );
  for (const event of events) {
    if (event.name !== 'ResourceFinish' || !requests.has(event.args.data.requestId)) continue;
    const at = event.args.data.finishTime ? event.args.data.finishTime * 1e6 : event.ts;
    if (at > shown.ts) continue;
    arrivals[`${shortUrl(requests.get(event.args.data.requestId))} arrived`] = ms(at - start);
  }
  return { total: ms(shown.ts - start), times, arrivals };
}

const { pages, stop } = await startPages(HOST_PORT);
const traced = ['panel', 'React floor'].map((name) => pages.find((page) => page.name === name));
let browser;
try {
  browser = await launchChromium();
  const results = new Map(traced.map((page) => [page.name, []]));
  for (let run = 0; run < RUNS; run += 1) {
    for (const page of traced) {
      // A repeat visit is one of a profile on disk, as in `npm run bench`; a cold load has a new context.
      const profile = REPEAT ? await launchProfile() : null;
      const context = profile?.context ?? (await browser.newContext());
      try {
        const events = await tracedLoad(context, page.demo);
        if (KEEP_DIR) {
          mkdirSync(KEEP_DIR, { recursive: true });
          writeFileSync(
            path.join(KEEP_DIR, `${page.name.replace(' ', '-')}-${REPEAT ? 'repeat' : 'cold'}-${run + 1}.json`),
            JSON.stringify({ traceEvents: events }),
          );
        }
        results.get(page.name).push(breakdown(events));
      } finally {
        await (profile ?? context).close();
      }
    }
  }
  const [panel, reactFloor] = traced.map((page) => results.get(page.name));
  const keys = (field) => [...new Set([...panel, ...reactFloor].flatMap((result) => Object.keys(result[field])))];
  const med = (list, field, key) => median(list.map((result) => result[field][key] ?? 0));
  const row = (label, a, b) =>
    `  ${label.padEnd(34)} ${a.toFixed(1).padStart(7)} ${b.toFixed(1).padStart(11)} ${(a - b).toFixed(1).padStart(7)}`;
  console.log(
    `Main thread of the frame, navigation start to the plan name, median of ${RUNS} ${REPEAT ? 'repeat visits (the third in one profile)' : 'cold loads'} (ms):`,
  );
  console.log(`  ${''.padEnd(34)} ${'panel'.padStart(7)} ${'React floor'.padStart(11)} ${'diff'.padStart(7)}`);
  console.log(row('to the plan name', median(panel.map((r) => r.total)), median(reactFloor.map((r) => r.total))));
  for (const key of keys('times').sort((a, b) => med(panel, 'times', b) - med(panel, 'times', a))) {
    console.log(row(key, med(panel, 'times', key), med(reactFloor, 'times', key)));
  }
  console.log(
    'When the frame had what it asked for (ms after its navigation start; 0: not asked before the plan name):',
  );
  for (const key of keys('arrivals').sort((a, b) => med(panel, 'arrivals', a) - med(panel, 'arrivals', b))) {
    console.log(row(key, med(panel, 'arrivals', key), med(reactFloor, 'arrivals', key)));
  }
} finally {
  await browser?.close();
  await stop();
}
