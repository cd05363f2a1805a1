/**
 * A tax ID's save killed (-9) between the provider's making the tax ID and our record of it, then retried on a new
 * process, leaves one tax ID on the customer (docs/deploy.md "A crash and the retry"): the real server process (the
 * demo with the sandbox card provider) dies at billing/crashPoints.ts's `tax-id:provider-created`, a new process
 * starts on the same database (the evaluation's: no demo reseed), and the owner's retry of the same save answers
 * 200. The provider's create is keyed by the write (accountWrites.ts putTaxId), so the retry gets back the tax ID
 * the first try made and records it; before, it made a second one, both printed on the invoices, and the first was
 * never taken off (the server takes off only the one it recorded).
 */
import { sql } from 'kysely';
import type { InvoiceDetails } from '../../core/contract';
import { CLAIM_LEASE_MS } from './claimRenewal';
import { START_TIMEOUT_MS, startDemo, type Demo } from '../testing/harness';
import { UNLIMITED_RATE_LIMITS_ENV } from '../testing/testKit';

const CUSTOMER_ID = 'cus_active';
const GERMAN_VAT = { type: 'eu_vat', value: 'DE123456789' } as const;

/** The tax ID objects the sandbox (the provider) holds for the customer, by id. */
const sandboxTaxIds = (demo: Demo) =>
  demo.query(
    sql<{ id: string; type: string; value: string }>`select id, type, value from sandbox_tax_ids
      where customer_id = ${CUSTOMER_ID} order by id`,
  );

/** The tax ID on our record of the customer. */
const recorded = async (demo: Demo) =>
  (
    await demo.query(
      sql<{
        tax_id_type: string | null;
        tax_id_value: string | null;
        tax_id_provider_id: string | null;
      }>`select tax_id_type, tax_id_value, tax_id_provider_id from customers where id = ${CUSTOMER_ID}`,
    )
  )[0];

it(
  'killed once the provider made the tax ID, the retry on a new process answers 200 and the customer has that one alone',
  async () => {
    let restarted: Demo | undefined;
    const crashed = await startDemo({ env: { ...UNLIMITED_RATE_LIMITS_ENV, CRASH_AT: 'tax-id:provider-created' } });
    try {
      const jwt = await crashed.sessionToken('active');
      // The active owner's UK VAT number, which this server made and recorded (the demo's seed).
      const [seeded] = await sandboxTaxIds(crashed);
      expect(await recorded(crashed)).toEqual({
        tax_id_type: seeded?.type,
        tax_id_value: seeded?.value,
        tax_id_provider_id: seeded?.id,
      });
      const save = (demo: Demo) =>
        demo.api<InvoiceDetails>('add-invoice-details', {
          jwt,
          data: { customerId: CUSTOMER_ID, invoiceDetails: 'Northwind Press GmbH', taxId: GERMAN_VAT },
          options: {},
        });

      // The owner saves a German VAT number in place of it: the process dies, and the panel gets no answer.
      await expect(save(crashed)).rejects.toThrow();
      await crashed.kill();
      // The provider made the new one; nothing of it is recorded, and the old one is still on.
      const afterCrash = await sandboxTaxIds(crashed);
      // (Both may be made in the same second of the demo's clock: their order is not asserted.)
      expect(afterCrash).toHaveLength(2);
      expect(afterCrash).toEqual(expect.arrayContaining([seeded, { id: expect.any(String), ...GERMAN_VAT }]));
      expect((await recorded(crashed))?.tax_id_provider_id).toBe(seeded?.id);
      const madeBeforeCrash = afterCrash.find((taxId) => taxId.id !== seeded?.id)!.id;

      // A new process on the same database (production's shape on the sandbox provider); the owner saves again.
      restarted = await startDemo({ evaluation: true, shareDatabaseOf: crashed, env: UNLIMITED_RATE_LIMITS_ENV });
      const retried = await save(restarted);
      expect([retried.status, retried.body]).toEqual([
        200,
        { invoiceDetails: 'Northwind Press GmbH', taxId: GERMAN_VAT },
      ]);

      // One tax ID at the provider: the one the crashed try made, now recorded; the old one taken off.
      expect(await sandboxTaxIds(restarted)).toEqual([{ id: madeBeforeCrash, ...GERMAN_VAT }]);
      expect(await recorded(restarted)).toEqual({
        tax_id_type: GERMAN_VAT.type,
        tax_id_value: GERMAN_VAT.value,
        tax_id_provider_id: madeBeforeCrash,
      });
      const billingData = await restarted.api<{ taxId: unknown; invoiceDetails: string }>('get-billing-data', {
        jwt,
        data: {},
        options: {},
      });
      expect([billingData.status, billingData.body]).toEqual([
        200,
        expect.objectContaining({ invoiceDetails: 'Northwind Press GmbH', taxId: GERMAN_VAT }),
      ]);
    } finally {
      await restarted?.close();
      await crashed.close();
    }
  },
  3 * START_TIMEOUT_MS + CLAIM_LEASE_MS,
);
