/** What browser tests do inside the panel's frame: check it with axe-core, type a card into the provider's field. */
import AxeBuilder from '@axe-core/playwright';
import type { FrameLocator, Page } from '@playwright/test';
import { expect } from './fixtures';

/** axe-core on the panel's frame only: the demo host page is not the product. */
export async function expectNoAxeViolations(page: Page) {
  // Every rule still runs; only violations are gathered in full (a tenth less time a call, measured on the dashboard).
  const results = await new AxeBuilder({ page }).include('#billing-frame').options({ resultTypes: ['violations'] }).analyze();
  expect(results.violations.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Types a card into the sandbox provider's own iframe (inside the open dialog), as a person would. */
export async function typeCard(panel: FrameLocator, number: string) {
  const card = panel.getByRole('dialog').locator('iframe').contentFrame();
  await card.locator('input[name="cardnumber"]').fill(number);
  await card.locator('input[name="exp-date"]').fill('12 / 34');
  await card.locator('input[name="cvc"]').fill('123');
  await card.locator('input[name="postal"]').fill('94107');
}
