// `npm run pack:packages`: packs each package under packages/ (built first by the same script) into
// build/packages/<name>.tgz, as a platform would install them. The names carry no version, so the examples'
// package.json can point at them by path (`file:../../build/packages/billing-host-sdk.tgz`).
import { execFileSync } from 'node:child_process';
import { mkdirSync, renameSync } from 'node:fs';
import path from 'node:path';

const DESTINATION = path.resolve('build/packages');
const PACKAGES = ['billing-host-sdk', 'billing-identity'];

mkdirSync(DESTINATION, { recursive: true });
for (const name of PACKAGES) {
  const output = execFileSync('npm', ['pack', '--json', '--pack-destination', DESTINATION], {
    cwd: path.resolve('packages', name),
    encoding: 'utf8',
  });
  const [{ filename, size, entryCount }] = JSON.parse(output);
  const tarball = path.join(DESTINATION, `${name}.tgz`);
  renameSync(path.join(DESTINATION, filename), tarball);
  console.log(`${path.relative(process.cwd(), tarball)}: ${entryCount} files, ${size} bytes`);
}
