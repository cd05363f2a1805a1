/**
 * Writes the catalogue and every demo scenario to the database, replacing the demo's own sites and everything of
 * theirs: the demo's start and `POST /__demo/reset`. A site the demo did not make (provisioned through the platform
 * API, or `npm run sites:import`) is left as it is, with its owner, staff and billing. One transaction, so a reset is
 * all or nothing.
 */
import type { Insertable } from 'kysely';
import type { Subscription } from '../../core/contract';
import { SUBSCRIPTION_CYCLE_BILLING_REASON } from '../../core/rules/constants';
import { toUnixSeconds } from '../../core/rules/dates';
import { defaultBrand } from '../config/brand';
import type { Db } from '../db/database';
import type {
  CustomersTable,
  DiscountsTable,
  InvoicesTable,
  PaymentIntentsTable,
  SandboxInvoiceBreakdownsTable,
  SitesTable,
  SandboxTaxIdsTable,
  SiteUsageTable,
  SubscriptionsTable,
  UsersTable,
} from '../db/schema';
import type { SitePut } from '../platform/contract';
import type { InvoiceBreakdown } from '../payments/sandbox/sandboxInvoicePdf';
import { siteStream } from '../platform/auditTrail';
import { SiteProvisioning } from '../platform/siteProvisioning';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { checkPricesAt, isInForce, writeCatalogueDocument } from '../platform/catalogue';
import { catalogPutSchema } from '../platform/contract';
import { createSandboxPrices, pricesOfCatalog, sandboxPrice } from '../payments/sandbox/prices';
import { projectRoot } from '../config/projectRoot';
import { demoCatalogue } from '../seed/demoCatalogue';
import { writeDemoDomains } from './dnsSeed';
import { secondAdminSite } from './secondAdminSite';
import {
  accountRows,
  buildScenarios,
  invoiceBillingReason,
  type Scenario,
  type ScenarioName,
  type ScenarioOptions,
} from './scenarios';

const SANDBOX_PROVIDER = 'sandbox';
/** The tables of SeedRows in the order they are written: parents before children. */
const SEED_TABLES = [
  'sites',
  'users',
  'site_usage',
  'customers',
  'sandbox_tax_ids',
  'subscriptions',
  'discounts',
  'invoices',
  'sandbox_invoice_breakdowns',
  'payment_intents',
] as const;
const flag = (value: boolean) => (value ? 1 : 0) as 0 | 1;

function invoiceRows(scenario: Scenario, subscriptionId: string, discountId: string | null): InvoicesTable[] {
  const latest = scenario.latestInvoice;
  return scenario.invoices.map((invoice, index) => {
    const isLatest = latest !== null && latest.id === invoice.id;
    const status = isLatest ? latest.status : invoice.status === 'paid' ? 'paid' : 'open';
    const remaining = isLatest ? latest.amount_remaining : 0;
    return {
      id: invoice.id,
      customer_id: scenario.customer.id,
      subscription_id: subscriptionId,
      number: invoice.number,
      status,
      billing_reason: invoiceBillingReason(
        index,
        scenario.invoices.length,
        latest?.billing_reason ?? SUBSCRIPTION_CYCLE_BILLING_REASON,
      ),
      amount_due: invoice.amount_due,
      amount_paid: invoice.amount_paid,
      amount_remaining: remaining,
      created: invoice.date,
      hosted_url: invoice.url,
      currency: invoice.currency,
      discount_id: isLatest && latest.discount !== null ? discountId : null,
    };
  });
}

/**
 * What the sandbox billed for each invoice, for its PDF: the plan, less the discount on the latest invoice when it
 * has one (its total is after the discount, so the list price is worked back from the coupon). No credit was applied.
 */
const PERCENT = 100;

