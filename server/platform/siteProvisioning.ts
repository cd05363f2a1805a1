/**
 * How a platform brings its sites in (docs/platform-api.md): one service behind the platform API's routes, the bulk
 * import and the demo's seed. A PUT describes the whole site (its admin, its owner, its staff) and is idempotent: a
 * second PUT of the same body writes nothing, so no site version moves and no kept read is dropped.
 *
 * Sessions follow the facts without a list of sessions to revoke: every account call loads the session's user and
 * site again (routes/access.ts), so a removed site or user answers 401 and a user who is no longer the owner 403 on
 * their very next call. The database triggers of migration 0007 move the site's version with each write here, so
 * no process keeps serving what it read before.
 */
import { randomUUID } from 'node:crypto';
import { toUnixSeconds } from '../../core/rules/dates';
import { isUnderPlatform } from '../auth/platformIssuer';
import { adminUrlRefusal, type AdminUrlRule } from './adminUrls';
import { changesBetween, readEvents, recordEvent, siteStream, type PlatformActor } from './auditTrail';
import { saleRefusalOf } from '../billing/products';
import { CatalogueRepository } from '../billing/repositories/catalogueRepository';
import { catalogueCurrencies } from './catalogue';
import { adminOriginsOf, emailKey, SiteDirectory } from '../billing/repositories/sites';
import { isUniqueViolation, type Db } from '../db/database';
import type { SiteRow, SitesTable, UserRow, UsersTable } from '../db/schema';
import { DomainError, messages } from '../domainErrors';
import type { PlatformEventPage, SitePage, SitePut, SiteRecord } from './contract';

export const OWNER_ROLE = 'Owner';

/** What a new site starts with besides what the PUT names; the seed and the real site's own sync may change them. */
const NEW_SITE_DEFAULTS = {
  version: '6.0',
  active_theme: 'source',
  active_theme_official: 1,
  is_subdirectory: 0,
  subdirectory: null,
} as const;
const NO_SENDING_DOMAIN = 'NONE';

export interface ProvisioningOptions {
  /** the platform's pro domain: a new site is served at `<subdomain>.<proDomain>` */
  proDomain: string;
  /** IDENTITY_ISSUER: when set, every admin URL must lie under it (docs/deploy.md) */
  platformIssuer: string | null;
  /** which admin URLs are taken: production's public https ones, or any (platform/adminUrls.ts); default any */
  adminUrls?: AdminUrlRule;
  now: () => number;
}

/** What a PUT did: whether it made the site (or brought it back after its removal) and whether it wrote anything. */
export type PutOutcome = Pick<PutResult, 'created' | 'changed'>;

export interface PutResult {
  record: SiteRecord;
  /** whether the site was made by this PUT (or brought back after its removal) */
  created: boolean;
  /** whether anything was written */
  changed: boolean;
}

/** The subdomain the PUT names, else one made of the site's id. */
function subdomainOf(siteId: string, body: SitePut): string {
  return body.subdomain ?? siteId.toLowerCase().replace(/_/g, '-');
}

/**
 * The moment a removal or an owner change ends sessions, on the clock session tokens record their issue by (the
 * process's own, never the demo's adjustable one): sessions issued before it stay ended (migration 0019).
 */
const sessionsEndNow = () => Date.now();

/** The row of a site the directory does not have yet, as a PUT makes it (its owner is set once its users exist). */
function newSiteRow(
  siteId: string,
  body: SitePut,
  subdomain: string,
  now: number,
  proDomain: string,
  currency: string | null = null,
): SitesTable {
  return {
    id: siteId,
    name: body.name,
    admin_url: body.adminUrl,
    admin_origins_json: adminOriginsJsonOf(body),
    url: `https://${subdomain}.${proDomain}`,
    subdomain,
    pro_domain: proDomain,
    external_domain: null,
    ssl_status: null,
    sending_domain: null,
    sending_domain_status: NO_SENDING_DOMAIN,
    domain_claim_expires_at: null,
    domain_claim_ended_domain: null,
    domain_claim_ended_reason: null,
    domain_claim_ended_at: null,
    owner_user_id: null,
    ...NEW_SITE_DEFAULTS,
    created_at: now,
    deleted_at: null,
    trial_price_id: body.trial?.priceId ?? null,
    trial_days: body.trial?.days ?? null,
    currency,
    domain_checked_at: null,
    domain_lost_at: null,
  };
}

