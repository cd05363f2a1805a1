/**
 * Background cancellation on its own, against a real (temporary SQLite) database with the demo data: it waits
 * the delay, cancels at the provider with an idempotency key, retries a provider failure, gives up after a few
 * attempts, survives a restart, and leaves a reset database alone.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';
import { seedDemo } from '../demo/seed';
import type { PaymentsProvider } from '../payments/provider';
import { BackgroundCancellations, MAX_CANCEL_ATTEMPTS } from './cancellations';
import { createRepositories, type Repositories } from './repositories';
import { openTemporaryDatabase, type TemporaryDatabase } from '../testing/temporaryDatabase';

const DELAY_MS = 40;
const CANCELED_AT = 1_800_000_000;

let temporary: TemporaryDatabase;
let db: Db;
let repositories: Repositories;

const log = { info: jest.fn(), error: jest.fn(), warn: jest.fn() } as unknown as FastifyBaseLogger;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function provider(cancel: PaymentsProvider['cancelSubscription']): PaymentsProvider {
  return { cancelSubscription: jest.fn(cancel) } as unknown as PaymentsProvider;
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 3000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await sleep(10);
  }
}

const statusOf = async (id: string) => (await repositories.subscriptions.find(id))?.status;

beforeAll(async () => {
  temporary = await openTemporaryDatabase('cancellations');
  ({ db, repositories } = temporary);
});

afterAll(() => temporary?.close());

beforeEach(async () => {
  await seedDemo(db, { now: Date.now() });
});

it('cancels at the provider after the delay, once, with an idempotency key', async () => {
  const payments = provider(async () => ({ canceledAt: CANCELED_AT }));
  const worker = new BackgroundCancellations(repositories, payments, { delayMs: DELAY_MS, now: Date.now, log });
  await worker.request('sub_active');
  await worker.request('sub_active');
  expect(await statusOf('sub_active')).toBe('active');
  await waitFor(async () => (await statusOf('sub_active')) === 'canceled');
  expect(payments.cancelSubscription).toHaveBeenCalledTimes(1);
  expect(payments.cancelSubscription).toHaveBeenCalledWith('cus_active', 'sbx_sub_active', {
    idempotencyKey: expect.stringMatching(/^cancel-sub_active-\d+$/),
  });
  expect((await repositories.subscriptions.find('sub_active'))?.cancelled_at).toBe(CANCELED_AT);
  expect((await repositories.cancellationRequests.find('sub_active'))?.completed_at).toBe(CANCELED_AT);
  worker.close();
});

it('is carried out by one of two processes on the database, once, while the provider is slow', async () => {
  const payments = provider(async () => {
    await sleep(100);
    return { canceledAt: CANCELED_AT };
  });
  // Two workers are two server processes: each schedules the request it sees (one asked, one resumed at start).
  const asking = new BackgroundCancellations(repositories, payments, { delayMs: DELAY_MS, now: Date.now, log });
  const other = new BackgroundCancellations(createRepositories(db), payments, {
    delayMs: DELAY_MS,
    now: Date.now,
    log,
  });
  await asking.request('sub_active');
  await other.resume();
  await waitFor(async () => (await statusOf('sub_active')) === 'canceled');
  await sleep(DELAY_MS + 150);
  expect(payments.cancelSubscription).toHaveBeenCalledTimes(1);
  asking.close();
  other.close();
});

it('retries a provider failure, then succeeds', async () => {
  let calls = 0;
  const payments = provider(async () => {
    calls += 1;
    if (calls === 1) throw new Error('provider down');
    return { canceledAt: CANCELED_AT };
  });
  const worker = new BackgroundCancellations(repositories, payments, {
    delayMs: 0,
    now: Date.now,
    log,
    retryBaseMs: 20,
  });
  await worker.request('sub_active');
  await waitFor(async () => (await statusOf('sub_active')) === 'canceled');
  expect(calls).toBe(2);
  expect((await repositories.cancellationRequests.find('sub_active'))?.last_error).toBeNull();
  worker.close();
});

it('gives up after a few attempts, keeping the last error', async () => {
  const payments = provider(async () => {
    throw new Error('provider down');
  });
  const worker = new BackgroundCancellations(repositories, payments, {
    delayMs: 0,
    now: Date.now,
    log,
    retryBaseMs: 5,
  });
  await worker.request('sub_active');
  await waitFor(
    async () => (await repositories.cancellationRequests.find('sub_active'))?.attempts === MAX_CANCEL_ATTEMPTS,
  );
  await sleep(100);
  expect(payments.cancelSubscription).toHaveBeenCalledTimes(MAX_CANCEL_ATTEMPTS);
  expect(await repositories.cancellationRequests.find('sub_active')).toMatchObject({
    completed_at: null,
    last_error: 'provider down',
  });
  expect(await statusOf('sub_active')).toBe('active');
  worker.close();
});

it('picks up a request left by a server that stopped before it was due', async () => {
  const payments = provider(async () => ({ canceledAt: CANCELED_AT }));
  const stopped = new BackgroundCancellations(repositories, payments, { delayMs: 10_000, now: Date.now, log });
  await stopped.request('sub_active');
  stopped.close();
  // The next start: the request is due at once (its time has come while the server was down).
  const later = () => Date.now() + 20_000;
  const restarted = new BackgroundCancellations(repositories, payments, { delayMs: 10_000, now: later, log });
  await restarted.resume();
  await waitFor(async () => (await statusOf('sub_active')) === 'canceled');
  expect(payments.cancelSubscription).toHaveBeenCalledTimes(1);
  restarted.close();
});

it('does nothing when the demo was reset before the request was due', async () => {
  const payments = provider(async () => ({ canceledAt: CANCELED_AT }));
  // Due well after the reset: a reseed of every table can outlast a few tens of milliseconds on a busy machine.
  const delayMs = 1_000;
  const worker = new BackgroundCancellations(repositories, payments, { delayMs, now: Date.now, log });
  const requestedAt = Date.now();
  await worker.request('sub_active');
  await seedDemo(db, { now: Date.now() });
  expect(Date.now() - requestedAt).toBeLessThan(delayMs);
  await sleep(delayMs * 1.5);
  expect(payments.cancelSubscription).not.toHaveBeenCalled();
  expect(await statusOf('sub_active')).toBe('active');
  worker.close();
});

it('closing waits for a cancellation under way: the provider cancels and the database records it (docs/deploy.md "Shutdown")', async () => {
  let providerCalled!: () => void;
  const called = new Promise<void>((resolve) => (providerCalled = resolve));
  const payments = provider(async () => {
    providerCalled();
    await sleep(300);
    return { canceledAt: CANCELED_AT };
  });
  const worker = new BackgroundCancellations(repositories, payments, { delayMs: DELAY_MS, now: Date.now, log });
  await worker.request('sub_active');
  await called;
  await worker.close();
  // Recorded before close() returned, so before the server would close the database.
  expect((await repositories.cancellationRequests.find('sub_active'))?.completed_at).toBe(CANCELED_AT);
  expect(await statusOf('sub_active')).toBe('canceled');
});
