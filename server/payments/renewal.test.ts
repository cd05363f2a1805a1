import { renewalCharge } from './renewal';
import type { ActiveDiscount } from './proration';

const DAY = 86_400;
const RENEWS_AT = 1_800_000_000;
const halfOff = (duration: ActiveDiscount['coupon']['duration'], end: number | null, valid = true): ActiveDiscount => ({
  coupon: { name: 'Launch offer', percent_off: 50, amount_off: null, duration, valid },
  start: RENEWS_AT - 30 * DAY,
  end,
});

describe('what a renewal bills', () => {
  it('is the list price when nothing applies', () => {
    expect(renewalCharge({ date: RENEWS_AT, listAmount: 9000, discount: null, balance: 0 })).toEqual({
      subtotal: 9000,
      discount: 0,
      creditApplied: 0,
      amount: 9000,
      endingBalance: 0,
      discountName: null,
    });
  });

  it('takes off a discount still running on the renewal date, not one ended by then or no longer valid', () => {
    expect(
      renewalCharge({ date: RENEWS_AT, listAmount: 9000, discount: halfOff('repeating', RENEWS_AT + DAY), balance: 0 }),
    ).toMatchObject({ discount: 4500, amount: 4500 });
    expect(
      renewalCharge({ date: RENEWS_AT, listAmount: 9000, discount: halfOff('forever', null), balance: 0 }),
    ).toMatchObject({ discount: 4500, amount: 4500 });
    expect(
      renewalCharge({ date: RENEWS_AT, listAmount: 9000, discount: halfOff('repeating', RENEWS_AT), balance: 0 }),
    ).toMatchObject({ discount: 0, amount: 9000 });
    expect(
      renewalCharge({ date: RENEWS_AT, listAmount: 9000, discount: halfOff('forever', null, false), balance: 0 }),
    ).toMatchObject({ discount: 0, amount: 9000 });
  });

  it('does not take off a coupon used once: it was spent on the invoice that applied it', () => {
    expect(
      renewalCharge({ date: RENEWS_AT, listAmount: 9000, discount: halfOff('once', null), balance: 0 }),
    ).toMatchObject({ discount: 0, amount: 9000 });
  });

  it('uses the credit after the discount, and keeps on the balance what the invoice does not use', () => {
    expect(
      renewalCharge({ date: RENEWS_AT, listAmount: 9000, discount: halfOff('forever', null), balance: -1250 }),
    ).toEqual({
      subtotal: 9000,
      discount: 4500,
      creditApplied: 1250,
      amount: 3250,
      endingBalance: 0,
      discountName: 'Launch offer',
    });
    expect(
      renewalCharge({ date: RENEWS_AT, listAmount: 9000, discount: halfOff('forever', null), balance: -6000 }),
    ).toEqual({
      subtotal: 9000,
      discount: 4500,
      creditApplied: 4500,
      amount: 0,
      endingBalance: -1500,
      discountName: 'Launch offer',
    });
  });

  it('adds a debit on the balance', () => {
    expect(renewalCharge({ date: RENEWS_AT, listAmount: 9000, discount: null, balance: 700 })).toEqual({
      subtotal: 9000,
      discount: 0,
      creditApplied: 0,
      amount: 9700,
      endingBalance: 0,
      discountName: null,
    });
  });
});
