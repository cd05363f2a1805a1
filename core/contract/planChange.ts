/**
 * The plan change (SPEC 4 "Plan change flow"): the prices being swapped, the invoice preview of what the change
 * bills now, the change's request and the subscription after it.
 */
import { z } from 'zod';
import { subscriptionSchema, userSchema } from './billing';

/** A price being replaced by another: the same id twice when it stays. */
/** A base price change; `current` null when the site has no subscription yet. */
export const priceChangeSchema = z.object({ current: z.string().min(1).nullable(), selected: z.string().min(1) });

/** An add-on price added (current null), removed (selected null) or kept. */
export const addonPriceChangeSchema = z.object({
  current: z.string().min(1).nullable(),
  selected: z.string().min(1).nullable(),
});

/**
 * One line of what a preview bills now, in the provider's terms: the remaining time on the new price, the unused
 * time on the old one (negative), a new period's full price, or the discount (negative). Cents.
 */
export const invoicePreviewLineSchema = z.object({
  kind: z.enum(['remaining_time', 'unused_time', 'new_period', 'discount']),
  description: z.string(),
  amount: z.number().int(),
  /** the price the line is for (null for a discount) */
  priceId: z.string().nullable(),
  /** the seconds the line covers (null for a discount) */
  periodStart: z.number().int().nullable(),
  periodEnd: z.number().int().nullable(),
});
export type InvoicePreviewLine = z.infer<typeof invoicePreviewLineSchema>;

/**
 * What a plan change bills now (SPEC 3 "Invoice preview": amount, endingBalance, prorationDate, startBalance),
 * plus what it is made of and the renewal after it. Cents; balances negative for a credit.
 */
export const invoicePreviewSchema = z.object({
  /** billed to the card now, after the discount and the customer's credit */
  amount: z.number().int().nonnegative(),
  startBalance: z.number().int(),
  endingBalance: z.number().int(),
  /** the instant the preview prorated at; the change sends it back so the charge equals what was shown */
  prorationDate: z.number().int(),
  lines: z.array(invoicePreviewLineSchema),
  /** the invoice total before the customer's balance (negative when the change is a net credit) */
  total: z.number().int(),
  nextRenewal: z.object({ date: z.number().int(), amount: z.number().int().nonnegative() }),
});
export type InvoicePreview = z.infer<typeof invoicePreviewSchema>;

export const planChangeSchema = z.object({
  customerId: z.string().min(1),
  subscriptionId: z.string().min(1),
  /** the selected base price id */
  planId: z.string().min(1),
  addonIds: z.array(z.string().min(1)).default([]),
  isTrial: z.boolean().optional(),
  userId: z.string().min(1),
  paymentMethodId: z.string().min(1).nullable().optional(),
});

/**
 * The subscription after a change. `meta` says whether the payment still needs the customer (card
 * authentication or another card) and carries the client secret to confirm it with.
 */
export const planChangeResultSchema = z.object({
  subscription: subscriptionSchema,
  user: userSchema,
  meta: z.object({
    isIncomplete: z.boolean(),
    isPending: z.boolean(),
    isAutoBillingGrace: z.boolean(),
    paymentIntentSecret: z.string().nullable(),
  }),
});
export type PlanChangeResult = z.infer<typeof planChangeResultSchema>;
