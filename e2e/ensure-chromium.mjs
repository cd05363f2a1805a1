// Browser tests drive Debian's Chromium headless shell. Install it when it is missing (a fresh machine runs as root
// with apt).
import { existsSync } from 'node:fs';
import { aptInstall, chromiumPath } from '../tools/testPackages.mjs';

if (!existsSync(chromiumPath())) aptInstall(['chromium-headless-shell']);
