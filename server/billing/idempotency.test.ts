/**
 * A keyed write's answer kept in the transaction of its outcome (idempotency.ts KeepAnswer), against a real
 * temporary database: the two commit together, and a claim lost meanwhile (taken over by a retry after it lapsed)
 * refuses the answer and rolls the outcome back, so only the retry that holds the key records it. The crash between
 * the two is server/billing/crash.test.ts's, with the real process.
 */
import { seedDemo } from '../demo/seed';
import { openTemporaryDatabase, type TemporaryDatabase } from '../testing/temporaryDatabase';
import type { DomainError } from '../domainErrors';
import { IdempotentWrites, type KeepAnswer } from './idempotency';

const SITE = 'site_active';
const KEY = 'checkout-confirm-1';
/** An outcome's row: a lease row stands in for what a plan change records. */
const OUTCOME = 'outcome-of-the-change';

let temporary: TemporaryDatabase;

beforeAll(async () => {
  temporary = await openTemporaryDatabase('idempotency');
  await seedDemo(temporary.db, { now: Date.now() });
});

afterAll(() => temporary?.close());

beforeEach(async () => {
  await temporary.db.deleteFrom('idempotency_keys').execute();
  await temporary.db.deleteFrom('leases').execute();
});

const outcomeRecorded = async () =>
  (await temporary.db.selectFrom('leases').select('name').where('name', '=', OUTCOME).executeTakeFirst()) !== undefined;

it('keeps the answer in the transaction that records the outcome, and answers it again without the work', async () => {
  const writes = new IdempotentWrites(temporary.repositories.idempotencyKeys, Date.now);
  const work = jest.fn(async (keep: KeepAnswer) => {
    const answer = { charged: 1 };
    await temporary.db.transaction().execute(async (trx) => {
      await trx.insertInto('leases').values({ name: OUTCOME, holder: 'the change', until_ms: 0 }).execute();
      await keep(trx, answer);
    });
    return answer;
  });
  expect(await writes.run(SITE, KEY, 'change-subscription', { planId: 'business' }, work)).toEqual({ charged: 1 });
  expect(await outcomeRecorded()).toBe(true);
  expect(await temporary.repositories.idempotencyKeys.find(SITE, KEY)).toMatchObject({
    response_json: JSON.stringify({ charged: 1 }),
    claim_id: null,
  });
  expect(await writes.run(SITE, KEY, 'change-subscription', { planId: 'business' }, work)).toEqual({ charged: 1 });
  expect(work).toHaveBeenCalledTimes(1);
});

it('refuses the answer of a claim taken over meanwhile (409), and its outcome is rolled back', async () => {
  const writes = new IdempotentWrites(temporary.repositories.idempotencyKeys, Date.now);
  const write = writes.run(SITE, KEY, 'change-subscription', { planId: 'business' }, async (keep) => {
    // Its claim lapsed while the provider was slow, and a retry with the key took it over.
    await temporary.db.updateTable('idempotency_keys').set({ claim_id: 'the retry' }).execute();
    await temporary.db.transaction().execute(async (trx) => {
      await trx.insertInto('leases').values({ name: OUTCOME, holder: 'the change', until_ms: 0 }).execute();
      await keep(trx, { charged: 1 });
    });
    return { charged: 1 };
  });
  await expect(write).rejects.toEqual(
    expect.objectContaining<Partial<DomainError>>({ kind: 'conflict', code: 'idempotency_key_in_progress' }),
  );
  expect(await outcomeRecorded()).toBe(false);
  // The retry's claim stays, unanswered: the retry records the outcome and its answer.
  expect(await temporary.repositories.idempotencyKeys.find(SITE, KEY)).toMatchObject({
    response_json: null,
    claim_id: 'the retry',
  });
});
