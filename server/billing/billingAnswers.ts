/**
 * get-billing-data for any number of sites (issue 49): each owner's answer is stored in the database as last made
 * (repositories/billingAnswers.ts), so a process that has not seen the site serves it with one statement, and no
 * process keeps answers per site in memory.
 *
 * A stored answer is served only while everything it was made from still holds, each read in that same statement
 * or from the session: the site's version (moved by any write to the rows it is read from, whatever process makes
 * it: migration 0007), the catalogue document's version (moved by every catalogue written: 0018), the discount's
 * state (the instants between which it shows, or not, as stored) and the session's issue against the latest end
 * of the site's and the user's sessions. It was made after the owner check passed for this user on this site, and
 * is keyed by both: a user who is not (or no longer) the owner never gets it, as ownership, removals and
 * legacy plans are in the rows and the catalogue whose versions it names. Anything else and the answer is made again
 * from the rows, through the owner check, and stored in place of the old one.
 *
 * The answer's catalogue part (its offered products, 92 % of it) is the same for every site on one offer: it leads
 * the JSON and is compressed once per catalogue version and offer in each process (a few dozen at most); only the
 * owner's own part is compressed per answer and stored (compression/gzipPieces.ts).
 */
import type { BillingData } from '../../core/contract';
import { toUnixSeconds } from '../../core/rules/dates';
import { closingPiece, gzipOf, leadingPiece, type LeadingPiece } from '../compression/gzipPieces';
import type { AccountReads, Offer } from './accountReads';
import { ownerAccount, type OwnerAccountDeps, type SessionOf } from './accountAccess';
import type { BillingAnswerLookup, StoredBillingAnswer } from './repositories';

/**
 * Leading pieces kept per process: one per catalogue version and offer in use (product groups x current products x
 * currencies, a few dozen for a real catalogue), the oldest dropped first. About 5 KB each.
 */
const LEADS_KEPT = 256;

/** The member that leads every answer: its JSON text is the leading piece's, with the opening brace and the comma after. */
const LEADING_MEMBER = 'availableProducts';

export interface BillingAnswersDeps extends OwnerAccountDeps {
  /** milliseconds, as Date.now() */
  now: () => number;
}

export class BillingAnswers {
  /** by catalogue version and offer; a Map iterates in insertion order, so the first key is the oldest */
  private readonly leads = new Map<string, LeadingPiece>();

  constructor(
    private readonly deps: BillingAnswersDeps,
    private readonly reads: AccountReads,
  ) {}

  /**
   * `session`'s owner's get-billing-data (forceUpgrade as asked), gzipped: the stored answer while it holds, else made
   * anew. `ahead`: made ahead of the owner's call (answerPreparation.ts), so the read model keeps nothing of it.
   */
  async gzipped(session: SessionOf, forceUpgrade: boolean, { ahead = false } = {}): Promise<Buffer> {
    const { billingAnswers, catalogue } = this.deps.repositories;
    const lookup = await billingAnswers.lookup(session.siteId, session.userId, forceUpgrade);
    const { stored } = lookup;
    if (stored !== undefined && this.stillHolds(stored, lookup, session)) {
      const lead = await this.leadOf(stored.catalogue_version, stored.offer_json);
      if (lead !== undefined)
        return gzipOf(lead, { deflated: stored.own_deflated, crc: stored.crc, length: stored.length });
    }

    // Made anew, after the owner check, from rows read after the versions above: stored under those versions, the
    // answer is the rows' as of then or newer, so a write after them is never hidden (the next call sees it moved).
    const account = await ownerAccount(this.deps, session, { siteVersion: lookup.siteVersion, keep: !ahead });
    const catalogueCurrent = await catalogue.isAtDocumentVersion(lookup.catalogueVersion);
    const { data, offer, holds } = await this.reads.billingData(account, forceUpgrade);
    const { availableProducts, ...own } = data;
    const offerJson = JSON.stringify(offer);
    // A catalogue written since the lookup and already read here: the answer is right, but of no version to store.
    const lead = catalogueCurrent
      ? await this.leadOf(lookup.catalogueVersion, offerJson, () => availableProducts)
      : leadingPieceOf(availableProducts);
    if (lead === undefined) throw new Error('the catalogue of the lookup could not be read');
    const closing = closingPiece(lead, ownText(own));
    if (catalogueCurrent) {
      const sessionsFrom = [account.site.sessions_from, account.user.sessions_from].filter((from) => from != null);
      await billingAnswers.store({
        site_id: session.siteId,
        user_id: session.userId,
        force_upgrade: forceUpgrade ? 1 : 0,
        site_version: lookup.siteVersion,
        catalogue_version: lookup.catalogueVersion,
        offer_json: offerJson,
        holds_from: holds.from,
        holds_until: holds.until,
        sessions_from: sessionsFrom.length === 0 ? null : Math.max(...sessionsFrom),
        own_deflated: closing.deflated,
        crc: closing.crc,
        length: closing.length,
      });
    }
    return gzipOf(lead, closing);
  }

  private stillHolds(stored: StoredBillingAnswer, lookup: BillingAnswerLookup, session: SessionOf): boolean {
    const nowSeconds = toUnixSeconds(this.deps.now());
    return (
      stored.site_version === lookup.siteVersion &&
      stored.catalogue_version === lookup.catalogueVersion &&
      (stored.holds_from === null || nowSeconds >= stored.holds_from) &&
      (stored.holds_until === null || nowSeconds < stored.holds_until) &&
      (stored.sessions_from === null || session.issuedAtMs >= stored.sessions_from)
    );
  }

  /**
   * The leading piece of the offer `offerJson` at catalogue version `catalogueVersion` (which must be the database's
   * now): kept, else made from `products` or, without them, from the catalogue at that version; undefined when the
   * process cannot read that version.
   */
  private async leadOf(
    catalogueVersion: number,
    offerJson: string,
    products?: () => BillingData['availableProducts'],
  ): Promise<LeadingPiece | undefined> {
    const key = `${catalogueVersion}\n${offerJson}`;
    let lead = this.leads.get(key);
    if (lead !== undefined) return lead;
    const { catalogue } = this.deps.repositories;
    let offered = products?.();
    if (offered === undefined) {
      if (!(await catalogue.isAtDocumentVersion(catalogueVersion))) return undefined;
      offered = await catalogue.offered(...(JSON.parse(offerJson) as Offer));
    }
    lead = leadingPieceOf(offered);
    this.leads.set(key, lead);
    if (this.leads.size > LEADS_KEPT) this.leads.delete(this.leads.keys().next().value as string);
    return lead;
  }
}

function leadingPieceOf(products: BillingData['availableProducts']): LeadingPiece {
  return leadingPiece(`{${JSON.stringify(LEADING_MEMBER)}:${JSON.stringify(products)},`);
}

/** The rest of the answer's members after the leading one, and its closing brace: never empty (BillingData has many). */
function ownText(own: Omit<BillingData, 'availableProducts'>): string {
  return JSON.stringify(own).slice(1);
}
