// How fast the panel answers the owner's common actions (issue 28): the time from the input to the next paint,
// read as INP reads it. The Event Timing API (a PerformanceObserver of type 'event', durationThreshold 16, the
// least it allows) reports each input event of the panel's frame whose handling and next paint took 16 ms or more;
// the events of one interaction (pointerdown, pointerup and click; keydown and keyup) share an interactionId, and
// the interaction's duration is the longest of them. An interaction with no entry took under 16 ms: it counts as 16.
// Playwright drives the actions as a person would, with trusted mouse clicks and key presses into the page, one at a
// time, each after the screen settled; the steps that bring the screen back between two (the Back link, the host's
// route change) are not measured.
import { WAIT_MS, askHostForRoute, openInHost } from './pages.mjs';

export const INTERACTION_GOAL_MS = 100;
export const INTERACTION_MOONSHOT_MS = 50;
const EVENT_THRESHOLD_MS = 16;
/** How long the panel's observer may take to report after the screen settled (entries come after the paint). */
const REPORT_WAIT_MS = 150;

/**
 * Runs in every frame from its first line (an init script): keeps, in the panel's frame, the longest event of each
 * interaction the Event Timing API reports.
 */
function watchInteractions(threshold) {
  if (window === window.top) return;
  const interactions = new Map();
  window.benchInteractions = interactions;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.interactionId === 0) continue;
      interactions.set(entry.interactionId, Math.max(interactions.get(entry.interactionId) ?? 0, entry.duration));
    }
  }).observe({ type: 'event', durationThreshold: threshold, buffered: true });
}

/** Waits two frames and `settleMs` for the observer's report, then returns the longest interaction it saw. */
function readInteraction(settleMs) {
  return new Promise((resolve) => {
    requestAnimationFrame(() =>
      requestAnimationFrame(() =>
        setTimeout(() => {
          const durations = [...window.benchInteractions.values()];
          window.benchInteractions.clear();
          resolve(durations.length === 0 ? null : Math.max(...durations));
        }, settleMs),
      ),
    );
  });
}

/** Performs `act` (an input and the wait for what it shows) and returns its interaction's duration in ms. */
async function timed(frame, act) {
  await frame.evaluate(() => window.benchInteractions.clear());
  await act();
  return (await frame.evaluate(readInteraction, REPORT_WAIT_MS)) ?? EVENT_THRESHOLD_MS;
}

const dialog = (frame, name) => frame.getByRole('dialog', { name });

/**
 * The actions, by the screen they start on: what shows that the screen is ready, and one turn, which records one
 * sample of each of its actions and brings the screen back (the Escape samples come from both modals).
 */
const SCENARIOS = [
  {
    route: '/',
    ready: (frame) => frame.getByRole('button', { name: 'Update credit card' }),
    async run(page, frame, record) {
      for (const [button, name, action] of [
        ['Update credit card', 'Update credit card', 'open the card modal'],
        ['View all invoices', 'All invoices', 'open View all (invoices, spending chart)'],
      ]) {
        record(
          action,
          await timed(frame, async () => {
            await frame.getByRole('button', { name: button }).click();
            await dialog(frame, name).waitFor();
          }),
        );
        record(
          'close a modal with Escape',
          await timed(frame, async () => {
            await page.keyboard.press('Escape');
            await dialog(frame, name).waitFor({ state: 'detached' });
          }),
        );
      }
    },
  },
  {
    route: '/plans',
    ready: (frame) => frame.getByRole('switch'),
    async run(page, frame, record) {
      const annual = frame.getByRole('switch');
      // On is yearly: the plan cards then say what a month costs billed yearly.
      const wasYearly = await annual.isChecked();
      record(
        'switch monthly and yearly (plans)',
        await timed(frame, async () => {
          await annual.click();
          await frame
            .getByText(/billed yearly/)
            .first()
            .waitFor({ state: wasYearly ? 'detached' : 'visible' });
        }),
      );
      record(
        'choose a plan, reach the checkout',
        await timed(frame, async () => {
          await frame.getByRole('button', { name: 'Choose this plan: Business' }).click();
          await frame.getByRole('heading', { level: 1, name: 'Confirm your plan selection' }).waitFor();
        }),
      );
      await askHostForRoute(page, frame, '/plans');
      await annual.waitFor();
    },
  },
  {
    route: '/domain',
    ready: (frame) => frame.locator('a[href="/domain/custom"]').first(),
    async run(page, frame, record) {
      record(
        'open a domain screen (overview to custom domain)',
        await timed(frame, async () => {
          await frame.locator('a[href="/domain/custom"]').first().click();
          await frame.getByRole('link', { name: 'Back' }).waitFor();
        }),
      );
      await frame.getByRole('link', { name: 'Back' }).click();
      await frame.locator('a[href="/domain/custom"]').first().waitFor();
    },
  },
];

/** The nearest-rank percentile `p` (0 to 100) of `values`. */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Each action's durations over `repetitions` turns, each scenario in a browser context of its own. */
export async function measureInteractions(browser, demo, repetitions) {
  const samples = new Map();
  const record = (action, duration) => samples.set(action, [...(samples.get(action) ?? []), duration]);
  for (const scenario of SCENARIOS) {
    const context = await browser.newContext();
    try {
      await context.addInitScript(watchInteractions, EVENT_THRESHOLD_MS);
      const page = await context.newPage();
      const frame = await openInHost(page, scenario.route, demo);
      await scenario.ready(frame).waitFor({ timeout: WAIT_MS });
      // A host tells the panel of its route changes only once the panel said it is ready (HOST-PROTOCOL).
      await page.getByText('Panel ready').waitFor({ timeout: WAIT_MS });
      for (let turn = 0; turn < repetitions; turn += 1) await scenario.run(page, frame, record);
    } finally {
      await context.close();
    }
  }
  return [...samples].map(([action, durations]) => ({
    action,
    durations,
    p50: percentile(durations, 50),
    p98: percentile(durations, 98),
  }));
}
