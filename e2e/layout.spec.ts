/**
 * The panel's layout at the host widths real admins have, on every screen of every demo scenario: no word broken
 * across lines, nothing overflowing sideways (e2e/layout.ts says what is measured). The other languages' screens
 * are measured in e2e/localization.spec.ts.
 */
import { scenarioNames } from '../server/demo/scenarios';
import { expect, keptPageTest } from './fixtures';
import { HOST_WIDTHS, problemsAtEveryWidth, SCREENS, settled } from './layout';

for (const scenario of scenarioNames) {
  keptPageTest(
    `${scenario}: no broken words and no sideways overflow at ${HOST_WIDTHS.join(', ')} px`,
    async ({ page, openPanel }) => {
      const panel = await openPanel(scenario);
      await expect(page.getByRole('status', { name: 'Host status' })).toHaveText('Panel ready');
      const problems: string[] = [];
      for (const screen of SCREENS) {
        await page.evaluate((route) => {
          window.location.hash = `#/pro${route === '/' ? '' : route}`;
        }, screen);
        await settled(panel);
        problems.push(...(await problemsAtEveryWidth(page, screen)));
      }
      expect(problems).toEqual([]);
    },
  );
}