/** The row of a person a site's PUT names who is not one of its users yet. */
function newUserRow(
  id: string,
  siteId: string,
  person: { email: string; name: string; role: string },
  now: number,
): UsersTable {
  return {
    id,
    site_id: siteId,
    name: person.name,
    email: person.email,
    email_key: emailKey(person.email),
    role: person.role,
    billing_contact: null,
    show_product_group: null,
    show_auto_billing: 0,
    coupon: null,
    created_at: now,
    removed_at: null,
  };
}

/** The extra origins a PUT names, once each, without the admin URL's own. */
function adminOriginsJsonOf(body: SitePut): string {
  return JSON.stringify([...new Set(body.adminOrigins)].filter((origin) => origin !== new URL(body.adminUrl).origin));
}

/** The people a PUT names, by e-mail key: the owner, then the staff (a staff entry naming the owner's e-mail is the owner). */
function peopleOf(body: SitePut): Map<string, { id?: string | undefined; email: string; name: string; role: string }> {
  const wanted = new Map<string, { id?: string | undefined; email: string; name: string; role: string }>();
  wanted.set(emailKey(body.owner.email), { ...body.owner, role: OWNER_ROLE });
  for (const member of body.staff) {
    const key = emailKey(member.email);
    if (!wanted.has(key)) wanted.set(key, member);
  }
  return wanted;
}

/**
 * What a PUT names that another PUT may name too, each a site's alone: the site's id, its admin URL, the subdomain
 * a new site takes and the platform's user ids. Two PUTs sharing none can run in any order with the same outcomes.
 */
export function namesOf(siteId: string, body: SitePut): string[] {
  const names = [`site ${siteId}`, `admin ${body.adminUrl}`, `subdomain ${subdomainOf(siteId, body)}`];
  for (const person of peopleOf(body).values()) if (person.id !== undefined) names.push(`user ${person.id}`);
  return names;
}

/**
 * Of `names` (namesOf's), the ones the database's sites and users already hold, removed ones included; and the
 * sites found, by id.
 */
async function takenNames(trx: Db, names: string[]): Promise<{ taken: Set<string>; sites: Map<string, SiteRow> }> {
  const valuesOf = (kind: string) =>
    names.filter((name) => name.startsWith(`${kind} `)).map((name) => name.slice(kind.length + 1));
  const taken = new Set<string>();
  const found = new Map<string, SiteRow>();
  for (const [kind, column] of [
    ['site', 'id'],
    ['admin', 'admin_url'],
    ['subdomain', 'subdomain'],
  ] as const) {
    const values = valuesOf(kind);
    for (let start = 0; start < values.length; start += LOOKUP_CHUNK) {
      const sites = await trx
        .selectFrom('sites')
        .selectAll()
        .where(column, 'in', values.slice(start, start + LOOKUP_CHUNK))
        .execute();
      for (const site of sites) {
        found.set(site.id, site);
        for (const name of siteNamesOf(site)) taken.add(name);
      }
    }
  }
  const userIds = valuesOf('user');
  for (let start = 0; start < userIds.length; start += LOOKUP_CHUNK) {
    const users = await trx
      .selectFrom('users')
      .select('id')
      .where('id', 'in', userIds.slice(start, start + LOOKUP_CHUNK))
      .execute();
    for (const user of users) taken.add(`user ${user.id}`);
  }
  return { taken, sites: found };
}

