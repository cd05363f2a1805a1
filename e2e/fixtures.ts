/** What every browser test shares: a freshly seeded demo, and the panel's frame inside the demo host. */
import { test as base, expect } from '@playwright/test';
import type { FrameLocator, Page } from '@playwright/test';

import { E2E_HOST_PORT, E2E_PANEL_PORT } from './ports';

export const PANEL_URL = `http://127.0.0.1:${E2E_PANEL_PORT}`;
export const HOST_URL = `http://127.0.0.1:${E2E_HOST_PORT}`;

export interface DemoFixtures {
  /** Opens the demo host for a scenario (and an optional `#/pro/...` route) and returns the panel's frame. */
  openPanel(scenario: string, route?: string): Promise<FrameLocator>;
}

export const test = base.extend<DemoFixtures>({
  openPanel: async ({ page, request }, use) => {
    const reset = await request.post(`${PANEL_URL}/__demo/reset`);
    expect(reset.ok()).toBe(true);
    await use(async (scenario, route = '') => {
      await page.goto(`${HOST_URL}/?scenario=${scenario}#/pro${route}`);
      return page.frameLocator('#billing-frame');
    });
  },
});

export { expect };

/** The API calls the panel makes, in order, from the moment this is called. */
export function recordApiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push(url.pathname);
  });
  return calls;
}
