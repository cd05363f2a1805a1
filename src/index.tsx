/**
 * The page's entry. Running the panel's code takes the page's thread for tens of milliseconds at a time, and the
 * start-up script's conversation (src/startup/) goes one step after another on that same thread: the host's
 * token, then billing-session, then get-billing-data. An answer that arrives while the thread is busy waits for
 * it. So the work goes into the waits: the modules run while billing-session travels (once the token is in), and
 * the panel starts while get-billing-data travels (once it was asked for). Both waits end by
 * STARTUP_WAIT_CAP_MS after the start, so a slow host or server never keeps the panel from showing its spinner.
 */
import { sleep } from './api/sleep';
import { takePanelStartup } from './startup/handOff';

const STARTUP_WAIT_CAP_MS = 300;

async function main() {
  const startup = takePanelStartup(window);
  const cap = sleep(STARTUP_WAIT_CAP_MS);
  const settledOrCapped = (step: Promise<unknown>) => Promise.race([step, cap]);
  if (startup !== null) await settledOrCapped(startup.token);
  // 'eager': the modules come in this same file; only running them waits.
  const { startPanel } = await import(/* webpackMode: "eager" */ './app/startPanel');
  if (startup !== null) await settledOrCapped(startup.dataRequested);
  await startPanel(startup);
}

void main();