/** Every user, removed ones included, of the sites named, by site. */
async function usersBySite(trx: Db, siteIds: string[]): Promise<Map<string, UserRow[]>> {
  const bySite = new Map<string, UserRow[]>(siteIds.map((id) => [id, []]));
  for (let start = 0; start < siteIds.length; start += LOOKUP_CHUNK) {
    const users = await trx
      .selectFrom('users')
      .selectAll()
      .where('site_id', 'in', siteIds.slice(start, start + LOOKUP_CHUNK))
      .execute();
    for (const user of users) bySite.get(user.site_id)!.push(user);
  }
  return bySite;
}

/**
 * Whether a PUT of a stored site would write nothing: the site as the body says (live, its currency and trial as
 * stored), each person the body names one of its live users as named (found as `write` finds them: by the platform's
 * id, else by e-mail), no other live user, the owner the owner. It answers true only where `write` writes nothing
 * and refuses nothing (for such a body `write` asks the database nothing more); any doubt answers false, and the
 * PUT goes through `write`.
 */
function writesNothing(site: SiteRow, users: UserRow[], body: SitePut): boolean {
  const sameSite =
    site.deleted_at === null &&
    site.name === body.name &&
    site.admin_url === body.adminUrl &&
    site.admin_origins_json === adminOriginsJsonOf(body) &&
    site.trial_price_id === (body.trial?.priceId ?? null) &&
    site.trial_days === (body.trial?.days ?? null) &&
    (body.currency === undefined || body.currency === site.currency);
  if (!sameSite) return false;
  const byId = new Map(users.map((user) => [user.id, user]));
  const byKey = new Map(users.map((user) => [user.email_key, user]));
  const named = new Set<string>();
  for (const [key, person] of peopleOf(body)) {
    const user = (person.id === undefined ? undefined : byId.get(person.id)) ?? byKey.get(key);
    if (user === undefined || byKey.get(key) !== user) return false;
    if (user.name !== person.name || user.email !== person.email || user.role !== person.role) return false;
    if (user.removed_at !== null) return false;
    if (person.role === OWNER_ROLE && site.owner_user_id !== user.id) return false;
    named.add(user.id);
  }
  return users.every((user) => named.has(user.id) || user.removed_at !== null);
}

/** The names (namesOf's) a stored site holds. */
const siteNamesOf = (site: { id: string; admin_url: string; subdomain: string }) => [
  `site ${site.id}`,
  `admin ${site.admin_url}`,
  `subdomain ${site.subdomain}`,
];

/** Values bound in one lookup: well under SQLite's 32,766 and PostgreSQL's 65,535 parameters a statement. */
const LOOKUP_CHUNK = 1000;
/** Parameters bound in one multi-row insert, under both databases' limits. */
const INSERT_PARAMETERS = 30_000;

async function insertInChunks<T extends 'sites' | 'users'>(
  trx: Db,
  table: T,
  rows: T extends 'sites' ? SitesTable[] : UsersTable[],
): Promise<void> {
  if (rows.length === 0) return;
  const perInsert = Math.max(1, Math.floor(INSERT_PARAMETERS / Object.keys(rows[0]!).length));
  for (let start = 0; start < rows.length; start += perInsert)
    await trx
      .insertInto(table)
      .values(rows.slice(start, start + perInsert) as never)
      .execute();
}

export function sitePanelPath(siteId: string): string {
  return `/sites/${siteId}/`;
}

/** `defaultCurrency`: the catalogue's first, which a site that named none (put before any catalogue) pays in. */
function toRecord(site: SiteRow, users: UserRow[], defaultCurrency: string | null): SiteRecord {
  const live = users.filter((user) => user.removed_at === null);
  const owner = live.find((user) => user.id === site.owner_user_id);
  return {
    id: site.id,
    name: site.name,
    adminUrl: site.admin_url,
    adminOrigins: adminOriginsOf(site),
    subdomain: site.subdomain,
    panelPath: sitePanelPath(site.id),
    owner: { id: owner?.id ?? '', email: owner?.email ?? '', name: owner?.name ?? '' },
    staff: live
      .filter((user) => user !== owner)
      .map((user) => ({ id: user.id, email: user.email, name: user.name, role: user.role })),
    trial:
      site.trial_price_id === null || site.trial_days === null
        ? null
        : { priceId: site.trial_price_id, days: site.trial_days },
    currency: site.currency ?? defaultCurrency,
    createdAt: site.created_at,
  };
}

