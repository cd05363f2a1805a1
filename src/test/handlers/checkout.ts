/** The checkout calls as the server answers them: the preview, the card on file, the plan change, the coupon. */
import type { BillingData, InvoicePreview, PlanChangeResult } from '../../../core/contract';
import { findCoupon } from '../../../server/seed/demoCatalogue';
import { json, onCall } from '../server';

/** A preview of a change mid-period: the new plan's remaining time, the old one's unused time, the credit. */
export function previewOf(set: Partial<InvoicePreview> = {}): InvoicePreview {
  const start = 1_900_000_000;
  const end = start + 183 * 86_400;
  return {
    amount: 100_000,
    startBalance: -1250,
    endingBalance: 0,
    prorationDate: start,
    total: 101_250,
    lines: [
      {
        kind: 'remaining_time',
        description: 'Remaining time on Business',
        amount: 120_000,
        priceId: 'price_business_default_year_1000',
        periodStart: start,
        periodEnd: end,
      },
      {
        kind: 'unused_time',
        description: 'Unused time on Publisher',
        amount: -18_750,
        priceId: 'price_publisher_default_year_1000',
        periodStart: start,
        periodEnd: end,
      },
    ],
    nextRenewal: { date: end, amount: 229_000 },
    ...set,
  };
}

export function answerInvoicePreview(preview: InvoicePreview = previewOf()) {
  return onCall('get-invoice-preview', () => json(preview));
}

/** get-coupon-details answers the catalogue's coupon. */
export function answerCouponDetails() {
  return onCall('get-coupon-details', (call) =>
    json({ coupon: findCoupon((call.data as { couponId: string }).couponId) }),
  );
}

export function answerPaymentMethod(paymentMethodId: string | null = 'pm_card') {
  return onCall('payment-method', () => json({ paymentMethodId }));
}

/** The answer of a plan change for a scenario's data: done, or waiting for the card (`secret`). */
export function planChangeResult(data: BillingData, secret: string | null = null): PlanChangeResult {
  return {
    subscription: data.subscription!,
    user: data.user,
    meta: { isIncomplete: secret !== null, isPending: false, isAutoBillingGrace: false, paymentIntentSecret: secret },
  };
}
