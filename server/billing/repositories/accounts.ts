/**
 * Accounts: sites, their admin users, the payment customer behind each user, and site usage. `load` gathers
 * everything an account call needs about the session's owner in one statement (accountRowsRead.ts), read again only
 * when the site's version has changed (siteReadModel.ts).
 */
import type { Blog, CurrentSite, InvoiceDetails, TaxId, User } from '../../../core/contract';
import {
  domainClaimEndReasonSchema,
  limitNameSchema,
  sendingDomainStatusSchema,
  sslStatusSchema,
  taxIdSchema,
} from '../../../core/contract';
import type { Db } from '../../db/database';
import type { CustomerRow, PriceRow, ProductRow, SiteRow, SubscriptionRow, UserRow } from '../../db/schema';
import type { SiteUsage } from '../siteLimits';
import { readAccountRows, type AccountRows } from './accountRowsRead';
import type { CatalogueRepository } from './catalogueRepository';
import type { SiteReadModel, SiteView, ViewRead } from './siteReadModel';
import { emailKey } from './sites';

export function toCurrentSite(row: SiteRow): CurrentSite {
  return {
    id: row.id,
    url: row.url,
    subdomain: row.subdomain,
    pro_domain: row.pro_domain,
    external_domain: row.external_domain,
    ssl_status: row.ssl_status === null ? null : sslStatusSchema.parse(row.ssl_status),
    sending_domain: row.sending_domain,
    sending_domain_status:
      row.sending_domain_status === null ? null : sendingDomainStatusSchema.parse(row.sending_domain_status),
    user_id: row.owner_user_id ?? '',
    isSubdirectory: row.is_subdirectory === 1,
    subdirectory: row.subdirectory,
    version: row.version,
    active_theme: row.active_theme,
    active_theme_official: row.active_theme_official === 1,
    domain_claim_expires_at: row.external_domain === null ? null : row.domain_claim_expires_at,
    ended_domain_claim:
      row.domain_claim_ended_domain === null ||
      row.domain_claim_ended_reason === null ||
      row.domain_claim_ended_at === null
        ? null
        : {
            domain: row.domain_claim_ended_domain,
            reason: domainClaimEndReasonSchema.parse(row.domain_claim_ended_reason),
            ended_at: row.domain_claim_ended_at,
          },
  };
}

/** The site's usage as its limits count it, from the account's rows. */
export function siteUsageOf(account: AccountRecord): { usage: SiteUsage; membersOverride: number | null } {
  const usage: SiteUsage = {};
  let membersOverride: number | null = null;
  for (const row of account.rows.usage) {
    const name = limitNameSchema.safeParse(row.limit_name);
    if (!name.success) continue;
    usage[name.data] = row.total;
    if (name.data === 'members') membersOverride = row.members_override;
  }
  return { usage, membersOverride };
}

