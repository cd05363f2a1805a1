/**
 * What a renewal bills, as the card provider builds a subscription's next invoice: the list price of every item
 * (the base plan times its quantity, and the add-ons), less the discount still valid on the renewal date (a coupon
 * used once was spent on the invoice that applied it), then the customer's balance: a credit comes off and what
 * is left of it stays on the balance, a debit is added. Pure: the sandbox bills its renewals with it and answers
 * the next-charge preview with it, so the charge the dashboard announces is the charge the renewal makes.
 */
import type { NextChargeAmounts } from '../../core/contract';
import { couponReduction, renewalDiscountAt, type ActiveDiscount } from './proration';

export interface RenewalInput {
  /** Unix seconds: when the renewal bills */
  date: number;
  /** cents: the list price of every item for one period */
  listAmount: number;
  discount: ActiveDiscount | null;
  /** cents: the customer's balance before the invoice; negative is credit */
  balance: number;
}

export interface RenewalCharge extends NextChargeAmounts {
  /** cents: the balance once the invoice took what it could */
  endingBalance: number;
  /** the coupon the discount comes from, as its invoice line names it; null without a discount */
  discountName: string | null;
}

export function renewalCharge(input: RenewalInput): RenewalCharge {
  const applied = renewalDiscountAt(input.discount, input.date);
  const discount = applied === null ? 0 : couponReduction(applied.coupon, input.listAmount);
  const total = input.listAmount - discount;
  const net = total + input.balance;
  const amount = Math.max(0, net);
  return {
    subtotal: input.listAmount,
    discount,
    creditApplied: Math.max(0, total - amount),
    amount,
    endingBalance: net - amount,
    discountName: applied !== null && discount > 0 ? applied.coupon.name : null,
  };
}