/**
 * The site as its audit trail compares it (auditTrail.ts): what a PUT or a DELETE can change, its people by id (the
 * owner among them, named by `owner`). Nothing secret is in a site's record. Undefined: no such site yet.
 */
async function auditViewOf(directory: SiteDirectory, siteId: string): Promise<Record<string, unknown> | undefined> {
  const site = await directory.findSite(siteId);
  if (site === undefined) return undefined;
  const live = (await directory.usersOf(siteId)).filter((user) => user.removed_at === null);
  return {
    name: site.name,
    adminUrl: site.admin_url,
    adminOrigins: adminOriginsOf(site),
    subdomain: site.subdomain,
    owner: site.owner_user_id,
    people: Object.fromEntries(live.map((user) => [user.id, { email: user.email, name: user.name, role: user.role }])),
    trial:
      site.trial_price_id === null || site.trial_days === null
        ? null
        : { priceId: site.trial_price_id, days: site.trial_days },
    currency: site.currency,
    removed: site.deleted_at !== null,
  };
}

export class SiteProvisioning {
  constructor(
    private readonly db: Db,
    private readonly options: ProvisioningOptions,
  ) {}

  async get(siteId: string): Promise<SiteRecord> {
    const directory = new SiteDirectory(this.db);
    const site = await directory.findSite(siteId);
    if (site === undefined || site.deleted_at !== null)
      throw new DomainError('not_found', 'not_found', messages.notFound);
    return toRecord(site, await directory.usersOf(siteId), (await catalogueCurrencies(this.db))[0] ?? null);
  }

  async list(after: string | undefined, limit: number): Promise<SitePage> {
    const directory = new SiteDirectory(this.db);
    const sites = await directory.listSites(after, limit);
    const users = await directory.liveUsersOf(sites.map((site) => site.id));
    const bySite = new Map<string, UserRow[]>();
    for (const user of users) bySite.set(user.site_id, [...(bySite.get(user.site_id) ?? []), user]);
    const defaultCurrency = (await catalogueCurrencies(this.db))[0] ?? null;
    return {
      sites: sites.map((site) => toRecord(site, bySite.get(site.id) ?? [], defaultCurrency)),
      next: sites.length === limit ? (sites.at(-1)?.id ?? null) : null,
    };
  }

  /**
   * Creates or updates the site as `body` describes it, in a transaction of its own, with its event in the site's
   * audit trail when anything changed. `actor`: the platform key that asked; null for a tool with the database's
   * own access (the bulk import, the demo's seed), which the trail does not record.
   */
  async put(siteId: string, body: SitePut, actor: PlatformActor | null): Promise<PutResult> {
    try {
      return await this.db.transaction().execute((trx) => this.putWithin(trx, siteId, body, actor));
    } catch (error) {
      // Two PUTs of a new site at once (or two changes taking one number of its trail): the second finds the
      // first's rows when it runs again.
      if (!isUniqueViolation(error)) throw error;
      return this.db.transaction().execute((trx) => this.putWithin(trx, siteId, body, actor));
    }
  }

  /** put's work, inside its transaction. */
  private async putWithin(trx: Db, siteId: string, body: SitePut, actor: PlatformActor | null): Promise<PutResult> {
    this.checkAdminUrl(body);
    const directory = new SiteDirectory(trx);
    const before = actor === null ? undefined : await auditViewOf(directory, siteId);
    const result = await this.write(trx, directory, siteId, body);
    if (actor !== null && result.changed) {
      const action = before === undefined ? 'site.created' : before.removed === true ? 'site.restored' : 'site.updated';
      const after = await auditViewOf(directory, siteId);
      await recordEvent(trx, siteStream(siteId), actor, action, changesBetween(before ?? {}, after));
    }
    return result;
  }

