/** The panel page's CSP allows its inline boot script by hash, and only that script. */
import { createHash } from 'node:crypto';
import { inlineScriptSource } from './panelPage';

const BOOT = '(function(){window.__panelBoot={}})();';

it("allows the boot script by the sha256 of its text, as the browser hashes it", () => {
  const html = `<head><script id="panel-config" type="application/json">{}</script><script id="panel-boot">${BOOT}</script></head>`;
  const expected = createHash('sha256').update(BOOT).digest('base64');

  expect(inlineScriptSource(html)).toBe(`'sha256-${expected}'`);
});

it('allows no inline script when the page has no boot script', () => {
  expect(inlineScriptSource('<head><script defer src="/assets/main.js"></script></head>')).toBeNull();
});
