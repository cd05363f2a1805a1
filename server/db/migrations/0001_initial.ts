/**
 * The initial billing schema. Portable between SQLite and PostgreSQL: text ids, 0/1 integer flags, bigint Unix
 * seconds and cents, JSON as text. Foreign keys cascade from sites and customers so a demo reset (or a site's
 * deletion) removes everything under them.
 */
import type { Kysely } from 'kysely';

// Migrations must not depend on the app's current schema types: they describe the database as it was then.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('sites')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('admin_url', 'text', (c) => c.notNull().unique())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('subdomain', 'text', (c) => c.notNull().unique())
    .addColumn('pro_domain', 'text', (c) => c.notNull())
    .addColumn('external_domain', 'text')
    .addColumn('ssl_status', 'text')
    .addColumn('sending_domain', 'text')
    .addColumn('sending_domain_status', 'text')
    .addColumn('owner_user_id', 'text')
    .addColumn('is_subdirectory', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('subdirectory', 'text')
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('active_theme', 'text', (c) => c.notNull())
    .addColumn('active_theme_official', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('site_usage')
    .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('limit_name', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('members_override', 'integer')
    .addPrimaryKeyConstraint('site_usage_pk', ['site_id', 'limit_name'])
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('billing_contact', 'text')
    .addColumn('show_product_group', 'text')
    .addColumn('show_auto_billing', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('coupon', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('users_site_email_unique', ['site_id', 'email'])
    .execute();

  await db.schema
    .createTable('customers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('invoice_details', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('card_brand', 'text')
    .addColumn('card_last4', 'text')
    .addColumn('card_exp_month', 'integer')
    .addColumn('card_exp_year', 'integer')
    .addColumn('default_payment_method', 'text')
    .addColumn('auto_billing', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('products')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('group_name', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('legacy', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('limits_json', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('features_json', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();

  await db.schema
    .createTable('product_addons')
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('addon_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('product_addons_pk', ['product_id', 'addon_id'])
    .execute();

  await db.schema
    .createTable('prices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('cost', 'bigint', (c) => c.notNull())
    .addColumn('billing_period', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('nickname', 'text')
    .addColumn('members', 'integer')
    .addColumn('legacy', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('limits_json', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('features_json', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema.createIndex('prices_product_idx').on('prices').column('product_id').execute();

  await db.schema
    .createTable('coupons')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('percent_off', 'real')
    .addColumn('amount_off', 'bigint')
    .addColumn('currency', 'text')
    .addColumn('duration', 'text', (c) => c.notNull())
    .addColumn('duration_in_months', 'integer')
    .addColumn('valid', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('max_redemptions', 'integer')
    .addColumn('redeem_by', 'bigint')
    .addColumn('metadata_json', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();

  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('provider_subscription_id', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('price_id', 'text', (c) => c.notNull().references('prices.id'))
    .addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('addons_json', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('current_period_start', 'bigint', (c) => c.notNull())
    .addColumn('current_period_end', 'bigint', (c) => c.notNull())
    .addColumn('cancelled_at', 'bigint')
    .addColumn('trial_end', 'bigint')
    .addColumn('pending_price_id', 'text', (c) => c.references('prices.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('subscriptions_site_idx')
    .on('subscriptions')
    .columns(['site_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('discounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('subscription_id', 'text', (c) => c.references('subscriptions.id').onDelete('cascade'))
    .addColumn('coupon_id', 'text', (c) => c.notNull().references('coupons.id'))
    .addColumn('start_at', 'bigint', (c) => c.notNull())
    .addColumn('end_at', 'bigint')
    .execute();
  await db.schema.createIndex('discounts_customer_idx').on('discounts').column('customer_id').execute();

  await db.schema
    .createTable('invoices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('subscription_id', 'text', (c) => c.references('subscriptions.id').onDelete('set null'))
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('billing_reason', 'text', (c) => c.notNull())
    .addColumn('amount_due', 'bigint', (c) => c.notNull())
    .addColumn('amount_paid', 'bigint', (c) => c.notNull())
    .addColumn('amount_remaining', 'bigint', (c) => c.notNull())
    .addColumn('created', 'bigint', (c) => c.notNull())
    .addColumn('hosted_url', 'text', (c) => c.notNull())
    .addColumn('discount_id', 'text', (c) => c.references('discounts.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('invoices_customer_idx').on('invoices').columns(['customer_id', 'created']).execute();

  await db.schema
    .createTable('payment_intents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('invoice_id', 'text', (c) => c.references('invoices.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('client_secret', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('created', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payment_intents_invoice_idx').on('payment_intents').column('invoice_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'payment_intents',
    'invoices',
    'discounts',
    'subscriptions',
    'coupons',
    'prices',
    'product_addons',
    'products',
    'customers',
    'users',
    'site_usage',
    'sites',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