  /** The admin URL's own rules (adminUrls.ts) and, with IDENTITY_ISSUER set, that it lies under the issuer. */
  private checkAdminUrl(body: SitePut): void {
    const { platformIssuer } = this.options;
    const refusal = adminUrlRefusal(body.adminUrl, this.options.adminUrls ?? 'any');
    if (refusal !== null)
      throw new DomainError('invalid', 'validation_failed', `Invalid request body: adminUrl: ${refusal}`);
    if (platformIssuer !== null && !isUnderPlatform(body.adminUrl, platformIssuer)) {
      throw new DomainError(
        'invalid',
        'validation_failed',
        `Invalid request body: adminUrl: must lie under the platform's issuer ${platformIssuer}`,
      );
    }
  }

  /**
   * Many PUTs, each with the outcome `put` would give it alone, in the order given (the bulk import, issue 49). A
   * PUT that makes a new site sharing nothing (namesOf) with the database or another PUT of the batch, the
   * common case of an import, is checked as `put` checks it and written with the others like it in one
   * transaction of two multi-row inserts: one commit for the lot instead of a dozen statements and a commit each.
   * A PUT of a stored site that would write nothing (writesNothing), the common case of a platform sending its
   * directory again, is answered unchanged from the same transaction's reads. Every other PUT (a site that changes
   * or was removed, a name two PUTs of the batch share) is left to `put` afterwards, one by one in order: the groups
   * name nothing in common, so the order between them changes nothing. When the shared transaction fails (a
   * concurrent writer took a name since it was read), it rolls back whole and its PUTs go through `put` one by one
   * too. A refused PUT writes nothing and leaves the others as they are.
   */
  async putMany(puts: ReadonlyArray<{ siteId: string; body: SitePut }>): Promise<Array<PutOutcome | DomainError>> {
    const outcomes: Array<PutOutcome | DomainError | undefined> = new Array(puts.length);
    const alone: number[] = [];
    let together: number[] = [];
    try {
      together = await this.db.transaction().execute(async (trx) => {
        const { fresh, rows } = await this.newSitesTogether(trx, puts, outcomes);
        for (const index of puts.keys()) if (outcomes[index] === undefined && !fresh.has(index)) alone.push(index);
        await insertInChunks(trx, 'sites', rows.sites);
        await insertInChunks(trx, 'users', rows.users);
        return [...fresh];
      });
    } catch (error) {
      if (error instanceof DomainError) throw error;
      // Nothing of the batch was written: every PUT not refused before the write goes alone.
      alone.length = 0;
      for (const index of puts.keys()) {
        if (!(outcomes[index] instanceof DomainError)) {
          outcomes[index] = undefined;
          alone.push(index);
        }
      }
      together = [];
    }
    for (const index of together) outcomes[index] ??= { created: true, changed: true };
    for (const index of alone) {
      const { siteId, body } = puts[index]!;
      try {
        outcomes[index] = await this.put(siteId, body, null);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        outcomes[index] = error;
      }
    }
    return outcomes as Array<PutOutcome | DomainError>;
  }

