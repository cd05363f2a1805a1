/**
 * The page's entry. Running the panel's modules takes the page's thread for tens of milliseconds, and the boot
 * script's calls go one after another on that thread: modules run while the host's token or the session is on
 * its way would hold up the next call. So they run once the boot script has asked for the billing data (they
 * then run while it travels), or after BOOT_WAIT_CAP_MS at the latest, so a slow host never keeps the
 * panel from showing its spinner.
 */
import { takePanelBoot } from './features/session/boot';

const BOOT_WAIT_CAP_MS = 300;

async function main() {
  const boot = takePanelBoot(window);
  if (boot !== null) await Promise.race([boot.dataRequested, new Promise((resolve) => setTimeout(resolve, BOOT_WAIT_CAP_MS))]);
  // 'eager': the modules come in this same file; only running them waits.
  const { startPanel } = await import(/* webpackMode: "eager" */ './app/startPanel');
  await startPanel(boot);
}

void main();