function invoiceBreakdownRows(scenario: Scenario, subscription: Subscription): SandboxInvoiceBreakdownsTable[] {
  const latest = scenario.latestInvoice;
  const plan = `${subscription.meta.baseProduct.name} plan`;
  return scenario.invoices.map((invoice) => {
    const coupon = latest !== null && latest.id === invoice.id ? (latest.discount?.coupon ?? null) : null;
    const percentOff = coupon?.percent_off ?? 0;
    const reduction =
      coupon === null
        ? 0
        : (coupon.amount_off ?? Math.round((invoice.amount_due * percentOff) / (PERCENT - percentOff)));
    const breakdown: InvoiceBreakdown = {
      lines: [{ description: plan, amount: invoice.amount_due + reduction }],
      discount: coupon === null ? null : { description: coupon.name, amount: reduction },
      creditApplied: 0,
    };
    return { invoice_id: invoice.id, breakdown_json: JSON.stringify(breakdown) };
  });
}

/** Every row the seed writes besides the catalogue and the domains, table by table: one insert each. */
interface SeedRows {
  sites: SitesTable[];
  users: UsersTable[];
  site_usage: SiteUsageTable[];
  customers: Insertable<CustomersTable>[];
  sandbox_tax_ids: SandboxTaxIdsTable[];
  subscriptions: Insertable<SubscriptionsTable>[];
  discounts: Insertable<DiscountsTable>[];
  invoices: InvoicesTable[];
  sandbox_invoice_breakdowns: SandboxInvoiceBreakdownsTable[];
  payment_intents: Insertable<PaymentIntentsTable>[];
}

/** A scenario's site, its owner and its staff as the platform API's PUT would name them. */
function sitePutOf(scenario: Scenario, adminOrigins: string[]): { siteId: string; body: Omit<SitePut, 'trial'> } {
  const [owner, ...staff] = scenario.people.map((person) => ({
    id: person.id,
    email: person.email,
    name: person.name,
    role: person.role,
  }));
  return {
    siteId: scenario.site.id,
    body: {
      name: scenario.name,
      adminUrl: scenario.adminUrl,
      adminOrigins,
      subdomain: scenario.site.subdomain,
      owner: { id: owner!.id, email: owner!.email, name: owner!.name },
      staff,
    },
  };
}

/** What the platform does not say of a scenario's site: its domains, theme and version. */
function siteColumnsOf({ site }: Scenario): Partial<SitesTable> {
  return {
    url: site.url,
    pro_domain: site.pro_domain,
    external_domain: site.external_domain,
    ssl_status: site.ssl_status,
    sending_domain: site.sending_domain,
    sending_domain_status: site.sending_domain_status,
    domain_claim_expires_at: site.domain_claim_expires_at ?? null,
    is_subdirectory: flag(site.isSubdirectory),
    subdirectory: site.subdirectory,
    version: site.version,
    active_theme: site.active_theme,
    active_theme_official: flag(site.active_theme_official),
  };
}

