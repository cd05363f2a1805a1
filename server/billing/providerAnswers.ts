/**
 * The card provider's previews (get-invoice-preview, get-next-charge), kept a short while per site and inputs: the
 * panel asks again for what it has just been shown (a screen opened twice, a plan chosen again, a second tab), and
 * each preview costs the platform up to four of the provider's requests. A kept answer belongs to one version of the
 * site's data (billing/repositories/siteReadModel.ts): any write to the site's rows, from any process or a webhook,
 * starts afresh. Only the provider's own state, which our rows follow through its webhooks, may be that much older.
 *
 * Per process: with N processes a preview is asked for at most N times per lifetime, which the rate limits bound.
 */
import type { SiteView } from './repositories/siteReadModel';

/**
 * Short beside the hour a preview's proration date stays valid for the change (billing/planChange.ts): the change
 * bills at the date the kept preview shows, so what was shown is what is billed.
 */
export const PROVIDER_ANSWER_LIFETIME_MS = 30_000;
/** Far more than the sites whose owners preview within one lifetime; the oldest kept is dropped first. */
export const PROVIDER_ANSWERS_KEPT = 5000;

/** Whose answer it is: the session's site and owner, and the version of the site's data it was read at. */
export interface AnswerOwner {
  site: { id: string };
  user: { id: string };
  view: Pick<SiteView, 'siteVersion' | 'catalogueVersion'>;
}

interface KeptAnswer {
  expiresAtMs: number;
  answer: Promise<unknown>;
}

export class ProviderAnswers {
  /** a Map iterates in insertion order: the first key is the oldest kept */
  private readonly kept = new Map<string, KeptAnswer>();

  constructor(
    private readonly now: () => number,
    private readonly lifetimeMs = PROVIDER_ANSWER_LIFETIME_MS,
    private readonly capacity = PROVIDER_ANSWERS_KEPT,
  ) {}

  /**
   * `compute`'s answer for the call and its inputs (only those the answer depends on) at the owner's version of
   * the site: the one kept if it is younger than the lifetime, else computed now. Requests that ask at once
   * share one computation; a failure is not kept.
   */
  answer<T>(owner: AnswerOwner, call: string, inputs: unknown, compute: () => Promise<T>): Promise<T> {
    const key = [
      owner.site.id,
      owner.user.id,
      owner.view.siteVersion,
      owner.view.catalogueVersion,
      call,
      JSON.stringify(inputs),
    ].join('\n');
    const nowMs = this.now();
    const kept = this.kept.get(key);
    if (kept !== undefined && kept.expiresAtMs > nowMs) return kept.answer as Promise<T>;
    this.kept.delete(key);
    const computing = compute();
    const entry = { expiresAtMs: nowMs + this.lifetimeMs, answer: computing };
    computing.catch(() => {
      if (this.kept.get(key) === entry) this.kept.delete(key);
    });
    this.kept.set(key, entry);
    if (this.kept.size > this.capacity) this.kept.delete(this.kept.keys().next().value as string);
    return computing;
  }
}
