/**
 * The plan change on its own, against a real (temporary SQLite) database with the demo data and a payments
 * provider that records what it is asked: what the HTTP tests (routes/planChangeRoutes.test.ts) cannot reach with the
 * demo's catalogue and clock: the proration date's bounds, the add-ons a plan takes, the current plan whatever
 * the add-ons' order, and a coupon of another offer.
 */
import { toUnixSeconds } from '../../core/rules/dates';
import type { Db } from '../db/database';
import { seedDemo } from '../demo/seed';
import { DomainError, type RefusalKind } from '../domainErrors';
import type { PlanChangeRequest } from '../payments/providerPlanChange';
import type { PaymentsProvider } from '../payments/provider';
import { BUSINESS_YEAR, PUBLISHER_YEAR, STARTER_YEAR } from '../testing/testPrices';
import { requireSubscription } from './accountState';
import { noKeyToAnswer } from './idempotency';
import { Leases } from './leases';
import { PlanChanges } from './planChange';
import { planChangeMessages } from './planChangeMessages';
import type { Repositories, Subscribed } from './repositories';
import { openTemporaryDatabase, type TemporaryDatabase } from '../testing/temporaryDatabase';

const NOW_MS = Date.UTC(2026, 10, 18, 12);
const NOW = toUnixSeconds(NOW_MS);
const SUBDIRECTORY_YEAR = 'price_subdirectory_year';
const SUBDIRECTORY_MONTH = 'price_subdirectory_month';
const AUTOBILLING_YEAR = 'price_autobilling_year';
/** What the recording provider answers a change with: the test only looks at what it was asked. */
const REACHED_PROVIDER = 'the provider was asked';

let temporary: TemporaryDatabase;
let db: Db;
let repositories: Repositories;
let asked: PlanChangeRequest[];
let planChanges: PlanChanges;

beforeAll(async () => {
  temporary = await openTemporaryDatabase('plan-change');
  ({ db, repositories } = temporary);
});

afterAll(() => temporary?.close());

beforeEach(async () => {
  await seedDemo(db, { now: NOW_MS });
  asked = [];
  const payments = {
    defaultPaymentMethod: async () => 'pm_card',
    changePlan: async (request: PlanChangeRequest) => {
      asked.push(request);
      throw new Error(REACHED_PROVIDER);
    },
    applyCoupon: async () => undefined,
  } as unknown as PaymentsProvider;
  planChanges = new PlanChanges({
    repositories,
    payments,
    leases: new Leases(repositories.leases, () => NOW_MS),
    now: () => NOW_MS,
  });
});

async function activeAccount(): Promise<Subscribed> {
  return requireSubscription((await repositories.accounts.load('site_active', 'user_active'))!);
}

/** The change's refusal, or the request the provider got. */
async function changeTo(choice: {
  planId: string;
  addonIds?: string[];
  prorationDate?: number;
}): Promise<DomainError | PlanChangeRequest> {
  try {
    await planChanges.change(await activeAccount(), 'cus_active', { addonIds: [], ...choice }, noKeyToAnswer);
  } catch (error) {
    if (error instanceof DomainError) return error;
    if ((error as Error).message === REACHED_PROVIDER) return asked.at(-1)!;
    throw error;
  }
  throw new Error('the change answered without asking the provider');
}

const refusal = (kind: RefusalKind, message: string) => expect.objectContaining({ kind, message });

describe('the proration date of a change', () => {
  it("is the preview's up to an hour old, now without one, and now for a date within the clock skew ahead", async () => {
    expect(await changeTo({ planId: BUSINESS_YEAR, prorationDate: NOW - 3600 })).toMatchObject({
      prorationDate: NOW - 3600,
    });
    expect(await changeTo({ planId: BUSINESS_YEAR })).toMatchObject({ prorationDate: NOW });
    expect(await changeTo({ planId: BUSINESS_YEAR, prorationDate: NOW + 60 })).toMatchObject({ prorationDate: NOW });
  });

  it('refuses a preview older than an hour, and one dated beyond the clock skew ahead (400)', async () => {
    expect(await changeTo({ planId: BUSINESS_YEAR, prorationDate: NOW - 3601 })).toEqual(
      refusal('invalid', planChangeMessages.expiredPreview),
    );
    expect(await changeTo({ planId: BUSINESS_YEAR, prorationDate: NOW + 61 })).toEqual(
      refusal('invalid', planChangeMessages.futurePreview),
    );
  });
});