/** The scenario's billing rows: usage, customer, subscription, discount, invoices with what the sandbox billed, payment. */
function addBillingRows(rows: SeedRows, scenario: Scenario, createdAt: number): void {
  const { site, customer, subscription } = scenario;
  for (const [name, total] of Object.entries(scenario.usage)) {
    rows.site_usage.push({
      site_id: site.id,
      limit_name: name,
      total: total ?? 0,
      members_override: name === 'members' ? scenario.membersOverride : null,
    });
  }
  const account = accountRows(scenario.account, customer.id, createdAt);
  rows.customers.push({
    id: customer.id,
    user_id: scenario.owner.id,
    provider: SANDBOX_PROVIDER,
    ...account.customer,
    balance: customer.balance,
    card_brand: customer.card?.brand ?? null,
    card_last4: customer.card?.last4 ?? null,
    card_exp_month: customer.card?.expMonth ?? null,
    card_exp_year: customer.card?.expYear ?? null,
    default_payment_method: customer.card ? `pm_${customer.id}` : null,
    auto_billing: flag(customer.autoBilling),
    created_at: createdAt,
  });
  rows.sandbox_tax_ids.push(...account.sandboxTaxIds);
  // A site provisioned without a trial has its owner's customer and nothing billed yet.
  if (subscription === null || scenario.currentPeriodStart === null) return;
  rows.subscriptions.push({
    id: subscription.id,
    site_id: site.id,
    customer_id: customer.id,
    provider_subscription_id: subscription.stripe_subscription_id,
    status: subscription.status,
    price_id: subscription.meta.baseProduct.price,
    quantity: subscription.meta.baseProduct.quantity,
    addons_json: JSON.stringify(subscription.meta.addons.map((addon) => ({ price: addon.price, cost: addon.cost }))),
    current_period_start: scenario.currentPeriodStart,
    current_period_end: subscription.current_period_end,
    cancelled_at: subscription.cancelled_at,
    trial_end: subscription.trial_end,
    pending_price_id: scenario.pendingSubscription?.priceId ?? null,
    created_at: createdAt,
  });

  let discountId: string | null = null;
  if (scenario.discount !== null) {
    discountId = `di_${customer.id}`;
    rows.discounts.push({
      id: discountId,
      customer_id: customer.id,
      subscription_id: subscription.id,
      coupon_id: scenario.discount.coupon.id,
      start_at: scenario.discount.start,
      end_at: scenario.discount.end,
    });
  }

  const invoices = invoiceRows(scenario, subscription.id, discountId);
  rows.invoices.push(...invoices);
  if (invoices.length > 0) rows.sandbox_invoice_breakdowns.push(...invoiceBreakdownRows(scenario, subscription));

  const intent = scenario.paymentIntent;
  if (intent !== null) {
    rows.payment_intents.push({
      id: intent.id,
      customer_id: customer.id,
      invoice_id: intent.invoiceId,
      status: intent.status,
      client_secret: intent.clientSecret,
      amount: intent.amount,
      payment_method_id: customer.card ? `pm_${customer.id}` : null,
      created: invoices.find((invoice) => invoice.id === intent.invoiceId)?.created ?? createdAt,
    });
  }
}

/**
 * The scenarios' rows: each site, its owner and staff as the platform's provisioning makes them
 * (platform/siteProvisioning.ts, the platform API's service), under the scenario's own ids, with what the platform
 * does not say (the site's domains, theme and usage, the owner's billing settings) written into them.
 */
function seedRows(
  sites: Array<{ scenario: Scenario; adminOrigins: string[] }>,
  provisioning: SiteProvisioning,
  createdAt: number,
): SeedRows {
  const provisioned = provisioning.newSitesRows(
    sites.map(({ scenario, adminOrigins }) => sitePutOf(scenario, adminOrigins)),
  );
  const rows: SeedRows = {
    sites: provisioned.sites,
    users: provisioned.users,
    site_usage: [],
    customers: [],
    sandbox_tax_ids: [],
    subscriptions: [],
    discounts: [],
    invoices: [],
    sandbox_invoice_breakdowns: [],
    payment_intents: [],
  };
  for (const { scenario } of sites) {
    Object.assign(
      rows.sites.find((site) => site.id === scenario.site.id)!,
      siteColumnsOf(scenario),
    );
    Object.assign(
      rows.users.find((user) => user.id === scenario.owner.id)!,
      {
        ...accountRows(scenario.account, scenario.customer.id, 0).user,
        show_product_group: scenario.user.show_product_group,
        show_auto_billing: flag(scenario.user.show_auto_billing),
        coupon: scenario.user.coupon,
      },
    );
    addBillingRows(rows, scenario, createdAt);
  }
  return rows;
}

export interface SeedOptions extends ScenarioOptions {
  /** milliseconds; scenario dates are relative to it */
  now: number;
  /** origins besides their admin URL's that the sites' admins are served from (the demo host under both loopback names) */
  adminOrigins?: string[];
  /**
   * The second admin's origin (secondAdmin.ts), when it runs: its site (secondAdminSite.ts) is written too, its admin
   * URL there and that origin its only admin origin.
   */
  secondAdminBase?: string;
  /**
   * Deletes every other site too, as a reset did before issue 47: only when asked (`POST /__demo/reset` with
   * `{"otherSites": "delete"}`), by the test harness, whose tests each start from the demo's sites alone. Never on a
   * start.
   */
  deleteOtherSites?: boolean;
}

