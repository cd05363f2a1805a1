// The Debian packages the tests drive, installed when missing (a fresh machine runs as root with apt): Chromium's
// headless shell for the browser tests, the full Chromium for the bench's smoke run, PostgreSQL for the server suites
// on it. `node tools/testPackages.mjs` installs both with one
// `apt-get` run; `npm test` starts it beside the type check and the lint, so the download overlaps the processor's
// work instead of waiting in front of the suites. Each suite still checks its own package alone
// (e2e/ensure-chromium.mjs, server/testing/withPostgres.mjs), through this module.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const DEBIAN_POSTGRES_ROOT = '/usr/lib/postgresql';

/**
 * The Chromium the browser tests launch (e2e/chromium.ts reads the same setting): Debian's build of Chromium's headless
 * shell, the same engine without the browser's windowing and compositing layers, as Playwright itself runs headless.
 * The browser suite is bound by the processor, and the full browser's own processes took a third of it (201 tests:
 * 918 s of CPU in the full browser, 631 s in the shell; bench/README.md "The test suite's time").
 */
export const chromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

/** The full Chromium the bench measures pages in (bench/pages.mjs reads the same setting): a person's browser. */
export const benchChromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The newest installed PostgreSQL's programs, as Debian lays them out; null when none is installed. */
export function newestPostgresBinDir() {
  if (!existsSync(DEBIAN_POSTGRES_ROOT)) return null;
  const versions = readdirSync(DEBIAN_POSTGRES_ROOT)
    .filter((name) => existsSync(path.join(DEBIAN_POSTGRES_ROOT, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length === 0 ? null : path.join(DEBIAN_POSTGRES_ROOT, versions[0], 'bin');
}

/** Installs Debian's `packages` with one apt-get run; on failure says what to do and exits. */
export function aptInstall(packages) {
  if (packages.length === 0) return;
  console.log(`Installing Debian's ${packages.join(' and ')}: missing`);
  try {
    execSync(`apt-get update && apt-get install -y ${packages.join(' ')}`, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } catch {
    console.error(
      `Could not install ${packages.join(' ')} with apt-get: install it, or set CHROMIUM_PATH and POSTGRES_BIN_DIR.`,
    );
    process.exit(1);
  }
}

/** Every test package that is missing. */
export function missingTestPackages() {
  return [
    existsSync(chromiumPath()) ? null : 'chromium-headless-shell',
    existsSync(benchChromiumPath()) ? null : 'chromium',
    process.env.POSTGRES_BIN_DIR || newestPostgresBinDir() !== null ? null : 'postgresql',
  ].filter((name) => name !== null);
}

// Run as a script (not imported by the suites' own checks).
if (process.argv[1] === fileURLToPath(import.meta.url)) aptInstall(missingTestPackages());
