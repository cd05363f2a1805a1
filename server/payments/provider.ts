/**
 * The payments provider seam. The routes talk to this interface only; the demo and tests use the sandbox
 * (payments/sandbox.ts), production a real card provider. Writes (card setup, plan changes, cancel, invoice
 * details, auto billing) grow here in the next issue.
 */
export interface NewCustomer {
  userId: string;
  email: string;
  name: string;
  siteId: string;
}

export interface PaymentsProvider {
  /** stored in customers.provider, so rows know which provider holds them */
  readonly name: string;
  /** Creates the provider's customer and returns its id. The caller stores it. */
  createCustomer(customer: NewCustomer): Promise<{ id: string }>;
}
