/** What the dashboard says: the messages SPEC section 8 quotes, word for word, and the dashboard's own labels. */
export { GENERIC_MESSAGE as REACTIVATE_FAILED_MESSAGE } from '../../api/errors';

export const AUTO_BILLING_FAILED_MESSAGE = 'Could not update billing mode. Try again or contact support';
export const BILLING_CONTACT_NO_USER_MESSAGE = 'Unable to update billing contact. Refresh the page and try again.';
/** The spec quotes no failure message for the billing contact call: it reads like its siblings. */
export const BILLING_CONTACT_FAILED_MESSAGE =
  'Unable to update billing contact. Refresh the page and try again or contact support';

export const CANCELED_BANNER_TITLE = "You've canceled your subscription";
export const SPECIAL_OFFER_LABEL = 'Special offer active';
export const NO_CARD_LABEL = 'No credit card';

/** The notes beside the automatic billing switch (SPEC 8 "Auto-billing"). */
export const AUTO_BILLING_NOTES = {
  upToDate: 'Automatic billing can only be changed while your plan and payment method are up to date.',
  cancelling: 'Your subscription is set to cancel, so automatic changes to your plan are off.',
} as const;
