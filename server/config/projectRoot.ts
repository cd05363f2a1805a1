import { existsSync } from 'node:fs';
import path from 'node:path';

/** The nearest directory above with a package.json: server/ runs under tsx, dist-server/server/ (or a test build) compiled. */
function findProjectRoot(from: string): string {
  for (let dir = from; path.dirname(dir) !== dir; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
  }
  return path.resolve(from, '..');
}

/** The checkout the server runs from, where the built panel (dist/) and the built packages lie. */
export const projectRoot = findProjectRoot(__dirname);