  /**
   * Of `puts`, the new sites that share no name with the database or another PUT (by index, `fresh`), checked as
   * `write` checks a new site, and their rows; a refused one's DomainError is set in `outcomes`, and so is the
   * outcome of a stored site's PUT that writes nothing.
   */
  private async newSitesTogether(
    trx: Db,
    puts: ReadonlyArray<{ siteId: string; body: SitePut }>,
    outcomes: Array<PutOutcome | DomainError | undefined>,
  ): Promise<{ fresh: Set<number>; rows: { sites: SitesTable[]; users: UsersTable[] } }> {
    const named = puts.map(({ siteId, body }) => namesOf(siteId, body));
    const times = new Map<string, number>();
    for (const names of named) for (const name of names) times.set(name, (times.get(name) ?? 0) + 1);
    const { taken, sites: stored } = await takenNames(trx, named.flat());
    const storedUsers = await usersBySite(
      trx,
      puts.filter(({ siteId }) => stored.has(siteId)).map(({ siteId }) => siteId),
    );
    const currencies = await catalogueCurrencies(trx);
    const now = toUnixSeconds(this.options.now());
    const fresh = new Set<number>();
    const rows = { sites: [] as SitesTable[], users: [] as UsersTable[] };
    for (const [index, { siteId, body }] of puts.entries()) {
      if (named[index]!.some((name) => times.get(name)! > 1)) continue;
      const site = stored.get(siteId);
      if (site !== undefined) {
        // A platform sending its directory again: most of its sites as they are.
        if (!writesNothing(site, storedUsers.get(siteId)!, body)) continue;
        try {
          this.checkAdminUrl(body);
          outcomes[index] = { created: false, changed: false };
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          outcomes[index] = error;
        }
        continue;
      }
      if (named[index]!.some((name) => taken.has(name))) continue;
      try {
        this.checkAdminUrl(body);
        const currency = await this.currencyOf(trx, undefined, body.currency, currencies);
        await this.checkTrialPlan(trx, undefined, body.trial, currency, currency ?? currencies[0] ?? null);
        const row = newSiteRow(siteId, body, subdomainOf(siteId, body), now, this.options.proDomain, currency);
        const users = [...peopleOf(body).values()].map((person) => {
          const user = newUserRow(person.id ?? `user_${randomUUID()}`, siteId, person, now);
          if (person.role === OWNER_ROLE) row.owner_user_id = user.id;
          return user;
        });
        rows.sites.push(row);
        rows.users.push(...users);
        fresh.add(index);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        outcomes[index] = error;
      }
    }
    return { fresh, rows };
  }

  /** A page of the site's audit trail, oldest first; 404 for a site never put (a removed site's trail stays). */
  async events(siteId: string, after: number | undefined, limit: number): Promise<PlatformEventPage> {
    if ((await new SiteDirectory(this.db).findSite(siteId)) === undefined)
      throw new DomainError('not_found', 'not_found', messages.notFound);
    return readEvents(this.db, siteStream(siteId), after, limit);
  }

  /**
   * The rows new sites are written as, as their PUTs would leave them (each site's owner set): for a caller that
   * writes many sites into a directory it has just emptied, one insert per table (the demo's seed). Nothing is
   * checked against the directory: the caller's sites are its own, and the tables' keys refuse a site or user twice.
   * No trial is taken, as its plan would have to be checked against the catalogue (checkTrialPlan).
   */
  newSitesRows(puts: ReadonlyArray<{ siteId: string; body: Omit<SitePut, 'trial'> }>): {
    sites: SitesTable[];
    users: UsersTable[];
  } {
    const now = toUnixSeconds(this.options.now());
    const sites: SitesTable[] = [];
    const users: UsersTable[] = [];
    for (const { siteId, body } of puts) {
      const site = newSiteRow(siteId, body, subdomainOf(siteId, body), now, this.options.proDomain);
      for (const person of peopleOf(body).values()) {
        const user = newUserRow(person.id ?? `user_${randomUUID()}`, siteId, person, now);
        if (person.role === OWNER_ROLE) site.owner_user_id = user.id;
        users.push(user);
      }
      sites.push(site);
    }
    return { sites, users };
  }

  /**
   * A trial's plan must be one a new site may buy: an active price of an active base product of the catalogue's
   * default group, priced in the site's currency `currency` (billing/products.ts, as the plans screen of an owner
   * without a plan offers them). A plan that is already the site's, in the currency `stored` already is, is not asked
   * again, so a replayed PUT still writes nothing after the catalogue moved on.
   */
  private async checkTrialPlan(
    trx: Db,
    site: SiteRow | undefined,
    trial: SitePut['trial'],
    stored: string | null,
    currency: string | null,
  ): Promise<void> {
    if (trial === undefined || (site?.trial_price_id === trial.priceId && site.currency === stored)) return;
    const catalogue = new CatalogueRepository(trx);
    const price = await catalogue.findPrice(trial.priceId);
    // Only a plan in the site's currency: the owner pays in it.
    const offered = await catalogue.offered(null, '', currency);
    if (price === undefined || price.legacy === 1 || saleRefusalOf(offered, trial.priceId, []) !== null) {
      throw new DomainError('invalid', 'plan_not_available', messages.trialPlanNotAvailable);
    }
  }

