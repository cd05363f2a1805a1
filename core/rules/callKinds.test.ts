import type { CallName } from '../contract';
import { callKinds } from './callKinds';

/** Pinned one by one: turning a write into a read would have the transport retry it without an idempotency key. */
const READS: CallName[] = [
  'billing-session',
  'get-billing-data',
  'get-subscription',
  'get-current-site',
  'get-current-site-limits',
  'get-current-plan',
  'get-invoice-details',
  'get-invoices',
  'get-latest-invoice',
  'invoice-pdf',
  'get-discount-details',
  'get-customer-balance',
  'get-account-info',
  'get-next-charge',
  'get-stripe-portal-url',
  'payment-method',
  'get-invoice-preview',
  'get-coupon-details',
  'check-domain',
  'lookup-nameserver',
  'check-domain-dns',
  'get-sending-domain-records',
  'check-sending-domain',
  'verify-sending-domain',
  'get-entri-token',
];

const WRITES: CallName[] = [
  'setup-card',
  'update-card',
  'add-invoice-details',
  'update-billing-contact',
  'cancel',
  'cancel-background',
  'update-auto-billing',
  'change-subscription',
  'activate-subscription',
  'update-discount',
  'create-payment-intent',
  'update-domain',
  'activate-domain',
  'setup-sending-domain',
  'remove-sending-domain',
  'enable-entri',
];

describe('callKinds: which calls read and which write', () => {
  it.each(READS)('%s reads', (name) => {
    expect(callKinds[name]).toBe('read');
  });

  it.each(WRITES)('%s writes', (name) => {
    expect(callKinds[name]).toBe('write');
  });

  it('classifies every call of the contract once, and nothing else', () => {
    expect(Object.keys(callKinds).sort()).toEqual([...READS, ...WRITES].sort());
  });

  it('counts no call both a read and a write', () => {
    expect(READS.filter((name) => WRITES.includes(name))).toEqual([]);
  });
});
