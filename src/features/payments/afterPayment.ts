/**
 * What follows a payment that went through, the same for a plan change at checkout and for the open invoice paid
 * in grace (SPEC 4 "Plan change flow": "wait 7000 ms, refresh the user, invoices and site"): the success shows
 * for the success delay, then the site limits and the billing data are read afresh, and only then does the
 * payment settle, so the screen never shows the account as it stood before the payment.
 *
 * An abort (whoever started the payment stopped waiting for it) cuts the delay short and nothing else: the money
 * has moved all the same, so the account is still read afresh and the payment still settles; a payment left at
 * 'succeeded' would refuse every later attempt.
 */
import type { UnknownAction } from '@reduxjs/toolkit';
import { accountApi } from '../../api/accountApi';
import { api } from '../../api/api';
import { sleep } from '../../api/sleep';
import { PLAN_CHANGE_SUCCESS_DELAY_MS } from '../../../core/rules/constants';
import type { AppDispatch } from '../../store/types';

export interface AfterPaymentSteps {
  /** shown at once: the payment went through */
  succeeded: UnknownAction;
  /** once the billing data after the payment is in */
  settled: UnknownAction;
}

export async function afterPayment(
  dispatch: AppDispatch,
  signal: AbortSignal,
  { succeeded, settled }: AfterPaymentSteps,
): Promise<void> {
  dispatch(succeeded);
  await sleep(PLAN_CHANGE_SUCCESS_DELAY_MS, signal);
  dispatch(api.util.invalidateTags(['SiteLimits']));
  // A failed read settles too: the screens ask again, and the button must work again.
  await dispatch(accountApi.endpoints.getBillingData.initiate(undefined, { subscribe: false, forceRefetch: true }));
  dispatch(settled);
}
