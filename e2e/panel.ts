/**
 * What browser tests do inside the panel's frame: check it with axe-core, type a card into the provider's field and
 * see it saved.
 */
import { readFileSync } from 'node:fs';
import type { Frame, FrameLocator, Locator, Page } from '@playwright/test';
import type axe from 'axe-core';
import { CARD_UPDATE_RELOAD_DELAY_MS } from '../core/rules/constants';
import { expect } from './fixtures';

/** axe-core's own build, evaluated into each frame it checks. */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

type AxeWindow = Window & typeof globalThis & { axe: typeof axe };

/**
 * Puts axe into a frame and every frame inside it (the card provider's field), each answering the frame above. Once
 * per document: evaluating axe's build costs about 0.2 s of processor time, and a screen checked again (in its other
 * theme) still has it.
 */
async function injectAxe(frame: Frame) {
  if (!(await frame.evaluate(() => 'axe' in window))) {
    await frame.evaluate(AXE_SOURCE);
    // The provider's field is another origin than the panel: axe asks it for its results across origins.
    await frame.evaluate(() => (window as AxeWindow).axe.configure({ allowedOrigins: ['<unsafe_all_origins>'] }));
  }
  for (const child of frame.childFrames()) await injectAxe(child);
}

/**
 * axe-core on the panel's document, as its own page (the demo host page is not the product), frames inside it
 * included; every rule runs, only violations are gathered in full. axe runs in the panel's frame itself:
 * @axe-core/playwright runs it from the host page and finishes each check in a new page, several times slower
 * (bench/README.md "The test suite's time").
 */
export async function expectNoAxeViolations(page: Page) {
  const frame = await (await page.locator('#billing-frame').elementHandle())?.contentFrame();
  if (!frame) throw new Error("the panel's frame has no document");
  await injectAxe(frame);
  const violations = await frame.evaluate(async () => {
    const results: axe.AxeResults = await (window as AxeWindow).axe.run(document, { resultTypes: ['violations'] });
    return results.violations.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target.join(' ')).join(', ')}`);
  });
  expect(violations).toEqual([]);
}

/** Types a card into the sandbox provider's own iframe (inside the open dialog), as a person would. */
export async function typeCard(panel: FrameLocator, number: string) {
  const card = panel.getByRole('dialog').locator('iframe').contentFrame();
  await card.locator('input[name="cardnumber"]').fill(number);
  await card.locator('input[name="exp-date"]').fill('12 / 34');
  await card.locator('input[name="cvc"]').fill('123');
  await card.locator('input[name="postal"]').fill('94107');
}

/**
 * The card form's 'Update complete!', then its close after the spec's delay (SPEC: 7000 ms), jumped on the page's
 * clock, installed before the panel opened (keptClockPageTest's page, or the test's page.clock.install()).
 */
export async function expectCardSaved(page: Page, dialog: Locator) {
  await expect(dialog.getByRole('button', { name: 'Update complete!' })).toBeVisible();
  await page.clock.fastForward(CARD_UPDATE_RELOAD_DELAY_MS);
  await expect(dialog).toHaveCount(0);
}
