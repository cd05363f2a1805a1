// The global teardown of jest and of Playwright: removes the run's compiled server (server/testing/buildServer.mjs).
import { rmSync } from 'node:fs';

export default function removeServerBuild() {
  if (process.env.TEST_SERVER_DIR) rmSync(process.env.TEST_SERVER_DIR, { recursive: true, force: true });
}
