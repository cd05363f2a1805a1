/**
 * A payment's progress, in the store rather than in the screen (SPEC 4 "Plan change flow", "Checkout button"):
 * the app remounts its routes when the site limits change, and a payment in flight must survive that.
 *
 * One attempt (ui/attempt.ts): idle -> pending, at the plan change and then at the card's extra authentication ->
 * succeeded -> (7 s) finished, when the screen returns home; or failed, with the message, and whether 'Complete
 * payment now' retries the authentication. An attempt that throws fails too, so the button always works again. One
 * attempt at a time: a second click while one runs is refused here, so a double click never sends two changes.
 */
import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction, WithSlice } from '@reduxjs/toolkit';
import { isCallFailure } from '../../api/errors';
import { serverErrorText } from '../../api/serverErrors';
import type { Limit, PendingSubscription, StatusFlags } from '../../../core/contract';
import {
  isToleratedPlanChangeFailure,
  needsAuthentication,
  needsAutoBillingReset,
  pendingSubscriptionKey,
  planChangeEndpoint,
} from '../../../core/rules/checkout';
import { AUTO_BILLING_REMOVAL_WAIT_MS } from '../../../core/rules/constants';
import { couponPollDelaysMs, launchCouponForPeriod, needsCouponSwap } from '../../../core/rules/discounts';
import { accountApi } from '../../api/accountApi';
import { firstLimitBreach } from '../../../core/rules/limitChecks';
import type { LimitContext } from '../../../core/rules/limitChecks';
import { createAppAsyncThunk } from '../../store/hooks';
import { IDLE_ATTEMPT, isUnderWay, rejectionEndsAttempt, updateAttempt } from '../../ui/attempt';
import type { Attempt } from '../../ui/attempt';
import type { AppDispatch, RootState, StoreFeature } from '../../store/types';
import { sleep } from '../../api/sleep';
import { afterPayment } from '../payments/afterPayment';
import { cardErrorText } from '../payments/cardErrors';
import { confirmCardPayment } from '../payments/cardPayment';
import type { CardPayments } from '../payments/cardPayment';
import { paymentMethodOf } from '../payments/paymentsApi';
import { checkoutApi } from './checkoutApi';
import { CHECKOUT_FAILURES, type CheckoutFailure } from './messages';

/** The attempt's error: what the failure says, put into words at render (messages.ts checkoutFailureText). */
export interface CheckoutState extends Attempt<CheckoutFailure> {
  /** where a pending attempt stands: the plan change, or the card's extra authentication of its payment */
  step: 'planChange' | 'authentication';
  /** the choice being paid for */
  pending: PendingSubscription | null;
  /** the payment to authenticate again after a failed authentication */
  clientSecret: string | null;
  /** the last attempt failed at the card's authentication: the button retries that, not the change */
  retryAuthentication: boolean;
  /** the success delay has passed: the screen returns home */
  finished: boolean;
}

const initialState: CheckoutState = {
  ...IDLE_ATTEMPT,
  step: 'planChange',
  pending: null,
  clientSecret: null,
  retryAuthentication: false,
  finished: false,
};

export interface PlanChangeRequest {
  customerId: string;
  /** null: the site has no subscription yet, and this starts its first */
  subscriptionId: string | null;
  userId: string;
  /** the subscription's base price now: what removing automatic billing resets to; null without a subscription */
  currentPriceId: string | null;
  flags: Pick<StatusFlags, 'isTrial' | 'forceUpgradeOwner'>;
  hasAutoBillingEnabled: boolean;
  autoPriceId: string | null;
  coupon: string | null;
  choice: PendingSubscription;
  addonIds: string[];
  /** the preview's proration instant, so the charge equals what the screen showed */
  prorationDate: number | undefined;
  limits: Limit[];
  limitContext: LimitContext;
  cardPayments: CardPayments | null;
}

export interface PaymentRequest {
  customerId: string;
  cardPayments: CardPayments | null;
}

type Failure = { message: CheckoutFailure; retryAuthentication?: boolean };

const refuseWhileInFlight = {
  condition: (_arg: unknown, { getState }: { getState(): RootState }) => !isUnderWay(getState().checkout),
};

/**
 * What a failed plan change says: the server's own words when it gave any (the catalog's for a code it knows, the
 * card provider's for a declined card: cardErrors.ts), else the card message; null when the failure is the
 * tolerated one (core/rules/checkout.ts planChangeFailureMessage, in the owner's language).
 */
function planChangeFailure(error: unknown): CheckoutFailure | null {
  const failure = isCallFailure(error) ? error : null;
  const detail = failure?.detail ?? '';
  if (isToleratedPlanChangeFailure(detail)) return null;
  if (failure === null || !detail.trim()) return CHECKOUT_FAILURES.planChangeFailed;
  if (failure.code === 'card_declined')
    return cardErrorText({ code: failure.code, message: detail }) ?? CHECKOUT_FAILURES.planChangeFailed;
  return serverErrorText(failure);
}

