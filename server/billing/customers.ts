/** The payment customer behind a billing user: created on the first billing session (init), never twice. */
import { toUnixSeconds } from '../../core/rules/dates';
import type { CustomerRow, UserRow } from '../db/schema';
import type { PaymentsProvider } from '../payments/provider';
import type { AccountRepository } from './repositories';

export async function ensureCustomer(
  accounts: AccountRepository,
  provider: PaymentsProvider,
  user: UserRow,
  now: () => number,
): Promise<CustomerRow> {
  const existing = await accounts.findCustomerByUser(user.id);
  if (existing !== undefined) return existing;
  const { id } = await provider.createCustomer({
    userId: user.id,
    email: user.email,
    name: user.name,
    siteId: user.site_id,
  });
  // Two first sessions at once: the unique user_id keeps one customer, and both callers get that one.
  return accounts.insertCustomerIfMissing({
    id,
    user_id: user.id,
    provider: provider.name,
    invoice_details: '',
    tax_id_type: null,
    tax_id_value: null,
    tax_id_provider_id: null,
    balance: 0,
    card_brand: null,
    card_last4: null,
    card_exp_month: null,
    card_exp_year: null,
    default_payment_method: null,
    auto_billing: 0,
    created_at: toUnixSeconds(now()),
  });
}
