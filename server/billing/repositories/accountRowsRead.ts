/**
 * The one read of an account's rows (issue 49): everything the account calls are made from (the site, the user, the
 * user's payment customer, the site's two newest subscriptions, the customer's invoices, discounts and the payment
 * intents the answers show, the site's usage) in one statement, built here once per database dialect. A site's first
 * answer, which with many sites is nearly every answer made, read them in ten statements through the query builder:
 * each a round trip on PostgreSQL and, on both, the builder's work per statement (bench/README.md "A site's first
 * answer in one statement").
 *
 * Every sub-select is bound to the ids the session names, as the statements it replaces were: the site by its id,
 * the user by theirs, the customer by that user, the subscriptions and the usage by the site, the invoices,
 * discounts and payment intents by that customer. Whether the user is the site's, and its owner, is checked by the
 * caller on what this returns (accounts.ts, billing/accountAccess.ts), as before.
 *
 * Each row comes back as a JSON object of its columns, named by the lists below, which the compiler holds to the
 * row types: a column added to a table and not here fails the type check. Run without the query builder, prepared
 * once per connection (db/database.ts runStatement).
 */
import { isPostgres, runStatement, type Db } from '../../db/database';
import type {
  CustomerRow,
  DiscountRow,
  InvoiceRow,
  PaymentIntentRow,
  SiteRow,
  SiteUsageTable,
  SubscriptionRow,
  UserRow,
} from '../../db/schema';

export type SiteUsageRow = SiteUsageTable;

/** The rows of one account as one statement read them (each list in the order the reads below give it). */
export interface AccountRows {
  site: SiteRow | undefined;
  user: UserRow | undefined;
  /** the user's payment customer */
  customer: CustomerRow | undefined;
  /** the site's newest subscription, then the one before it: at most two */
  subscriptions: SubscriptionRow[];
  /** every invoice of the customer, whatever its status, newest first (created, then id) */
  invoices: InvoiceRow[];
  /** the customer's discounts, newest first (start_at) */
  discounts: DiscountRow[];
  /** the payment intents of the customer's newest invoice and of its open ones, newest first (created) */
  paymentIntents: PaymentIntentRow[];
  usage: SiteUsageRow[];
}

/** Every column of `Row`, no more and no fewer: the compiler names a missing one. */
function allColumns<Row>() {
  type Missing<Names extends readonly string[]> = Exclude<keyof Row & string, Names[number]>;
  return <const Names extends readonly (keyof Row & string)[]>(
    names: Names & ([Missing<Names>] extends [never] ? unknown : { missing: Missing<Names> }),
  ): readonly string[] => names;
}

const SITE_COLUMNS = allColumns<SiteRow>()([
  'id',
  'admin_url',
  'url',
  'subdomain',
  'pro_domain',
  'external_domain',
  'ssl_status',
  'sending_domain',
  'sending_domain_status',
  'owner_user_id',
  'is_subdirectory',
  'subdirectory',
  'version',
  'active_theme',
  'active_theme_official',
  'created_at',
  'name',
  'admin_origins_json',
  'deleted_at',
  'sessions_from',
  'trial_price_id',
  'trial_days',
  'currency',
  'domain_checked_at',
  'domain_lost_at',
  'domain_claim_expires_at',
  'domain_claim_ended_domain',
  'domain_claim_ended_reason',
  'domain_claim_ended_at',
]);
const USER_COLUMNS = allColumns<UserRow>()([
  'id',
  'site_id',
  'name',
  'email',
  'role',
  'billing_contact',
  'show_product_group',
  'show_auto_billing',
  'coupon',
  'created_at',
  'email_key',
  'removed_at',
  'sessions_from',
]);
const CUSTOMER_COLUMNS = allColumns<CustomerRow>()([
  'id',
  'user_id',
  'provider',
  'invoice_details',
  'tax_id_type',
  'tax_id_value',
  'tax_id_provider_id',
  'balance',
  'card_brand',
  'card_last4',
  'card_exp_month',
  'card_exp_year',
  'default_payment_method',
  'auto_billing',
  'created_at',
]);
const SUBSCRIPTION_COLUMNS = allColumns<SubscriptionRow>()([
  'id',
  'site_id',
  'customer_id',
  'provider_subscription_id',
  'status',
  'price_id',
  'quantity',
  'addons_json',
  'current_period_start',
  'current_period_end',
  'cancelled_at',
  'trial_end',
  'pending_price_id',
  'pending_change_json',
  'provider_event_at',
  'created_at',
]);
const INVOICE_COLUMNS = allColumns<InvoiceRow>()([
  'id',
  'customer_id',
  'subscription_id',
  'number',
  'status',
  'billing_reason',
  'amount_due',
  'amount_paid',
  'amount_remaining',
  'created',
  'hosted_url',
  'discount_id',
  'currency',
]);
const DISCOUNT_COLUMNS = allColumns<DiscountRow>()([
  'id',
  'customer_id',
  'subscription_id',
  'coupon_id',
  'start_at',
  'end_at',
]);
const PAYMENT_INTENT_COLUMNS = allColumns<PaymentIntentRow>()([
  'id',
  'customer_id',
  'invoice_id',
  'status',
  'client_secret',
  'amount',
  'created',
  'payment_method_id',
]);
const USAGE_COLUMNS = allColumns<SiteUsageRow>()(['site_id', 'limit_name', 'total', 'members_override']);