function forgetPendingChoice(customerId: string) {
  localStorage.removeItem(pendingSubscriptionKey(customerId));
}

function failAttempt(state: CheckoutState, { message, retryAuthentication = false }: Failure) {
  updateAttempt(state, { type: 'failed', error: message });
  state.retryAuthentication = retryAuthentication;
}

/**
 * An attempt that threw (a reply the panel could not read, say) fails as its own failures do, by where it stood:
 * during the card's authentication, the change was made and only its payment waits, so the button retries the
 * authentication ("Failed authentication"); before it, the change ("Plan-change error without a message").
 */
function attemptThrew(state: CheckoutState, action: { meta: { condition: boolean; aborted: boolean } }) {
  if (!rejectionEndsAttempt(action)) return;
  failAttempt(
    state,
    state.step === 'authentication'
      ? { message: CHECKOUT_FAILURES.authenticationFailed, retryAuthentication: true }
      : { message: CHECKOUT_FAILURES.planChangeFailed },
  );
}

export const checkoutSlice = createSlice({
  name: 'checkout',
  initialState,
  reducers: {
    authenticationStarted(state, action: PayloadAction<{ clientSecret: string }>) {
      state.step = 'authentication';
      state.clientSecret = action.payload.clientSecret;
    },
    paymentSucceeded(state) {
      updateAttempt(state, { type: 'succeeded' });
      state.retryAuthentication = false;
    },
    paymentFailed(state, action: PayloadAction<Failure>) {
      failAttempt(state, action.payload);
    },
    checkoutFinished(state) {
      state.finished = true;
    },
    /** The screen went home: the next checkout starts afresh. */
    checkoutLeft() {
      return initialState;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(confirmPlanChange.pending, (state, action) => {
      updateAttempt(state, { type: 'started' });
      state.step = 'planChange';
      state.pending = action.meta.arg.choice;
      state.retryAuthentication = false;
    });
    builder.addCase(completePayment.pending, (state) => {
      updateAttempt(state, { type: 'started' });
      state.step = 'authentication';
    });
    builder.addCase(confirmPlanChange.rejected, attemptThrew);
    builder.addCase(completePayment.rejected, attemptThrew);
  },
  selectors: {
    selectCheckout: (state) => state,
  },
});

declare module '../../store/types' {
  interface RootState extends WithSlice<typeof checkoutSlice> {}
}

/** What the checkout registers with the store (app/store.ts). */
export const checkoutFeature = { slices: [checkoutSlice] } as const satisfies StoreFeature;

export const { checkoutLeft } = checkoutSlice.actions;
const { authenticationStarted, paymentSucceeded, paymentFailed, checkoutFinished } = checkoutSlice.actions;
export const { selectCheckout } = checkoutSlice.selectors;

type ThunkTools = { dispatch: AppDispatch; signal: AbortSignal };

/**
 * "On success, clear the storage, wait 7000 ms, refresh the user, invoices and site, and return to /" (afterPayment.ts).
 * The screen leaves only with the new billing data in: with the old one still cached, the dashboard would read
 * the state the payment just ended (incomplete, auto-billing grace) and send the owner straight back to checkout.
 */
async function succeed({ dispatch, signal }: ThunkTools, customerId: string) {
  forgetPendingChoice(customerId);
  await afterPayment(dispatch, signal, { succeeded: paymentSucceeded(), settled: checkoutFinished() });
}

/** The card's extra authentication of a payment, then success or the failure that offers it again. */
async function authenticate(
  tools: ThunkTools,
  customerId: string,
  clientSecret: string,
  paymentMethodId: string,
  cardPayments: CardPayments | null,
) {
  tools.dispatch(authenticationStarted({ clientSecret }));
  const confirmed = await confirmCardPayment(cardPayments, clientSecret, paymentMethodId);
  if (!confirmed.ok) {
    tools.dispatch(paymentFailed({ message: CHECKOUT_FAILURES.authenticationFailed, retryAuthentication: true }));
    return;
  }
  await succeed(tools, customerId);
}

/** Switches the launch coupon to the period's variant, then waits for the provider to show it (up to 3 reads). */
async function swapCoupon(
  dispatch: ThunkTools['dispatch'],
  signal: AbortSignal,
  customerId: string,
  couponId: string,
  key: string,
) {
  const updated = await dispatch(
    checkoutApi.endpoints.updateDiscount.initiate({
      data: { customerId, couponId },
      idempotencyKey: `${key}-discount`,
    }),
  );
  if (updated.error) return false;
  for (const delay of couponPollDelaysMs()) {
    if (!(await sleep(delay, signal))) return false;
    const read = await dispatch(
      checkoutApi.endpoints.getDiscountDetails.initiate({ customerId }, { subscribe: false, forceRefetch: true }),
    );
    if (read.data?.discount?.coupon.id === couponId) break;
  }
  return true;
}

/** The site's limits as they are now, not as the screen loaded them. */
async function currentSiteLimits(dispatch: ThunkTools['dispatch']) {
  const read = await dispatch(
    accountApi.endpoints.getCurrentSiteLimits.initiate(undefined, { subscribe: false, forceRefetch: true }),
  );
  return read.data?.currentSiteLimits ?? null;
}

/** SPEC 4 "Plan change flow", steps 2 to 8, after the user confirmed. */
export const confirmPlanChange = createAppAsyncThunk(
  'checkout/confirmPlanChange',
  async (request: PlanChangeRequest, { dispatch, signal }) => {
    const tools = { dispatch, signal };
    const fail = (message: CheckoutFailure) => dispatch(paymentFailed({ message }));
    // One key per attempt: the transport's retries of a write reuse it, a new click makes a new one.
    const key = crypto.randomUUID();
    const { customerId, subscriptionId, userId, choice } = request;

    if (needsCouponSwap(request.coupon, choice.period)) {
      const next = launchCouponForPeriod(request.coupon, choice.period)!;
      if (!(await swapCoupon(dispatch, signal, customerId, next, key))) return fail(CHECKOUT_FAILURES.generic);
    }

    const siteLimits = await currentSiteLimits(dispatch);
    if (siteLimits === null) return fail(CHECKOUT_FAILURES.generic);
    const breach = firstLimitBreach(request.limits, siteLimits, request.limitContext);
    if (breach !== null) return fail({ limit: breach });

    const paymentMethodId = await paymentMethodOf(dispatch, customerId);
    if (paymentMethodId === null) return fail(CHECKOUT_FAILURES.missingPaymentMethod);

    const base = { customerId, userId, paymentMethodId };
    const { currentPriceId } = request;
    if (subscriptionId !== null && currentPriceId !== null && needsAutoBillingReset(request)) {
      const reset = await dispatch(
        checkoutApi.endpoints.changeSubscription.initiate({
          data: { ...base, subscriptionId, planId: currentPriceId, addonIds: [] },
          idempotencyKey: `${key}-reset`,
        }),
      );
      if (reset.error) return fail(CHECKOUT_FAILURES.autoBillingRemovalFailed);
      // Aborted before the change: it is not sent, and the button works again.
      if (!(await sleep(AUTO_BILLING_REMOVAL_WAIT_MS, signal))) return fail(CHECKOUT_FAILURES.planChangeFailed);
    }

    const change = { ...base, planId: choice.priceId, addonIds: request.addonIds, isTrial: request.flags.isTrial };
    // A site without a subscription activates its first; the rest as the flags say.
    const changed =
      subscriptionId === null || planChangeEndpoint(request.flags) === 'activate-subscription'
        ? await dispatch(
            checkoutApi.endpoints.activateSubscription.initiate({
              data: { ...change, subscriptionId },
              idempotencyKey: `${key}-change`,
            }),
          )
        : await dispatch(
            checkoutApi.endpoints.changeSubscription.initiate({
              data: { ...change, subscriptionId, prorationDate: request.prorationDate },
              idempotencyKey: `${key}-change`,
            }),
          );
    if (changed.error) {
      const failure = planChangeFailure(changed.error);
      if (failure !== null) return fail(failure);
    }

    const meta = changed.data?.meta;
    if (meta && needsAuthentication(meta) && meta.paymentIntentSecret) {
      // Kept across a reload: the checkout route of a later visit names this choice.
      localStorage.setItem(pendingSubscriptionKey(customerId), JSON.stringify(choice));
      return authenticate(tools, customerId, meta.paymentIntentSecret, paymentMethodId, request.cardPayments);
    }
    return succeed(tools, customerId);
  },
  refuseWhileInFlight,
);

/** 'Complete payment now': the extra authentication of the payment a plan change left waiting. */
export const completePayment = createAppAsyncThunk(
  'checkout/completePayment',
  async (request: PaymentRequest & { clientSecret: string }, { dispatch, signal }) => {
    const paymentMethodId = await paymentMethodOf(dispatch, request.customerId);
    if (paymentMethodId === null) {
      dispatch(paymentFailed({ message: CHECKOUT_FAILURES.missingPaymentMethod, retryAuthentication: true }));
      return;
    }
    await authenticate(
      { dispatch, signal },
      request.customerId,
      request.clientSecret,
      paymentMethodId,
      request.cardPayments,
    );
  },
  refuseWhileInFlight,
);
