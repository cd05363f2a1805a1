/**
 * Billing answers made ahead of the owner (billing/answerPreparation.ts), over HTTP on a demo that prepares every
 * second: after the seed, after a write to a site and after a new catalogue, each owner's stored answer is at the
 * database's versions before the owner calls, and the call answers it, and again once a discount stops showing with
 * nothing written; the read model keeps no view for them; a site refused to its owner (a legacy plan) gets none, and
 * the queue empties all the same.
 */
import { sql } from 'kysely';
import type { BillingData } from '../../core/contract';
import { LAUNCH_COUPON_ID } from '../../core/rules/constants';
import { DEMO_PLATFORM_API_KEY } from '../config/serverConfig';
import type { CatalogPut } from '../platform/contract';
import { demoCatalogue } from '../seed/demoCatalogue';
import { scenarioCalls, setUpDemo } from '../testing/testKit';

const demo = setUpDemo({
  resetBeforeEach: true,
  env: { BILLING_ANSWERS_PREPARE_INTERVAL_SECONDS: '1', METRICS_PORT: '0' },
});

/** The site views the process's read model keeps now (its metric). */
async function viewsKept(): Promise<number> {
  const text = await (await fetch(`${demo.metricsUrl}/metrics`)).text();
  const kept = /^billing_read_model_sites_kept (\d+)$/m.exec(text);
  if (kept === null) throw new Error('no billing_read_model_sites_kept in the metrics');
  return Number(kept[1]);
}

const PREPARED_WITHIN_MS = 15_000;

interface Versions {
  site: number;
  catalogue: number;
}

/** The versions the database is at for a site now (a site never written to is at 0, as billingAnswers.ts reads it). */
async function versionsNow(siteId: string): Promise<Versions> {
  const [row] = await demo.query(sql<{ site: number | null; catalogue: number | null }>`
    select (select version from site_versions where site_id = ${siteId}) as site,
      (select max(version) from catalogue_documents) as catalogue`);
  return { site: Number(row?.site ?? 0), catalogue: Number(row?.catalogue ?? 0) };
}

/** The versions the owner's stored answer (without a forced upgrade) was made at; undefined when none is stored. */
async function preparedAt(siteId: string): Promise<Versions | undefined> {
  const [row] = await demo.query(sql<{ site_version: number; catalogue_version: number }>`
    select a.site_version, a.catalogue_version from billing_answers a join sites s on s.id = a.site_id
    where a.site_id = ${siteId} and a.user_id = s.owner_user_id and a.force_upgrade = 0`);
  return row === undefined ? undefined : { site: Number(row.site_version), catalogue: Number(row.catalogue_version) };
}

/** Waits until the owner's stored answer is at the database's versions, with no call made for it. */
async function expectPreparedNow(siteId: string): Promise<void> {
  const deadline = Date.now() + PREPARED_WITHIN_MS;
  for (;;) {
    const [prepared, now] = await Promise.all([preparedAt(siteId), versionsNow(siteId)]);
    if (prepared !== undefined && prepared.site === now.site && prepared.catalogue === now.catalogue) return;
    if (Date.now() > deadline)
      throw new Error(`no answer prepared for ${siteId} at ${JSON.stringify(now)}: ${JSON.stringify(prepared)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const ACTIVE_SITE = 'site_active';

it("makes each owner's answer after the seed, before the owner calls, and the call answers it", async () => {
  await expectPreparedNow(ACTIVE_SITE);
  await expectPreparedNow('site_trial');
  // Made ahead, the answers left the read model's views to the owners' own calls.
  expect(await viewsKept()).toBe(0);

  const answered = await scenarioCalls(demo).ok('get-billing-data', 'active');
  expect(answered.currentSite.id).toBe(ACTIVE_SITE);
  expect(await demo.count(sql`billing_answers where site_id = ${ACTIVE_SITE}`)).toBe(1);
  await scenarioCalls(demo).ok('get-current-site-limits', 'active');
  expect(await viewsKept()).toBe(1);
});

it('makes the answer again after a write to the site, and the call answers the write', async () => {
  await expectPreparedNow(ACTIVE_SITE);
  const before = await versionsNow(ACTIVE_SITE);
  await demo.query(sql`update sites set active_theme = 'prepared-theme' where id = ${ACTIVE_SITE}`);
  expect((await versionsNow(ACTIVE_SITE)).site).toBeGreaterThan(before.site);

  await expectPreparedNow(ACTIVE_SITE);
  const answered: BillingData = await scenarioCalls(demo).ok('get-billing-data', 'active');
  expect(answered.currentSite.active_theme).toBe('prepared-theme');
});

it('makes every answer again after a new catalogue', async () => {
  await expectPreparedNow(ACTIVE_SITE);
  const renamed: CatalogPut = {
    ...demoCatalogue,
    products: demoCatalogue.products.map((product) => ({ ...product, name: `${product.name} Prepared` })),
  };
  const put = await fetch(`${demo.panelUrl}/platform/v1/catalog`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${DEMO_PLATFORM_API_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify(renamed),
  });
  expect(put.status).toBe(200);

  for (const siteId of [ACTIVE_SITE, 'site_trial', 'site_grace']) await expectPreparedNow(siteId);
  const answered: BillingData = await scenarioCalls(demo).ok('get-billing-data', 'active');
  expect(answered.availableProducts.every((product) => product.name.endsWith(' Prepared'))).toBe(true);
});

it('makes the answer again when its discount stops showing, though nothing was written since', async () => {
  const { customerId } = await scenarioCalls(demo).ok('get-billing-data', 'active');
  const endsAt = Math.floor(Date.now() / 1000) + 2;
  await demo.query(sql`delete from discounts where customer_id = ${customerId}`);
  await demo.query(sql`insert into discounts (id, customer_id, subscription_id, coupon_id, start_at, end_at)
    values ('di_ending_ahead', ${customerId}, null, ${LAUNCH_COUPON_ID}, ${endsAt - 60}, ${endsAt})`);
  await expectPreparedNow(ACTIVE_SITE);
  const holdsUntil = async () =>
    (
      await demo.query(sql<{ holds_until: number | null }>`
        select a.holds_until from billing_answers a join sites s on s.id = a.site_id
        where a.site_id = ${ACTIVE_SITE} and a.user_id = s.owner_user_id and a.force_upgrade = 0`)
    )[0]?.holds_until;
  expect(Number(await holdsUntil())).toBe(endsAt);
  const versionsAtEnd = await versionsNow(ACTIVE_SITE);

  // No call and no write: the pass after the end finds the answer that stopped holding and makes it again.
  const deadline = Date.now() + PREPARED_WITHIN_MS;
  while (Number(await holdsUntil()) === endsAt) {
    if (Date.now() > deadline) throw new Error('the answer was not made again after its discount ended');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(await versionsNow(ACTIVE_SITE)).toEqual(versionsAtEnd);
  expect((await scenarioCalls(demo).ok('get-billing-data', 'active')).discount).toBeNull();
});

it('leaves a site refused to its owner without an answer, and empties the queue all the same', async () => {
  await expectPreparedNow(ACTIVE_SITE);
  const deadline = Date.now() + PREPARED_WITHIN_MS;
  while ((await demo.count(sql`billing_answers_due`)) > 0) {
    if (Date.now() > deadline) throw new Error('the queue of answers to prepare did not empty');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(await preparedAt('site_legacy')).toBeUndefined();
});