/** Every table of sites and what is theirs, children first: what a reset that deletes every site empties. */
const SITE_TABLES = [
  'platform_events',
  'sandbox_custom_hostnames',
  'sandbox_sending_domains',
  'registrar_integrations',
  'idempotency_keys',
  'card_updates',
  'cancellation_requests',
  'sandbox_setup_intents',
  'sandbox_payment_methods',
  'sandbox_tax_ids',
  'sandbox_invoice_breakdowns',
  'payment_intents',
  'invoices',
  'discounts',
  'subscriptions',
  'customers',
  'users',
  'site_usage',
  'sites',
] as const;

/**
 * Deletes the demo's sites (by their ids) and every record of theirs: their owners and staff, the owners' billing at
 * the sandbox, their domains at the edge and mail sandboxes (those they hold now, and those the scenarios are about
 * to hold), the registrar integration, idempotency claims. Children first: the foreign keys cascade, but explicit
 * deletes keep the order obvious on every dialect. The demo's DNS zones are its own world (dnsSeed.ts): rewritten whole.
 */
async function deleteDemoSites(trx: Db, demoSites: Scenario[]): Promise<void> {
  const siteIds = demoSites.map((scenario) => scenario.site.id);
  const held = await trx
    .selectFrom('sites')
    .select(['external_domain', 'sending_domain'])
    .where('id', 'in', siteIds)
    .execute();
  const hostnames = [
    ...held.map((site) => site.external_domain),
    ...demoSites.map((scenario) => scenario.site.external_domain),
  ].filter((name) => name !== null);
  const sendingDomains = [
    ...held.map((site) => site.sending_domain),
    ...demoSites.map((scenario) => scenario.site.sending_domain),
  ].filter((name) => name !== null);
  const userIds = trx.selectFrom('users').select('id').where('site_id', 'in', siteIds);
  const customerIds = trx.selectFrom('customers').select('id').where('user_id', 'in', userIds);
  const subscriptionIds = trx.selectFrom('subscriptions').select('id').where('customer_id', 'in', customerIds);
  const invoiceIds = trx.selectFrom('invoices').select('id').where('customer_id', 'in', customerIds);

  await trx.deleteFrom('dns_records').execute();
  await trx
    .deleteFrom('platform_events')
    .where(
      'stream',
      'in',
      siteIds.map((siteId) => siteStream(siteId)),
    )
    .execute();
  let edge = trx.deleteFrom('sandbox_custom_hostnames').where('site_id', 'in', siteIds);
  if (hostnames.length > 0)
    edge = trx
      .deleteFrom('sandbox_custom_hostnames')
      .where((row) => row.or([row('site_id', 'in', siteIds), row('hostname', 'in', hostnames)]));
  await edge.execute();
  if (sendingDomains.length > 0)
    await trx.deleteFrom('sandbox_sending_domains').where('domain', 'in', sendingDomains).execute();
  await trx.deleteFrom('registrar_integrations').where('site_id', 'in', siteIds).execute();
  await trx.deleteFrom('idempotency_keys').where('site_id', 'in', siteIds).execute();
  await trx.deleteFrom('card_updates').where('customer_id', 'in', customerIds).execute();
  await trx.deleteFrom('cancellation_requests').where('subscription_id', 'in', subscriptionIds).execute();
  await trx.deleteFrom('sandbox_setup_intents').where('customer_id', 'in', customerIds).execute();
  await trx.deleteFrom('sandbox_payment_methods').where('customer_id', 'in', customerIds).execute();
  await trx.deleteFrom('sandbox_tax_ids').where('customer_id', 'in', customerIds).execute();
  await trx.deleteFrom('sandbox_invoice_breakdowns').where('invoice_id', 'in', invoiceIds).execute();
  await trx.deleteFrom('payment_intents').where('customer_id', 'in', customerIds).execute();
  await trx.deleteFrom('invoices').where('customer_id', 'in', customerIds).execute();
  await trx.deleteFrom('discounts').where('customer_id', 'in', customerIds).execute();
  await trx
    .deleteFrom('subscriptions')
    .where((row) => row.or([row('site_id', 'in', siteIds), row('customer_id', 'in', customerIds)]))
    .execute();
  await trx.deleteFrom('customers').where('user_id', 'in', userIds).execute();
  await trx.deleteFrom('users').where('site_id', 'in', siteIds).execute();
  await trx.deleteFrom('site_usage').where('site_id', 'in', siteIds).execute();
  await trx.deleteFrom('sites').where('id', 'in', siteIds).execute();
}

