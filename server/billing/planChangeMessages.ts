/** What the plan change calls answer when they refuse, in one place (tests and the panel's engineers read them here). */
export const planChangeMessages = {
  /** SPEC 5 "Checkout id": the words the panel shows without a card; they mention adding a card, so it offers the card modal */
  noCard: 'Add a card to continue',
  /** SPEC 5 "Checkout id" */
  currentPlan: 'This is your current plan. Choose a different period or plan.',
  pendingChange: 'A plan change is waiting for its payment. Complete the payment authorization first.',
  expiredPreview: 'The price shown has expired. Review the amount to be billed and confirm again.',
  futurePreview: 'The proration date is in the future.',
  periodMismatch: 'Every selected price must be for the billing period asked for.',
  /** a price the owner is not offered: inactive (the sales team's Custom plan), or of another product group */
  planNotForSale: 'This plan is not available for your site.',
  /** an add-on price that is not one of the chosen plan's add-ons */
  addonNotForSale: 'This add-on is not available with the chosen plan.',
  notActivatable: 'This subscription is running: change its plan instead.',
  noSuchCoupon: 'No such coupon.',
  notSwappable: 'This coupon cannot replace the current discount.',
  noDiscount: 'There is no discount to change.',
  nothingDue: 'There is no payment due.',
} as const;