export function toBlogs(site: SiteRow): Blog[] {
  return [{ id: site.id, url: site.url }];
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** The billing user: the admin user plus the card their provider customer holds. */
export function toUser(row: UserRow, customer: CustomerRow | undefined): User {
  const hasCard = customer !== undefined && customer.card_last4 !== null;
  return {
    id: row.id,
    email_address: row.email,
    billing_contact: row.billing_contact,
    show_product_group: row.show_product_group,
    show_auto_billing: row.show_auto_billing === 1,
    coupon: row.coupon,
    cardType: hasCard ? customer.card_brand : null,
    cardExpiry:
      hasCard && customer.card_exp_month !== null && customer.card_exp_year !== null
        ? `${twoDigits(customer.card_exp_month)}/${customer.card_exp_year}`
        : null,
    cardLast4: hasCard ? customer.card_last4 : null,
  };
}

/** What the owner's invoices say about whom they bill, as stored; '' and no tax ID before the customer is made. */
export function toInvoiceDetails(customer: CustomerRow | undefined): InvoiceDetails {
  const taxId = taxIdSchema.safeParse({ type: customer?.tax_id_type, value: customer?.tax_id_value });
  return { invoiceDetails: customer?.invoice_details ?? '', taxId: taxId.success ? taxId.data : null };
}

/**
 * Everything the account calls need about one signed-in owner. Shared by every request at one version of the
 * site: readers never modify it.
 */
export interface AccountRecord {
  site: SiteRow;
  user: UserRow;
  customer: CustomerRow | undefined;
  subscription: SubscriptionRow | undefined;
  /** the site's subscription before the current one */
  previousSubscription: SubscriptionRow | undefined;
  /** the subscription's base price and product */
  price: PriceRow | undefined;
  product: ProductRow | undefined;
  /** every row the record was read from, with the customer's invoices, discounts, payment intents and the site's usage */
  rows: AccountRows;
  /** the version of the site these rows are: what calls derive from them is kept there (view.memo) */
  view: SiteView;
}

/** An account with its current subscription, the subscription's base price and product: what a plan works on. */
export interface Subscribed extends AccountRecord {
  subscription: SubscriptionRow;
  price: PriceRow;
  product: ProductRow;
}

export class AccountRepository {
  constructor(
    private readonly db: Db,
    private readonly catalogue: CatalogueRepository,
    private readonly readModel: SiteReadModel,
  ) {}

  /** The live site whose admin URL this is: a removed site signs no one in. */
  findSiteByAdminUrl(adminUrl: string): Promise<SiteRow | undefined> {
    return this.db
      .selectFrom('sites')
      .selectAll()
      .where('admin_url', '=', adminUrl)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  findSite(id: string): Promise<SiteRow | undefined> {
    return this.db.selectFrom('sites').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findUser(id: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The site's live user with this e-mail, whatever its case: one at most (a unique index on the key, migration 0011). */
  findUserByEmail(siteId: string, email: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('site_id', '=', siteId)
      .where('email_key', '=', emailKey(email))
      .where('removed_at', 'is', null)
      .executeTakeFirst();
  }

  findCustomerByUser(userId: string): Promise<CustomerRow | undefined> {
    return this.db.selectFrom('customers').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  /** Adds the customer unless the user has one already; safe to call twice at once. */
  async insertCustomerIfMissing(customer: CustomerRow): Promise<CustomerRow> {
    await this.db
      .insertInto('customers')
      .values(customer)
      .onConflict((conflict) => conflict.column('user_id').doNothing())
      .execute();
    const stored = await this.findCustomerByUser(customer.user_id);
    if (stored === undefined) throw new Error(`customer of ${customer.user_id} was not stored`);
    return stored;
  }

  /**
   * The user's account on the site; undefined when either is gone or removed, or the user is not the site's.
   * `read`: the site's version as this request already read it (a stored answer's lookup), else read here, and
   * whether the read model keeps the view (siteReadModel.ts).
   */
  async load(siteId: string, userId: string, read: ViewRead = {}): Promise<AccountRecord | undefined> {
    const view = await this.readModel.current(siteId, userId, read);
    return view.memo('account', async () => {
      // Every row at once, by the ids the session names (accountRowsRead.ts): one statement, whatever the site holds.
      const rows = await readAccountRows(this.db, siteId, userId);
      const { site, user, customer } = rows;
      const [subscription, previousSubscription] = rows.subscriptions;
      if (site === undefined || user === undefined || user.site_id !== site.id) return undefined;
      if (site.deleted_at !== null || user.removed_at !== null) return undefined;
      const price = subscription === undefined ? undefined : await this.catalogue.findPrice(subscription.price_id);
      const product = price === undefined ? undefined : await this.catalogue.findProduct(price.product_id);
      return { site, user, customer, subscription, previousSubscription, price, product, rows, view };
    });
  }

  async setInvoiceDetails(customerId: string, invoiceDetails: string): Promise<void> {
    await this.db
      .updateTable('customers')
      .set({ invoice_details: invoiceDetails })
      .where('id', '=', customerId)
      .execute();
  }

  /** The tax ID on the customer's invoices, and the provider's id of the object that holds it (null: none). */
  async setTaxId(customerId: string, taxId: TaxId | null, providerId: string | null): Promise<void> {
    await this.db
      .updateTable('customers')
      .set({ tax_id_type: taxId?.type ?? null, tax_id_value: taxId?.value ?? null, tax_id_provider_id: providerId })
      .where('id', '=', customerId)
      .execute();
  }

  async setBillingContact(userId: string, billingContact: string | null): Promise<void> {
    await this.db.updateTable('users').set({ billing_contact: billingContact }).where('id', '=', userId).execute();
  }

  async setAutoBilling(customerId: string, enabled: boolean): Promise<void> {
    await this.db
      .updateTable('customers')
      .set({ auto_billing: enabled ? 1 : 0 })
      .where('id', '=', customerId)
      .execute();
  }
}
