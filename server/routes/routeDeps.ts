import type { IdentityVerifier } from '../auth/identity';
import type { BackgroundCancellations } from '../billing/cancellations';
import type { IdempotentWrites } from '../billing/idempotency';
import type { Leases } from '../billing/leases';
import type { ProviderAnswers } from '../billing/providerAnswers';
import type { Repositories } from '../billing/repositories';
import type { PaymentsProvider } from '../payments/provider';
import type { CallOptions } from './registerCall';

/** What the API routes need, injected so tests and the demo can pick the clock and the provider. */
export interface ApiDeps {
  /** the billing database, one repository per area */
  repositories: Repositories;
  identity: IdentityVerifier;
  payments: PaymentsProvider;
  sessionSecret: Uint8Array;
  supportEmail: string;
  /** milliseconds, as Date.now() */
  now: () => number;
  call: CallOptions;
  /** the card provider's previews, kept a short while per site version and inputs */
  providerAnswers: ProviderAnswers;
}

/** The writes also need the idempotency keys, the leases and the background cancellation. */
export interface ActionDeps extends ApiDeps {
  idempotency: IdempotentWrites;
  leases: Leases;
  cancellations: BackgroundCancellations;
}
