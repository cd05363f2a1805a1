/**
 * `npm run conformance -- --base-url URL --token-command "CMD"`: checks a backend against the call contract
 * (docs/conformance.md). One line per check, then a summary; exit 0 when every check holds, 1 when one fails, 2 on
 * bad usage (arguments, the document, or a token command that gives no token).
 */
import { parseArgs } from 'node:util';
import { runConformance, type CheckResult } from './checks';
import { DEFAULT_DOCUMENT_FILE, loadContractDocument, type ContractDocument } from './document';
import { identityTokensFrom, TokenCommandError } from './tokens';

const EXIT_FAILED = 1;
const EXIT_USAGE = 2;

const USAGE = `usage: npm run conformance -- --base-url URL --token-command "CMD" [--document FILE]

  With CONFORMANCE_PLATFORM_KEY set to a platform key, the platform API (/platform/v1) is checked too
  (docs/platform-api.md); it is read from the environment so the key stays out of the shell's history.

  --base-url URL        the backend: calls go to URL/api/{name}
  --token-command CMD   run through the shell with CONFORMANCE_TOKEN=owner, other-owner or expired; prints one
                        identity token of that role (docs/conformance.md)
  --document FILE       the OpenAPI document to check against (default: docs/openapi.json)`;

class UsageError extends Error {}

interface Arguments {
  baseUrl: string;
  tokenCommand: string;
  documentFile: string;
}

function parseArguments(argv: string[]): Arguments {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        'base-url': { type: 'string' },
        'token-command': { type: 'string' },
        document: { type: 'string' },
        help: { type: 'boolean' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help === true) throw new UsageError('');
  const baseUrl = values['base-url'];
  const tokenCommand = values['token-command'];
  if (typeof baseUrl !== 'string' || typeof tokenCommand !== 'string' || tokenCommand.trim() === '') {
    throw new UsageError('--base-url and --token-command are required');
  }
  let protocol: string;
  try {
    protocol = new URL(baseUrl).protocol;
  } catch {
    throw new UsageError(`--base-url is not a URL: ${baseUrl}`);
  }
  if (protocol !== 'http:' && protocol !== 'https:')
    throw new UsageError(`--base-url must be http or https: ${baseUrl}`);
  return {
    baseUrl,
    tokenCommand,
    documentFile: typeof values.document === 'string' ? values.document : DEFAULT_DOCUMENT_FILE,
  };
}

function line(result: CheckResult): string {
  if (result.outcome === 'ok') return `ok   ${result.name}`;
  return `${result.outcome === 'fail' ? 'FAIL' : 'skip'} ${result.name}: ${result.why ?? ''}`;
}

async function main(argv: string[]): Promise<number> {
  let args: Arguments;
  let contract: ContractDocument;
  let identityTokens: Awaited<ReturnType<typeof identityTokensFrom>>;
  try {
    args = parseArguments(argv);
    try {
      contract = loadContractDocument(args.documentFile);
    } catch (error) {
      throw new UsageError(`cannot read the document ${args.documentFile}: ${(error as Error).message}`);
    }
    identityTokens = await identityTokensFrom(args.tokenCommand);
  } catch (error) {
    if (error instanceof TokenCommandError) {
      process.stderr.write(`conformance: ${error.message}\n(the token command's contract: docs/conformance.md)\n`);
      return EXIT_USAGE;
    }
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`${error.message ? `conformance: ${error.message}\n\n` : ''}${USAGE}\n`);
    return EXIT_USAGE;
  }

  process.stdout.write(`Checking ${args.baseUrl} against ${args.documentFile}\n`);
  const platformKey = process.env.CONFORMANCE_PLATFORM_KEY?.trim();
  const summary = await runConformance({
    baseUrl: args.baseUrl,
    contract,
    identityTokens,
    ...(platformKey ? { platformKey } : {}),
    report: (result) => process.stdout.write(`${line(result)}\n`),
  });
  const total = summary.ok + summary.failed + summary.skipped;
  process.stdout.write(`${total} checks: ${summary.ok} ok, ${summary.failed} failed, ${summary.skipped} skipped\n`);
  return summary.failed > 0 ? EXIT_FAILED : 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`conformance: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = EXIT_FAILED;
  },
);
