/**
 * The read model of the account calls: each process keeps what it read about a user's site (the account's rows
 * and what the calls derive from them) and reuses it while the site's version is unchanged. Database triggers
 * change that version in the same transaction as any write to those rows, whichever process or statement makes it
 * (migration 0007), so one primary-key read per request says whether the copy is still the database's.
 *
 * Only what the rows determine is kept (per value of a request option it depends on, under its own name): what
 * depends on the clock is computed from the kept values on every call. The copies also depend on the catalogue
 * (products, prices, coupons), which this process caches by its own rule (catalogue.ts): a catalogue reload
 * starts new copies too.
 */
import type { Db } from '../../db/database';
import type { CatalogueRepository } from './catalogueRepository';

/**
 * Users' views kept per process, least recently used dropped first: a few thousand sites' billing data is tens of
 * MB at most (the catalogue they share is kept once), and the hot ones are the sites whose owners have the panel
 * open right now.
 */
export const SITE_VIEWS_KEPT = 2000;

/** What the read model served since the process started: a view found at the site's version, or made anew. */
export interface ReadModelStats {
  /** views kept now, and at most */
  kept: number;
  capacity: number;
  /** calls that found the view kept at the site's and the catalogue's version */
  hits: number;
  /** calls that started a new view: none kept, a kept one of an older version, or nothing kept at all */
  misses: number;
}

/** What one user's account calls read about their site at one version of it: each value computed once. */
export class SiteView {
  private readonly values = new Map<string, Promise<unknown>>();

  constructor(
    readonly siteVersion: number,
    readonly catalogueVersion: number,
  ) {}

  /**
   * The value named `name`, computed by `compute` the first time it is asked for at this version. The kept value
   * is shared by every request: readers never modify it.
   */
  memo<T>(name: string, compute: () => Promise<T>): Promise<T> {
    let value = this.values.get(name) as Promise<T> | undefined;
    if (value === undefined) {
      const computing = compute();
      // A failed read is not kept: the next request reads again.
      computing.catch(() => {
        if (this.values.get(name) === computing) this.values.delete(name);
      });
      this.values.set(name, computing);
      value = computing;
    }
    return value;
  }
}

/** How a view is read: the site's version if the request read it already, and whether the view is kept for later reads. */
export interface ViewRead {
  siteVersion?: number;
  /** false for a read not made for an owner's request (answers prepared ahead): its view is not kept */
  keep?: boolean;
}

export class SiteReadModel {
  /** by site and user; a Map iterates in insertion order, and a use re-inserts, so the first key is the least recently used */
  private readonly views = new Map<string, SiteView>();
  private hits = 0;
  private misses = 0;

  constructor(
    private readonly db: Db,
    private readonly catalogue: CatalogueRepository,
    private readonly capacity = SITE_VIEWS_KEPT,
  ) {}

  /**
   * `userId`'s view of `siteId` as the database has it now. Reads the site's version on every call, unless the
   * request read it already (`knownSiteVersion`, read before any row the view is then made of, so the rows are that
   * version's or newer, as here): a read that fails throws, so nothing possibly stale is served.
   */
  async current(
    siteId: string,
    userId: string,
    { siteVersion: knownSiteVersion, keep = true }: ViewRead = {},
  ): Promise<SiteView> {
    await this.catalogue.refresh();
    const catalogueVersion = this.catalogue.version();
    const siteVersion = knownSiteVersion ?? (await this.siteVersion(siteId));
    // A handle without write counts cannot tell when the catalogue changes: nothing is kept then.
    if (catalogueVersion === undefined) {
      this.misses += 1;
      return new SiteView(siteVersion, 0);
    }

    const key = `${siteId}\n${userId}`;
    const kept = this.views.get(key);
    const fresh = kept !== undefined && kept.siteVersion === siteVersion && kept.catalogueVersion === catalogueVersion;
    const view = fresh ? kept : new SiteView(siteVersion, catalogueVersion);
    // A read not made for an owner (an answer prepared ahead) neither keeps its view nor moves the kept ones, nor
    // counts as a hit or a miss: a pass over every site leaves the sites in use where they are, and the hit rate
    // (the metric that says when to raise READ_MODEL_SITES_KEPT) the owners' calls alone.
    if (!keep) return view;
    if (fresh) this.hits += 1;
    else this.misses += 1;
    this.views.delete(key);
    this.views.set(key, view);
    if (this.views.size > this.capacity) this.views.delete(this.views.keys().next().value as string);
    return view;
  }

  private async siteVersion(siteId: string): Promise<number> {
    const row = await this.db
      .selectFrom('site_versions')
      .select('version')
      .where('site_id', '=', siteId)
      .executeTakeFirst();
    // A site nothing has been written to since 0007 has no row yet; its first write creates it at 1.
    return row?.version ?? 0;
  }

  /** Counts since the process started (the bench reads them from the line the server logs at close). */
  stats(): ReadModelStats {
    return { kept: this.views.size, capacity: this.capacity, hits: this.hits, misses: this.misses };
  }
}