  /**
   * The currency the site pays in after this PUT: the one it names (which the catalogue must price in), else the
   * site's own, else the catalogue's first (null before any catalogue: the catalogue's first, once there is one). A
   * site whose subscription is billed in one currency keeps it: a card provider's customer pays in one.
   */
  private async currencyOf(
    trx: Db,
    site: SiteRow | undefined,
    named: string | undefined,
    currencies: readonly string[],
  ): Promise<string | null> {
    if (named === undefined) return site === undefined ? (currencies[0] ?? null) : site.currency;
    if (named === site?.currency) return named;
    if (!currencies.includes(named)) {
      const offered = currencies.length === 0 ? 'none yet' : currencies.join(', ');
      throw new DomainError(
        'invalid',
        'currency_not_offered',
        `${messages.currencyNotOffered} (${named}; the catalogue prices in: ${offered})`,
      );
    }
    if (site !== undefined) {
      const billed = await trx
        .selectFrom('subscriptions')
        .innerJoin('prices', 'prices.id', 'subscriptions.price_id')
        .select('prices.currency')
        .where('subscriptions.site_id', '=', site.id)
        .where('subscriptions.status', '!=', 'canceled')
        .where('prices.currency', '!=', named)
        .executeTakeFirst();
      if (billed !== undefined) throw new DomainError('conflict', 'currency_in_use', messages.currencyInUse);
    }
    return named;
  }

  /**
   * Removes the site: it can no longer sign in and its sessions end at once; its rows stay (invoices, customers,
   * domains), but for its stored billing answers. Nothing is told to the card provider, the edge or the mail
   * provider (docs/platform-api.md "Removing a site"). A PUT brings it back. With its event in the site's audit
   * trail, in the same transaction.
   */
  async remove(siteId: string, actor: PlatformActor): Promise<void> {
    const removeWithin = async (trx: Db) => {
      const directory = new SiteDirectory(trx);
      const site = await directory.findSite(siteId);
      if (site === undefined || site.deleted_at !== null)
        throw new DomainError('not_found', 'not_found', messages.notFound);
      await directory.updateSite(siteId, {
        deleted_at: toUnixSeconds(this.options.now()),
        sessions_from: sessionsEndNow(),
      });
      // Its stored billing answers can never be served again (its sessions end, its version moved): they go now.
      await trx.deleteFrom('billing_answers').where('site_id', '=', siteId).execute();
      await recordEvent(trx, siteStream(siteId), actor, 'site.removed', [
        { field: '/removed', before: false, after: true },
      ]);
    };
    try {
      await this.db.transaction().execute(removeWithin);
    } catch (error) {
      // Another change of the site took the trail's next number first: this one runs again after it.
      if (!isUniqueViolation(error)) throw error;
      await this.db.transaction().execute(removeWithin);
    }
  }

