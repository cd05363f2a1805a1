/**
 * `npm run catalog:import -- FILE.json [--create-sandbox-prices] [--json]`: writes the platform's catalogue from a
 * file through the same service as `PUT /platform/v1/catalog` (platform/catalogue.ts): the same checks, the same
 * idempotency (the document in force again writes nothing), the same version. Into the configured database, migrated
 * first: DATABASE_URL (PostgreSQL), else the SQLite file under DATA_DIR (default .data/).
 *
 * The prices are checked at the card provider the server bills with: PAYMENTS_PROVIDER=stripe with
 * STRIPE_SECRET_KEY (and STRIPE_API_BASE for another address), else the payment sandbox's price list in that
 * database. `--create-sandbox-prices` first makes the document's prices in the sandbox, as a platform makes its
 * prices in the card provider's dashboard (payments/sandbox/prices.ts); refused with PAYMENTS_PROVIDER=stripe.
 *
 * Prints the catalogue's version and what it holds (`--json`: the catalogue as GET answers it). Exit code 0 when the
 * document is in force, 1 when it was refused (nothing written; the reason on stderr), 2 when it could not run.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { nonEmpty } from '../server/config/settingSchemas';
import { createDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { DomainError } from '../server/domainErrors';
import { describeIssue } from '../server/http/validate';
import { createSandboxPrices, pricesOfCatalog, sandboxPrice } from '../server/payments/sandbox/prices';
import { StripeProvider } from '../server/payments/stripe';
import { CatalogueService, type PriceSource } from '../server/platform/catalogue';
import { catalogPutSchema } from '../server/platform/contract';

const USAGE = 'usage: npm run catalog:import -- FILE.json [--create-sandbox-prices] [--json]';
/** DATA_DIR is relative to the project, as for the server. */
const projectRoot = path.resolve(__dirname, '..');
const REFUSED = 1;

interface Args {
  file: string;
  createSandboxPrices: boolean;
  json: boolean;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { file: '', createSandboxPrices: false, json: false };
  for (const arg of argv) {
    if (arg === '--create-sandbox-prices') args.createSandboxPrices = true;
    else if (arg === '--json') args.json = true;
    else if (arg.startsWith('-') || args.file !== '') throw new Error(`unexpected argument ${arg}\n${USAGE}`);
    else args.file = arg;
  }
  if (args.file === '') throw new Error(USAGE);
  return args;
}

/** The document, or the reason it is not one, in the words a PUT would answer. */
async function readDocument(file: string) {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new Error(`no such file: ${file}`);
    return { refusal: `${file} is not JSON: ${(error as Error).message}` } as const;
  }
  const parsed = catalogPutSchema.safeParse(raw);
  return parsed.success ? ({ document: parsed.data } as const) : ({ refusal: describeIssue(parsed.error) } as const);
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  const env = process.env;
  const stripe = env.PAYMENTS_PROVIDER === 'stripe';
  if (stripe && args.createSandboxPrices)
    throw new Error(
      '--create-sandbox-prices is for the payment sandbox: with PAYMENTS_PROVIDER=stripe, make the prices in Stripe',
    );
  const secretKey = nonEmpty(env.STRIPE_SECRET_KEY);
  if (stripe && secretKey === null) throw new Error('PAYMENTS_PROVIDER=stripe needs STRIPE_SECRET_KEY');
  const read = await readDocument(args.file);
  if ('refusal' in read) {
    process.stderr.write(`catalog:import: refused, nothing written: ${read.refusal}\n`);
    return REFUSED;
  }
  const db = createDatabase({
    dataDir: path.resolve(projectRoot, nonEmpty(env.DATA_DIR) ?? '.data'),
    databaseUrl: nonEmpty(env.DATABASE_URL),
  });
  try {
    await migrateToLatest(db);
    const prices: PriceSource = stripe
      ? new StripeProvider({ secretKey: secretKey!, apiBase: nonEmpty(env.STRIPE_API_BASE) })
      : { retrievePrice: (id) => sandboxPrice(db, id) };
    try {
      if (args.createSandboxPrices)
        await createSandboxPrices(db, pricesOfCatalog(read.document), Math.floor(Date.now() / 1000));
      const { record, changed } = await new CatalogueService(db, prices, Date.now).put(read.document, null);
      const priceCount = record.products.reduce((sum, product) => sum + product.prices.length, 0);
      process.stdout.write(
        args.json
          ? `${JSON.stringify(record)}\n`
          : `catalogue version ${record.version}${changed ? '' : ' (unchanged: this document was in force already)'}: ` +
              `${record.products.length} plans, ${priceCount} plan prices in ${record.currencies.join(', ')}, ${record.coupons.length} coupons, ` +
              `${record.legacyPrices.length} legacy prices kept for their subscriptions\n`,
      );
      return 0;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      process.stderr.write(`catalog:import: refused (${error.code}), nothing written: ${error.message}\n`);
      return REFUSED;
    }
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`catalog:import: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  },
);
