/**
 * The panel's layout at the host widths real admins have (a phone, a tablet, a laptop, a desktop): on every
 * screen of every demo scenario, no word is broken across lines and nothing overflows sideways. A squeezed
 * column that wraps 'Visa ending in 4242' one letter a line is the failure this catches; so are a DNS host split
 * inside a word on a phone ('pic._domainkey.e' / 'xample.com') and, on a desktop, an address split though its
 * row could hold it (the billing contact's 'jordan@custom-' / 'plan.example.com').
 */
import type { FrameLocator, Page } from '@playwright/test';
import { expect } from './fixtures';

export const HOST_WIDTHS = [360, 768, 1024, 1440] as const;
/** The desktop width, where every address and host fits on one line. */
const WIDE_HOST_WIDTH = 1440;
const HOST_HEIGHT = 900;
export const SCREENS = [
  '/',
  '/plans',
  '/checkout',
  '/support',
  '/domain',
  '/domain/custom',
  '/domain/sending',
] as const;

/**
 * Runs in the panel's frame, two animation frames after a resize: every word split across lines, every box past the
 * frame's width; at a desktop width (`wide`), every value set with natural break points (NaturalBreaks) that does not
 * keep to one line.
 */
async function layoutProblems(wide: boolean): Promise<string[]> {
  // Two frames let the layout follow the new width before it is measured.
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  const problems: string[] = [];
  const describe = (element: Element) => {
    const label = element.getAttribute('aria-label') ?? element.className.toString() ?? '';
    return `<${element.tagName.toLowerCase()}${label ? ` "${label}"` : ''}>`;
  };
  const isHidden = (element: Element) => element.closest('.visually-hidden, script, style, [hidden]') !== null;
  const width = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth > width + 1) {
    problems.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} px content in ${width} px`);
  }
  for (const element of document.body.querySelectorAll('*')) {
    if (isHidden(element)) continue;
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    if (box.left < -1 || box.right > width + 1) {
      problems.push(
        `${describe(element)} overflows: ${Math.round(box.left)} to ${Math.round(box.right)} px of ${width} px`,
      );
    }
  }
  // Text past the frame's edge, even where its element's box is not (e.g. the words of a flex row).
  const text = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const textRange = document.createRange();
  for (let node = text.nextNode() as Text | null; node; node = text.nextNode() as Text | null) {
    if (!node.parentElement || isHidden(node.parentElement)) continue;
    textRange.selectNodeContents(node);
    const right = Math.max(0, ...[...textRange.getClientRects()].map((rect) => rect.right));
    if (right > width + 1)
      problems.push(`"${node.data.trim().slice(0, 40)}" runs past the edge: to ${Math.round(right)} px of ${width} px`);
  }
  // Key material (a DKIM key is one 400-character token, set as code) wraps anywhere, as it must.
  const KEY_MATERIAL_MIN_LENGTH = 60;
  const isKeyMaterial = (element: Element) => {
    const code = element.closest('code');
    return (
      code !== null && (code.textContent ?? '').split(/\s+/).some((token) => token.length >= KEY_MATERIAL_MIN_LENGTH)
    );
  };
  // A word or value may end a line after its natural points ('e-', 'pic.', 'jordan@', 'path/', 'key=', 'site_', as
  // src/ui/NaturalBreaks.tsx sets them); any other split is a broken word.
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    const parent = node.parentElement;
    if (!parent || isHidden(parent) || isKeyMaterial(parent)) continue;
    for (const part of node.data.matchAll(/[^\s/.@=_-]+[/.@=_-]?/g)) {
      range.setStart(node, part.index);
      range.setEnd(node, part.index + part[0].length);
      const lineTops = new Set(
        [...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)),
      );
      if (lineTops.size > 1)
        problems.push(`"${part[0]}" is broken across ${lineTops.size} lines in ${describe(parent)}`);
    }
  }
  // On a desktop frame an address or host (NaturalBreaks) that its card could hold on one line keeps to one line:
  // split, it sits in a column narrower than it needs to be.
  if (wide) {
    for (const value of document.body.querySelectorAll('.natural-breaks')) {
      const card = value.closest('.card');
      if (!card || isHidden(value) || isKeyMaterial(value)) continue;
      range.selectNodeContents(value);
      const lines = [...range.getClientRects()].filter((rect) => rect.width > 0);
      const lineTops = new Set(lines.map((rect) => Math.round(rect.top)));
      const oneLineWidth = lines.reduce((sum, rect) => sum + rect.width, 0);
      const cardStyle = getComputedStyle(card);
      const cardWidth = card.clientWidth - parseFloat(cardStyle.paddingLeft) - parseFloat(cardStyle.paddingRight);
      if (lineTops.size > 1 && oneLineWidth <= cardWidth) {
        problems.push(
          `"${value.textContent}" wraps across ${lineTops.size} lines in ${describe(value.parentElement!)}, its card holds it on one`,
        );
      }
    }
  }
  return problems;
}

/** Waits until the panel shows a screen: no spinner, twice in a row (a redirect may show one more). */
export async function settled(panel: FrameLocator) {
  const spinners = panel.locator('.spinner');
  await expect(async () => {
    await expect(spinners).toHaveCount(0, { timeout: 100 });
    await new Promise((resolve) => setTimeout(resolve, 150));
    await expect(spinners).toHaveCount(0, { timeout: 100 });
  }).toPass({ timeout: 15_000 });
}

/**
 * Runs in the host page: the right edge of the panel's frame, after scrolling it into view. Chromium runs no
 * animation frame in a frame of another origin scrolled out of view (a tall host header at a phone's width pushes
 * it down), and layoutProblems waits for two.
 */
function frameRightEdgeInView(): number {
  const frame = document.getElementById('billing-frame');
  if (!frame) throw new Error("the host page has no panel's frame");
  frame.scrollIntoView({ block: 'nearest' });
  return frame.getBoundingClientRect().right;
}

/**
 * Each width in turn: the host page at that width, then the panel's frame measured in it. One round trip to each
 * document per width: the browser suite is bound by the processor, and a locator's checks (visible, stable) on
 * every step cost more than the measurement itself (bench/README.md "The test suite's time").
 */
export async function problemsAtEveryWidth(page: Page, screen: string): Promise<string[]> {
  const frame = await (await page.locator('#billing-frame').elementHandle())?.contentFrame();
  if (!frame) throw new Error("the panel's frame has no document");
  const found: string[] = [];
  for (const width of HOST_WIDTHS) {
    await page.setViewportSize({ width, height: HOST_HEIGHT });
    if ((await page.evaluate(frameRightEdgeInView)) > width + 1)
      found.push(`${width} px: the host pushes the panel's frame off screen`);
    const problems = await frame.evaluate(layoutProblems, width === WIDE_HOST_WIDTH);
    found.push(...problems.map((problem) => `${screen} at ${width} px: ${problem}`));
  }
  return found;
}