  private async write(trx: Db, directory: SiteDirectory, siteId: string, body: SitePut): Promise<PutResult> {
    const now = toUnixSeconds(this.options.now());
    const holder = await directory.findSiteByAdminUrl(body.adminUrl);
    if (holder !== undefined && holder.id !== siteId) {
      throw new DomainError('conflict', 'admin_url_taken', messages.adminUrlTaken);
    }
    const adminOriginsJson = adminOriginsJsonOf(body);
    let site = await directory.findSite(siteId);
    const currencies = await catalogueCurrencies(trx);
    const currency = await this.currencyOf(trx, site, body.currency, currencies);
    await this.checkTrialPlan(trx, site, body.trial, currency, currency ?? currencies[0] ?? null);
    // Stored as the plan a site starts on; once the site has a subscription it is only a record (billing/siteTrial.ts).
    const trialPriceId = body.trial?.priceId ?? null;
    const trialDays = body.trial?.days ?? null;
    let created = false;
    let changed = false;
    if (site === undefined) {
      const subdomain = subdomainOf(siteId, body);
      // A subdomain is one site's for good: its custom domains' CNAME proof points at it (domains/customDomains.ts siteTarget).
      if (await directory.findSiteBySubdomain(subdomain))
        throw new DomainError('conflict', 'subdomain_taken', messages.subdomainTaken);
      await directory.insertSite(newSiteRow(siteId, body, subdomain, now, this.options.proDomain, currency));
      created = true;
      changed = true;
    } else {
      const changes = {
        ...(site.name === body.name ? {} : { name: body.name }),
        ...(site.admin_url === body.adminUrl ? {} : { admin_url: body.adminUrl }),
        ...(site.admin_origins_json === adminOriginsJson ? {} : { admin_origins_json: adminOriginsJson }),
        ...(site.deleted_at === null ? {} : { deleted_at: null }),
        ...(site.trial_price_id === trialPriceId ? {} : { trial_price_id: trialPriceId }),
        ...(site.trial_days === trialDays ? {} : { trial_days: trialDays }),
        ...(site.currency === currency ? {} : { currency }),
      };
      if (site.deleted_at !== null) created = true;
      if (Object.keys(changes).length > 0) {
        await directory.updateSite(siteId, changes);
        changed = true;
      }
    }

    const wanted = peopleOf(body);
    const users = await directory.usersOf(siteId);
    const byId = new Map(users.map((user) => [user.id, user]));
    const byKey = new Map(users.map((user) => [user.email_key, user]));
    const named = new Set<string>();
    let ownerId: string | null = null;
    for (const [key, person] of wanted) {
      // The platform's id says who it is when given (an e-mail may change); else the e-mail does.
      const user = (person.id === undefined ? undefined : byId.get(person.id)) ?? byKey.get(key);
      let id: string;
      if (user === undefined) {
        if (person.id !== undefined && (await directory.findUser(person.id)) !== undefined) {
          throw new DomainError('conflict', 'user_id_taken', messages.userIdTaken);
        }
        id = person.id ?? `user_${randomUUID()}`;
        await directory.insertUser(newUserRow(id, siteId, person, now));
        changed = true;
      } else {
        id = user.id;
        // A user named by id who takes an e-mail another user of the site has (a removed one included: the e-mail
        // is kept with its history) would break one user per e-mail: the platform must say which user it means.
        const holder = byKey.get(key);
        if (holder !== undefined && holder.id !== user.id)
          throw new DomainError('conflict', 'email_taken', messages.emailTaken);
        const changes = {
          ...(user.name === person.name ? {} : { name: person.name }),
          ...(user.email === person.email ? {} : { email: person.email, email_key: key }),
          ...(user.role === person.role ? {} : { role: person.role }),
          ...(user.removed_at === null ? {} : { removed_at: null }),
        };
        if (Object.keys(changes).length > 0) {
          await directory.updateUser(id, changes);
          changed = true;
        }
      }
      named.add(id);
      if (person.role === OWNER_ROLE) ownerId = id;
    }
    // Whoever the body no longer names is removed: their sessions end with their next call.
    for (const user of users) {
      if (!named.has(user.id) && user.removed_at === null) {
        await directory.updateUser(user.id, { removed_at: now, sessions_from: sessionsEndNow() });
        changed = true;
      }
    }
    site = await directory.findSite(siteId);
    if (site!.owner_user_id !== ownerId) {
      // The old owner's sessions end for good: naming them owner again later does not bring those back.
      const oldOwnerId = site!.owner_user_id;
      if (oldOwnerId !== null && named.has(oldOwnerId))
        await directory.updateUser(oldOwnerId, { sessions_from: sessionsEndNow() });
      await directory.updateSite(siteId, { owner_user_id: ownerId });
      changed = true;
      site = await directory.findSite(siteId);
    }
    return { record: toRecord(site!, await directory.usersOf(siteId), currencies[0] ?? null), created, changed };
  }
}
