// Browser tests drive Debian's Chromium. Install it when it is missing (a fresh machine runs as root with apt).
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (existsSync(CHROMIUM)) {
  process.exit(0);
}
console.log(`${CHROMIUM} is missing: installing Debian's chromium package`);
try {
  execSync('apt-get update && apt-get install -y chromium', {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
} catch {
  console.error('Could not install chromium with apt-get. Install it (apt-get install chromium) or set CHROMIUM_PATH.');
  process.exit(1);
}