describe('the add-ons a plan takes', () => {
  it("takes the base product's add-ons of its period, each once, after the base price", async () => {
    expect(
      await changeTo({ planId: BUSINESS_YEAR, addonIds: [SUBDIRECTORY_YEAR, AUTOBILLING_YEAR, SUBDIRECTORY_YEAR] }),
    ).toMatchObject({
      items: [
        { priceId: BUSINESS_YEAR, quantity: 1 },
        { priceId: SUBDIRECTORY_YEAR, quantity: 1 },
        { priceId: AUTOBILLING_YEAR, quantity: 1 },
      ],
    });
  });

  it('refuses an add-on the product does not offer, an add-on as the plan, and an add-on of another period (400)', async () => {
    expect(await changeTo({ planId: STARTER_YEAR, addonIds: [SUBDIRECTORY_YEAR] })).toEqual(
      refusal('invalid', planChangeMessages.addonNotForSale),
    );
    expect(await changeTo({ planId: BUSINESS_YEAR, addonIds: [SUBDIRECTORY_MONTH] })).toEqual(
      refusal('invalid', planChangeMessages.periodMismatch),
    );
    expect(await changeTo({ planId: SUBDIRECTORY_YEAR })).toEqual(
      refusal('invalid', planChangeMessages.planNotForSale),
    );
  });

  it('knows the current plan whatever the order of its add-ons (400)', async () => {
    const addons = [
      { price: AUTOBILLING_YEAR, cost: 0 },
      { price: SUBDIRECTORY_YEAR, cost: 50_000 },
    ];
    await db
      .updateTable('subscriptions')
      .set({ addons_json: JSON.stringify(addons) })
      .where('id', '=', 'sub_active')
      .execute();
    expect(await changeTo({ planId: PUBLISHER_YEAR, addonIds: [SUBDIRECTORY_YEAR, AUTOBILLING_YEAR] })).toEqual(
      refusal('invalid', planChangeMessages.currentPlan),
    );
    expect(await changeTo({ planId: PUBLISHER_YEAR, addonIds: [SUBDIRECTORY_YEAR] })).toMatchObject({
      subscriptionId: expect.any(String),
    });
  });
});

describe('the coupon swap', () => {
  it('refuses a coupon of another offer (403) and keeps the discount', async () => {
    await db
      .insertInto('coupons')
      .values({
        id: 'SPRING',
        name: 'Spring offer',
        percent_off: 20,
        amount_off: null,
        currency: 'usd',
        duration: 'once',
        duration_in_months: null,
        valid: 1,
        max_redemptions: null,
        redeem_by: null,
        metadata_json: '{}',
      })
      .execute();
    const { subscription } = await activeAccount();
    await expect(planChanges.swapCoupon('cus_active', subscription, 'SPRING')).rejects.toEqual(
      refusal('forbidden', planChangeMessages.notSwappable),
    );
    expect((await repositories.planChanges.currentDiscount('cus_active'))?.coupon_id).toBe('LAUNCH');
  });

  it('answers the discount live now, its end kept from its start', async () => {
    const { subscription } = await activeAccount();
    const before = await repositories.invoices.discount('cus_active');
    expect(await planChanges.swapCoupon('cus_active', subscription, 'LAUNCH_ANNUAL')).toMatchObject({
      coupon: { id: 'LAUNCH_ANNUAL' },
      start: before?.start,
      end: before?.end,
    });
  });
});
