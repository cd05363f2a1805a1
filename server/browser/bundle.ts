/**
 * The sandboxes' browser scripts as the browser gets them. Each is written as an ES module (it imports the shared
 * dialog, sandboxDialog.js, and core's rules) and bundled by esbuild into one classic script the first time it is
 * asked for, then kept for the life of the process. Demo only: esbuild is a development dependency, and
 * production serves no sandbox script (productionImports.test.ts).
 */
/** The panel's own target (webpack.config.js): the sandbox scripts run in the browsers the panel runs in. */
const BROWSER_TARGET = 'es2020';

const bundles = new Map<string, Promise<string>>();

async function bundle(entry: string): Promise<string> {
  // Loaded when a script is first asked for: a server that never serves one (a test's) never loads esbuild.
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'iife',
    target: BROWSER_TARGET,
    charset: 'utf8',
    write: false,
    logLevel: 'silent',
  });
  const [output] = result.outputFiles;
  if (output === undefined) throw new Error(`esbuild made nothing of ${entry}`);
  return output.text;
}

/** The script whose source module is `entry` (an absolute path), bundled. */
export function browserScript(entry: string): Promise<string> {
  let bundled = bundles.get(entry);
  if (bundled === undefined) {
    bundled = bundle(entry);
    // A failed build is not kept: the next request tries again.
    bundled.catch(() => bundles.delete(entry));
    bundles.set(entry, bundled);
  }
  return bundled;
}
