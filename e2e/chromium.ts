/**
 * How every browser test starts Chromium: Debian's build of its headless shell (tools/testPackages.mjs says why),
 * with nothing of its own going to the network.
 */
import type { LaunchOptions } from '@playwright/test';

export const CHROMIUM_LAUNCH_OPTIONS: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