/** The example of docs/platform-api.md "The catalogue", whose prices the demo's sandbox holds too, so its curl works against the demo. */
export const EXAMPLE_CATALOGUE_PATH = path.join(projectRoot, 'docs', 'examples', 'catalog.json');

/**
 * The demo's platform makes its prices in the payment sandbox, as a platform makes them in its card provider's
 * dashboard (payments/sandbox/prices.ts): the demo catalogue's, and the documented example's. Then the demo's
 * catalogue is checked against them as any PUT is. Outside the seed's transaction: on SQLite a read outside it would
 * wait for the connection it holds.
 */
async function prepareDemoCatalogue(db: Db, now: number): Promise<void> {
  const example = catalogPutSchema.safeParse(
    JSON.parse(await readFile(EXAMPLE_CATALOGUE_PATH, 'utf8').catch(() => 'null')),
  );
  const prices = [...pricesOfCatalog(demoCatalogue), ...(example.success ? pricesOfCatalog(example.data) : [])];
  await createSandboxPrices(db, prices, toUnixSeconds(now));
  // A reset finds its catalogue in force (unless a test put another): nothing to check again.
  if (!(await isInForce(db, demoCatalogue)))
    await checkPricesAt({ retrievePrice: (id) => sandboxPrice(db, id) }, demoCatalogue);
}

/** Rewrites the catalogue and the demo's own sites from the scenarios; returns the scenarios written. */
export async function seedDemo(db: Db, options: SeedOptions): Promise<Record<ScenarioName, Scenario>> {
  const scenarios = buildScenarios(options.now, options);
  await prepareDemoCatalogue(db, options.now);
  const provisioning = new SiteProvisioning(db, {
    proDomain: options.proDomain ?? defaultBrand.proDomain,
    platformIssuer: null,
    now: () => options.now,
  });
  await db.transaction().execute(async (trx) => {
    const secondSite =
      options.secondAdminBase === undefined
        ? []
        : [secondAdminSite(options.now, { adminBase: options.secondAdminBase, proDomain: options.proDomain })];
    if (options.deleteOtherSites === true) {
      await trx.deleteFrom('dns_records').execute();
      for (const table of SITE_TABLES) await trx.deleteFrom(table).execute();
    } else {
      await deleteDemoSites(trx, [...Object.values(scenarios), ...secondSite]);
    }
    // Through the catalogue's own service: the demo's catalogue is one more document (an unchanged one writes nothing).
    await writeCatalogueDocument(trx, demoCatalogue, options.now);
    const rows = seedRows(
      [
        ...Object.values(scenarios).map((scenario) => ({ scenario, adminOrigins: options.adminOrigins ?? [] })),
        ...secondSite.map((site) => ({ scenario: site, adminOrigins: [new URL(site.adminUrl).origin] })),
      ],
      provisioning,
      toUnixSeconds(options.now),
    );
    // Parents first, for the foreign keys; a table of no rows is left out (an insert needs one).
    for (const table of SEED_TABLES) {
      if (rows[table].length > 0)
        await trx
          .insertInto(table)
          .values(rows[table] as never)
          .execute();
    }
    await writeDemoDomains(
      trx,
      [...Object.values(scenarios), ...secondSite],
      options.proDomain ?? defaultBrand.proDomain,
      options.now,
    );
  });
  return scenarios;
}
