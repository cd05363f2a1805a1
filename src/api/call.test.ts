/** The one way an endpoint names its call: the URL and the retry rule follow from the contract's name. */
import { callKinds } from '../../core/rules/callKinds';
import { call } from './call';

describe('call', () => {
  it("derives the URL from the contract's name and passes the parts through", () => {
    expect(call('add-invoice-details', { data: { customerId: 'cus_1', invoiceDetails: 'VAT 1' } })).toEqual({
      name: 'add-invoice-details',
      url: '/api/add-invoice-details',
      kind: 'write',
      data: { customerId: 'cus_1', invoiceDetails: 'VAT 1' },
    });
  });

  it('needs no parts for a call without required data', () => {
    expect(call('get-current-site-limits')).toEqual({
      name: 'get-current-site-limits',
      url: '/api/get-current-site-limits',
      kind: 'read',
    });
  });

  it('carries the idempotency key, the session token and the forceUpgrade request', () => {
    expect(call('setup-card', { data: { customerId: 'cus_1' }, idempotencyKey: 'key-1' })).toMatchObject({
      url: '/api/setup-card',
      kind: 'write',
      idempotencyKey: 'key-1',
    });
    expect(call('billing-session', { jwt: 'host-token', options: { init: true }, isSessionCall: true })).toMatchObject({
      jwt: 'host-token',
      options: { init: true },
      isSessionCall: true,
    });
    expect(call('get-billing-data', { withForceUpgrade: true })).toMatchObject({ withForceUpgrade: true });
  });

  it('classifies the calls that create, charge or change something as writes', () => {
    const writes = Object.entries(callKinds)
      .filter(([, kind]) => kind === 'write')
      .map(([name]) => name);
    expect(writes.sort()).toEqual(
      [
        'activate-domain',
        'activate-subscription',
        'add-invoice-details',
        'cancel',
        'cancel-background',
        'change-subscription',
        'create-payment-intent',
        'enable-entri',
        'remove-sending-domain',
        'setup-card',
        'setup-sending-domain',
        'update-auto-billing',
        'update-billing-contact',
        'update-card',
        'update-discount',
        'update-domain',
      ].sort(),
    );
  });

  it('is typed by the contract: tsc refuses each of these misuses (the @ts-expect-error lines fail when it does not)', () => {
    const misuses = [
      // @ts-expect-error -- add-invoice-details needs its data
      () => call('add-invoice-details'),
      // @ts-expect-error -- the data is the contract's shape, not another call's
      () => call('add-invoice-details', { data: { userId: 'user_1', billingContact: 'a@b.test' } }),
      // @ts-expect-error -- a call that is not in the contract
      () => call('charge-something'),
      // @ts-expect-error -- get-current-site-limits takes no forceUpgrade
      () => call('get-current-site-limits', { withForceUpgrade: true }),
    ];
    expect(misuses).toHaveLength(4);
  });
});
