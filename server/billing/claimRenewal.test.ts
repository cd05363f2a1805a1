/**
 * Claims and leases held by slow work (claimRenewal.ts), against a real temporary database: a plan change's lease,
 * an idempotency key's claim and a background cancellation's claim stay their holder's however long the provider
 * keeps it waiting (five times their expiry here), so no other request or process runs the same work meanwhile,
 * and they go when the work ends. Jest's fake timers drive both the renewals and the clock (Date.now).
 */
import type { FastifyBaseLogger } from 'fastify';
import { seedDemo } from '../demo/seed';
import type { PaymentsProvider } from '../payments/provider';
import { openTemporaryDatabase, type TemporaryDatabase } from '../testing/temporaryDatabase';
import { BackgroundCancellations } from './cancellations';
import { CLAIM_LEASE_MS } from './claimRenewal';
import { IdempotentWrites } from './idempotency';
import { Leases } from './leases';
import { createRepositories, type Repositories } from './repositories';

const START = Date.UTC(2026, 10, 18, 12);
/** How long the provider keeps the work waiting: five times the expiry of every claim. */
const SLOW_PROVIDER_MS = 5 * CLAIM_LEASE_MS;
const STEP_MS = 1000;
const CANCELED_AT = 1_800_000_000;

let temporary: TemporaryDatabase;
let repositories: Repositories;
const log = { info: jest.fn(), error: jest.fn(), warn: jest.fn() } as unknown as FastifyBaseLogger;

beforeAll(async () => {
  temporary = await openTemporaryDatabase('claim-renewal');
  ({ repositories } = temporary);
});

afterAll(() => temporary?.close());

beforeEach(async () => {
  await seedDemo(temporary.db, { now: START });
  // Promises and the database's own callbacks stay real: only timers and the clock are the test's.
  jest.useFakeTimers({ now: START, doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
});

afterEach(() => jest.useRealTimers());

/** Lets `ms` of fake time pass in small steps, each step's timers and what they start run before the next. */
async function passTime(ms: number): Promise<void> {
  for (let passed = 0; passed < ms; passed += STEP_MS) await jest.advanceTimersByTimeAsync(STEP_MS);
}

/** A provider call that answers when the test says. */
function slowProviderCall<T>(): { answer: Promise<T>; reply(value: T): void } {
  let reply!: (value: T) => void;
  const answer = new Promise<T>((resolve) => (reply = resolve));
  return { answer, reply };
}

it("keeps a plan change's lease while the provider is slow, and lets it go when the change ends", async () => {
  const leases = new Leases(repositories.leases, () => Date.now());
  const provider = slowProviderCall<string>();
  const lease = 'plan-change:sub_active';
  const change = leases.exclusive(lease, () => provider.answer);
  await passTime(SLOW_PROVIDER_MS);
  expect(await repositories.leases.acquire(lease, 'another change', Date.now(), Date.now() + CLAIM_LEASE_MS)).toBe(
    false,
  );

  provider.reply('changed');
  expect(await change).toBe('changed');
  expect(await repositories.leases.acquire(lease, 'another change', Date.now(), Date.now() + CLAIM_LEASE_MS)).toBe(
    true,
  );
});

it("keeps an idempotency key's claim from lapsing while the provider is slow, then keeps the answer", async () => {
  const writes = new IdempotentWrites(repositories.idempotencyKeys, () => Date.now());
  const provider = slowProviderCall<{ charged: number }>();
  const write = writes.run(
    'site_active',
    'checkout-confirm-1',
    'change-subscription',
    { planId: 'business' },
    () => provider.answer,
  );
  await passTime(SLOW_PROVIDER_MS);
  // A retry with the key takes a claim over only once it has lapsed (claimed_until_ms before now).
  const claim = await repositories.idempotencyKeys.find('site_active', 'checkout-confirm-1');
  expect(claim).toMatchObject({ response_json: null, claimed_until_ms: expect.any(Number) });
  expect(claim!.claimed_until_ms!).toBeGreaterThan(Date.now());

  provider.reply({ charged: 1 });
  expect(await write).toEqual({ charged: 1 });
  expect(await repositories.idempotencyKeys.find('site_active', 'checkout-confirm-1')).toMatchObject({
    response_json: JSON.stringify({ charged: 1 }),
    claimed_until_ms: null,
  });
});

it("keeps a background cancellation's claim while the provider is slow: another process does not cancel it again", async () => {
  const provider = slowProviderCall<{ canceledAt: number }>();
  const payments = { cancelSubscription: jest.fn(() => provider.answer) } as unknown as PaymentsProvider;
  const options = { delayMs: 0, now: () => Date.now(), log };
  const carrying = new BackgroundCancellations(repositories, payments, options);
  // Another server process on the database: at its start it picks up the request still to carry out.
  const other = new BackgroundCancellations(createRepositories(temporary.db), payments, options);
  await carrying.request('sub_active');
  await passTime(STEP_MS);
  expect(payments.cancelSubscription).toHaveBeenCalledTimes(1);
  await other.resume();
  await passTime(SLOW_PROVIDER_MS);
  expect(payments.cancelSubscription).toHaveBeenCalledTimes(1);

  provider.reply({ canceledAt: CANCELED_AT });
  await passTime(STEP_MS);
  expect(await repositories.subscriptions.find('sub_active')).toMatchObject({
    status: 'canceled',
    cancelled_at: CANCELED_AT,
  });
  expect(await repositories.cancellationRequests.find('sub_active')).toMatchObject({
    completed_at: CANCELED_AT,
    claimed_until_ms: null,
  });
  await passTime(SLOW_PROVIDER_MS);
  expect(payments.cancelSubscription).toHaveBeenCalledTimes(1);
  carrying.close();
  other.close();
});
