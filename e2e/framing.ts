/** Who may frame the panel, as the tests that check it read it: the page's policy, and what Chromium shows when refused. */

/** What Chromium shows in a frame it refused to load, e.g. for the framed page's frame-ancestors. */
export const REFUSED_FRAME_URL = 'chrome-error://chromewebdata/';

/** The sources of a Content-Security-Policy's `frame-ancestors` directive (none when it has none). */
export function frameAncestorsOf(policy: string | undefined): string[] {
  const directive = (policy ?? '')
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === 'frame-ancestors');
  return directive?.slice(1) ?? [];
}
