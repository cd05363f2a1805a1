/** The sandbox payments provider: no network, deterministic enough for tests, shaped like the real one. */
import { randomBytes } from 'node:crypto';
import type { NewCustomer, PaymentsProvider } from './provider';

const ID_BYTES = 9;

export function sandboxId(prefix: string): string {
  return `${prefix}_sbx${randomBytes(ID_BYTES).toString('base64url')}`;
}

export function createSandboxProvider(): PaymentsProvider {
  return {
    name: 'sandbox',
    async createCustomer(_customer: NewCustomer) {
      return { id: sandboxId('cus') };
    },
  };
}