/** What differs between the two databases' JSON functions; everything else in the statement is the same text. */
interface JsonDialect {
  /** a JSON object of a row's columns */
  object(columns: readonly string[], alias: string): string;
  /** the JSON array of `item` over the rows, in `order`; an empty array without rows */
  array(item: string, order: string): string;
  /** the statement's parameters: the site's id, then the user's */
  siteId: string;
  userId: string;
}

const pairs = (columns: readonly string[], alias: string) =>
  columns.map((column) => `'${column}', ${alias}.${column}`).join(', ');

const SQLITE: JsonDialect = {
  object: (columns, alias) => `json_object(${pairs(columns, alias)})`,
  // In the order of the sub-select it reads (below): SQLite does not flatten an ordered sub-select into an aggregate,
  // so the rows come to it in that order. An ORDER BY inside the aggregate would sort again in a temporary table, a
  // file under SQLite's default temp_store: 1.5 ms for the statement against 45 us (bench/README.md).
  array: (item) => `json_group_array(${item})`,
  siteId: '?1',
  userId: '?2',
};

const POSTGRES: JsonDialect = {
  // json_build_object takes at most 100 arguments: the widest row here (sites) has 29 columns, 58 arguments.
  object: (columns, alias) => `json_build_object(${pairs(columns, alias)})`,
  // PostgreSQL promises an aggregate's order only within it; json_agg answers NULL over no rows.
  array: (item, order) => `COALESCE(json_agg(${item} ORDER BY ${order}), '[]'::json)`,
  siteId: '$1',
  userId: '$2',
};

function accountRowsSql(dialect: JsonDialect): string {
  const { object, array, siteId, userId } = dialect;
  // The customer is the user's (user_id is unique); its rows are read by its id only.
  const customerId = `(SELECT id FROM customers WHERE user_id = ${userId})`;
  const newestInvoiceId = `(SELECT id FROM invoices WHERE customer_id = ${customerId} ORDER BY created DESC, id DESC LIMIT 1)`;
  /**
   * The JSON array of the rows a sub-select reads (`rows`), each an object of `columns`, in `order` (`[column,
   * direction]` pairs), the first `limit` of them when given.
   */
  const listOf = (columns: readonly string[], rows: string, order: [string, 'ASC' | 'DESC'][], limit = '') => {
    const orderBy = (alias: string) => order.map(([column, direction]) => `${alias}${column} ${direction}`).join(', ');
    return `(SELECT ${array(object(columns, 'x'), orderBy('x.'))} FROM (${rows} ORDER BY ${orderBy('')}${limit}) AS x)`;
  };
  return `SELECT
    (SELECT ${object(SITE_COLUMNS, 's')} FROM sites AS s WHERE s.id = ${siteId}) AS site,
    (SELECT ${object(USER_COLUMNS, 'u')} FROM users AS u WHERE u.id = ${userId}) AS user_row,
    (SELECT ${object(CUSTOMER_COLUMNS, 'c')} FROM customers AS c WHERE c.user_id = ${userId}) AS customer,
    ${listOf(
      SUBSCRIPTION_COLUMNS,
      `SELECT * FROM subscriptions WHERE site_id = ${siteId}`,
      [
        ['created_at', 'DESC'],
        ['id', 'DESC'],
      ],
      ' LIMIT 2',
    )} AS subscriptions,
    ${listOf(INVOICE_COLUMNS, `SELECT * FROM invoices WHERE customer_id = ${customerId}`, [
      ['created', 'DESC'],
      ['id', 'DESC'],
    ])} AS invoices,
    ${listOf(DISCOUNT_COLUMNS, `SELECT * FROM discounts WHERE customer_id = ${customerId}`, [['start_at', 'DESC']])} AS discounts,
    ${listOf(
      PAYMENT_INTENT_COLUMNS,
      `SELECT * FROM payment_intents WHERE invoice_id IN (
        SELECT id FROM invoices WHERE customer_id = ${customerId} AND status = 'open' UNION ALL SELECT ${newestInvoiceId})`,
      [['created', 'DESC']],
    )} AS payment_intents,
    ${listOf(USAGE_COLUMNS, `SELECT * FROM site_usage WHERE site_id = ${siteId}`, [['limit_name', 'ASC']])} AS site_usage`;
}

/** The name PostgreSQL's connections keep the statement prepared under (runStatement). */
const PREPARED_NAME = 'billing_account_rows';

/** One statement's text per dialect, built once per process. */
const statements = new Map<JsonDialect, string>();

interface RawAccountRows {
  site: unknown;
  user_row: unknown;
  customer: unknown;
  subscriptions: unknown;
  invoices: unknown;
  discounts: unknown;
  payment_intents: unknown;
  site_usage: unknown;
}

/** SQLite answers JSON as text, pg parses json columns itself. */
function parsed<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

export async function readAccountRows(db: Db, siteId: string, userId: string): Promise<AccountRows> {
  const dialect = isPostgres(db) ? POSTGRES : SQLITE;
  let text = statements.get(dialect);
  if (text === undefined) {
    text = accountRowsSql(dialect);
    statements.set(dialect, text);
  }
  const rows = await runStatement<RawAccountRows>(db, PREPARED_NAME, text, [siteId, userId]);
  const row = rows[0];
  if (row === undefined) throw new Error('the account rows read returned no row');
  return {
    site: parsed<SiteRow | null>(row.site) ?? undefined,
    user: parsed<UserRow | null>(row.user_row) ?? undefined,
    customer: parsed<CustomerRow | null>(row.customer) ?? undefined,
    subscriptions: parsed(row.subscriptions),
    invoices: parsed(row.invoices),
    discounts: parsed(row.discounts),
    paymentIntents: parsed(row.payment_intents),
    usage: parsed(row.site_usage),
  };
}
