/**
 * The sandboxes' scripts as the server serves them: each module bundled into one classic script that carries
 * what it imports (the shared dialog, core's Luhn check), bundled once per process.
 */
import path from 'node:path';
import { browserScript } from './bundle';

const SERVER_DIR = path.join(__dirname, '..');
const PAYMENTS = path.join(SERVER_DIR, 'payments', 'sandbox', 'browser', 'payments.js');
const CARD_FRAME = path.join(SERVER_DIR, 'payments', 'sandbox', 'browser', 'card-frame.js');
const REGISTRAR = path.join(SERVER_DIR, 'registrar', 'browser', 'entri.js');

it.each([
  ['payments.js', PAYMENTS, ['function openSandboxDialog', 'function defineCardElement', 'window.Stripe = Stripe']],
  ['card-frame.js', CARD_FRAME, ['function passesLuhn']],
  ['entri.js', REGISTRAR, ['function openSandboxDialog', 'window.entri = ']],
])('bundles %s into one classic script with what it imports', async (_name, entry, inside) => {
  const script = await browserScript(entry);
  // A classic script: an import or export left in it would not even compile.
  expect(() => new Function(script)).not.toThrow();
  for (const text of inside) expect(script).toContain(text);
});

it('bundles a script once and keeps it', async () => {
  expect(browserScript(REGISTRAR)).toBe(browserScript(REGISTRAR));
});

it('fails for a module it cannot bundle, and tries again on the next request', async () => {
  const missing = path.join(__dirname, 'no-such-script.js');
  const first = browserScript(missing);
  await expect(first).rejects.toThrow();
  const again = browserScript(missing);
  expect(again).not.toBe(first);
  await expect(again).rejects.toThrow();
});
