/**
 * docs/platform-api.md "From an empty database to an owner's first dashboard", run as the doc writes it: its shell
 * blocks in order in one bash (the evaluation start on an empty database, the example catalogue in two currencies,
 * the plain HTML admin installed from the packages' tarballs, the site put through the platform API, the owner's
 * first session by hand), each output the doc shows after a command (`# ...`, where `...` stands for anything) found
 * in what the commands printed; then the owner opens billing in the admin, in Chromium, as the doc's last step says.
 * The doc cannot drift from what works: a changed command or answer fails here.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';

const ROOT = path.resolve(__dirname, '..', '..');
const DOC = path.join(ROOT, 'docs', 'platform-api.md');
const SECTION_START = "## From an empty database to an owner's first dashboard";
const SECTION_END = '## Bringing many sites at once';
/** The admin's address of its billing screen, as the doc's last step names it. */
const ADMIN_BILLING = 'http://127.0.0.1:4630/#/settings/billing';
/** The build, the packages' tarballs and the admin's install, on a busy two-core machine. */
const SCRIPT_TIMEOUT_MS = 8 * 60_000;

/** The section's shell blocks, unindented (they sit in a numbered list), in order. */
function walkthroughBlocks(): string[] {
  const text = readFileSync(DOC, 'utf8');
  const section = text.slice(text.indexOf(SECTION_START), text.indexOf(SECTION_END));
  return [...section.matchAll(/^( *)```sh\n([\s\S]*?)^\1```$/gm)].map(([, indent, body]) =>
    body!
      .split('\n')
      .map((line) => line.slice(indent!.length))
      .join('\n'),
  );
}

/** The outputs a block shows (`# ...` lines), as patterns over one printed line: `...` stands for anything. */
function shownOutputs(block: string): RegExp[] {
  return block
    .split('\n')
    .filter((line) => line.startsWith('# '))
    .map((line) => {
      const parts = line.slice(2).trim().split('...');
      return new RegExp(`^${parts.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}`);
    });
}

let script: ChildProcess | undefined;

test.afterAll(() => {
  // The servers the walkthrough left running in the background share the script's process group.
  if (script?.pid !== undefined) {
    try {
      process.kill(-script.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
});

test("docs/platform-api.md's walkthrough, as written, ends at the owner's dashboard", async ({ page }) => {
  test.setTimeout(SCRIPT_TIMEOUT_MS + 2 * 60_000);
  const blocks = walkthroughBlocks();
  expect(blocks.length).toBeGreaterThanOrEqual(5);

  script = spawn('bash', ['-euo', 'pipefail', '-c', blocks.join('\n')], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  script.stdout!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  script.stderr!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => resolve(null), SCRIPT_TIMEOUT_MS);
    script!.on('exit', (exitCode) => {
      clearTimeout(timer);
      resolve(exitCode);
    });
  });
  expect(code, printed).toBe(0);
  const lines = printed.split('\n');
  for (const expected of blocks.flatMap(shownOutputs)) {
    expect(
      lines.some((line) => expected.test(line)),
      `${expected} in:\n${printed}`,
    ).toBe(true);
  }

  await page.goto(ADMIN_BILLING);
  const panel = page.frameLocator('#billing-frame');
  await expect(panel.getByText('Your trial ends in 14 days')).toBeVisible({ timeout: 30_000 });
  // A trialing owner is offered the plans to choose from: the catalogue's, in the site's currency.
  await expect(panel.getByRole('heading', { name: 'Essential' })).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Professional' })).toBeVisible();
  await expect(panel.getByText(/€/).first()).toBeVisible();
  await expect(panel.getByText(/\$/)).toHaveCount(0);
});
