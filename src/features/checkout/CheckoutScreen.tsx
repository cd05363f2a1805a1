/**
 * The Checkout screen (SPEC 2 "Checkout screen", 4 "Plan change flow", 5 "Checkout id"): the chosen plan, its
 * add-ons and billing summary, and the button that changes the plan, or completes the payment a change left
 * waiting for the card's authentication. The payment's progress lives in the checkout slice.
 */
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import type { Addon, BillingData, BillingPeriod, PendingSubscription, Price, Product } from '../../../core/contract';
import {
  needsAuthentication,
  parsePendingSubscription,
  pendingCheckoutPath,
  pendingSubscriptionKey,
} from '../../../core/rules/checkout';
import { isDiscountDisplayed, launchCouponForPeriod, needsCouponSwap } from '../../../core/rules/discounts';
import { toUnixSeconds } from '../../../core/rules/dates';
import { memberCountOrDefault } from '../../../core/rules/limits';
import { buildCheckoutId, checkoutProblem, resolveCheckout } from '../../../core/rules/checkoutId';
import { effectiveLimits, firstLimitBreach } from '../../../core/rules/limitChecks';
import { isAutoBillingAddon, isSubdirectoryAddon, paidPriceId } from '../../../core/rules/plans';
import type { StateRoute } from '../../../core/rules/flags';
import { isCustomPlan } from '../../../core/rules/products';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { useIntlLocale } from '../../i18n/useIntlLocale';
import { ActionButton, SUCCESS_MESSAGE } from '../../ui/ActionButton';
import type { ActionState } from '../../ui/ActionButton';
import { FormError } from '../../ui/FormError';
import { useAnnounceLeaving, useScreenTitle } from '../../ui/shell';
import { ScreenGate } from '../common/ScreenGate';
import { PaymentProviderWarning } from '../payments/PaymentProviderWarning';
import { usePaymentProvider } from '../payments/usePaymentProvider';
import { AddonList } from './AddonList';
import { BillingSummary } from './BillingSummary';
import { useGetCouponDetailsQuery, useGetInvoicePreviewQuery } from './checkoutApi';
import { checkoutLeft, completePayment, confirmPlanChange, selectCheckout } from './checkoutSlice';
import type { CheckoutState } from './checkoutSlice';
import {
  CHECKOUT_PROBLEMS,
  CHECKOUT_TITLE,
  PAYMENT_PENDING_TITLE,
  SUBDIRECTORY_ADDON_LABEL,
  checkoutFailureText,
  checkoutProblemText,
} from './messages';
import { PlanSummary } from './PlanSummary';

const CardModal = lazy(() => import(/* webpackChunkName: "card" */ '../payments/CardModal'));
const InvoiceDetailsModal = lazy(
  () => import(/* webpackChunkName: "billing-modals" */ '../common/InvoiceDetailsModal'),
);

/** SPEC 4 "Routing by state": grace, a pending cancel and custom plans have nothing to buy here. */
function checkoutRedirect(data: BillingData): StateRoute {
  if (data.isGrace || data.willCancelAtPeriodEnd || isCustomPlan(data.subscription?.meta.baseProduct.name ?? ''))
    return '/';
  // Without a payment customer (no billing session has made one yet) there is no one to charge: choose again.
  if (data.customerId === null) return '/plans';
  return null;
}

/** The checkout's data: the owner has a payment customer (checkoutRedirect), with or without a subscription. */
type CheckoutData = BillingData & { customerId: string };

function storedPendingChoice(customerId: string): PendingSubscription | null {
  return parsePendingSubscription(localStorage.getItem(pendingSubscriptionKey(customerId)));
}

/** The optional add-ons of a product: automatic billing is a billing mode, switched on the dashboard. */
function optionalAddons(product: Product): Addon[] {
  return product.addons.filter((addon) => !isAutoBillingAddon(addon.name));
}

function addonPrice(addon: Addon, period: BillingPeriod): Price | undefined {
  return addon.prices.find((price) => price.billing_period === period);
}

/** The add-ons the subscription pays for now (by any of their prices). */
function currentAddonPrice(data: BillingData, addon: Addon): string | null {
  const ids = new Set(addon.prices.map((price) => price.id));
  return data.subscription?.meta.addons.find((item) => ids.has(item.price))?.price ?? null;
}

/** A subdirectory site needs its add-on: it is always selected and reads 'Active'. */
function isRequiredAddon(data: BillingData, addon: Addon): boolean {
  return data.currentSite.isSubdirectory && isSubdirectoryAddon(addon.name);
}

function buttonState(checkout: CheckoutState): ActionState {
  // A failed authentication offers 'Complete payment now', a button that has not failed yet.
  return checkout.status === 'failed' && checkout.retryAuthentication ? 'idle' : checkout.status;
}

function Checkout({ data, product, price }: { data: CheckoutData; product: Product; price: Price }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { t, i18n } = useLingui();
  const locale = useIntlLocale();
  const { pathname } = useLocation();
  const checkout = useAppSelector(selectCheckout);
  const provider = usePaymentProvider();
  const [modal, setModal] = useState<'card' | 'invoiceDetails' | null>(null);
  const period = price.billing_period;
  const addons = optionalAddons(product);
  const [chosenAddons, setChosenAddons] = useState<ReadonlySet<string>>(
    () =>
      new Set(
        addons
          .filter((addon) => isRequiredAddon(data, addon) || currentAddonPrice(data, addon) !== null)
          .map((addon) => addon.id),
      ),
  );
  const selectedAddons = addons.filter((addon) => chosenAddons.has(addon.id) || isRequiredAddon(data, addon));
  const addonIds = selectedAddons.flatMap((addon) => addonPrice(addon, period)?.id ?? []);
  const addonsCost = selectedAddons.reduce((sum, addon) => sum + (addonPrice(addon, period)?.cost ?? 0), 0);

  const { user, subscription, customerId } = data;
  const couponId = launchCouponForPeriod(user.coupon, period);
  const preview = useGetInvoicePreviewQuery({
    customerId,
    subscriptionId: subscription?.id ?? null,
    basePrices: { current: subscription?.meta.baseProduct.price ?? null, selected: price.id },
    addonPrices: addons.flatMap((addon) => {
      const current = currentAddonPrice(data, addon);
      const selected = selectedAddons.includes(addon) ? (addonPrice(addon, period)?.id ?? null) : null;
      return current === null && selected === null ? [] : [{ current, selected }];
    }),
    period,
    couponId,
  });
  const swapping = needsCouponSwap(user.coupon, period) && couponId !== null;
  const swappedCoupon = useGetCouponDetailsQuery({ couponId: couponId ?? '' }, { skip: !swapping });
  const shownDiscount = isDiscountDisplayed(data.discount, toUnixSeconds(Date.now())) ? data.discount : null;
  const coupon = swapping ? (swappedCoupon.data?.coupon ?? null) : (shownDiscount?.coupon ?? null);

  const paymentPending = needsAuthentication(data) || checkout.retryAuthentication;
  useScreenTitle(paymentPending ? PAYMENT_PENDING_TITLE : CHECKOUT_TITLE);

  // 7 s after a success the slice says so: back to the dashboard, which reads the new plan. The confirm button,
  // which had the focus, goes with this screen: the shell says the change is done and its heading takes the focus.
  const announceLeaving = useAnnounceLeaving();
  useEffect(() => {
    if (!checkout.finished) return;
    dispatch(checkoutLeft());
    announceLeaving(SUCCESS_MESSAGE);
    void navigate('/', { replace: true });
  }, [announceLeaving, checkout.finished, dispatch, navigate]);

  const hasCard = !!user.cardLast4;
  const limits = effectiveLimits(product, price);
  const limitContext = { productName: product.name, site: data.currentSite };
  const screenProblem = paymentPending
    ? null
    : checkoutProblem({
        priceId: price.id,
        currentPriceId: paidPriceId(data),
        hasCard,
        limit: firstLimitBreach(limits, data.currentSiteLimits, limitContext),
      });
  let error: string | null = null;
  if (checkout.error !== null) error = checkoutFailureText(i18n, checkout.error, locale);
  else if (screenProblem !== null) error = checkoutProblemText(i18n, screenProblem, locale);
  // 'Add a card to continue', the screen's or the server's (card_required), opens the card modal.
  const asksForCard = error !== null && error === t(CHECKOUT_PROBLEMS.addCard);
  const cardPayments = provider.status === 'ready' ? provider.stripe : null;
  const clientSecret =
    checkout.clientSecret ??
    subscription?.meta.paymentIntentSecret ??
    data.latestInvoice?.payment_intent?.client_secret ??
    null;

  function switchPeriod(next: BillingPeriod) {
    const id = buildCheckoutId({ product: product.name.toLowerCase(), group: product.group, period: next });
    if (id !== null) void navigate(`${pathname.slice(0, pathname.lastIndexOf('/'))}/${id}`);
  }

  function confirm() {
    void dispatch(
      confirmPlanChange({
        customerId,
        subscriptionId: subscription?.id ?? null,
        userId: user.id,
        currentPriceId: subscription?.meta.baseProduct.price ?? null,
        flags: data,
        hasAutoBillingEnabled: data.hasAutoBillingEnabled,
        autoPriceId: data.autoPriceId,
        coupon: user.coupon,
        choice: { product: product.name.toLowerCase(), group: product.group, period, priceId: price.id },
        addonIds,
        prorationDate: preview.data?.prorationDate,
        limits,
        limitContext,
        cardPayments,
      }),
    );
  }

  function completeNow() {
    if (clientSecret === null) return;
    void dispatch(completePayment({ customerId, clientSecret, cardPayments }));
  }

  const blocked = screenProblem !== null && checkout.error === null;
  return (
    <div className="checkout">
      <div className="checkout__choice">
        <PlanSummary product={product} price={price} />
        {addons.length > 0 && (
          <AddonList
            addons={addons}
            period={period}
            isSelected={(addon) => selectedAddons.includes(addon)}
            isRequired={(addon) => isRequiredAddon(data, addon)}
            displayName={(name) => (isSubdirectoryAddon(name) ? t(SUBDIRECTORY_ADDON_LABEL) : name)}
            onToggle={(addon) =>
              setChosenAddons((current) => {
                const next = new Set(current);
                if (!next.delete(addon.id)) next.add(addon.id);
                return next;
              })
            }
          />
        )}
      </div>
      <div className="checkout__billing">
        {provider.status === 'failed' && <PaymentProviderWarning warning={provider.warning} onRetry={provider.retry} />}
        <BillingSummary
          data={data}
          product={product}
          price={price}
          addonsCost={addonsCost}
          coupon={coupon}
          preview={preview.data}
          previewFailed={preview.isError}
          onSwitchPeriod={switchPeriod}
          onEditCard={() => setModal('card')}
          onEditInvoiceDetails={() => setModal('invoiceDetails')}
        />
        {asksForCard ? (
          <button type="button" className="button button--link form-error" onClick={() => setModal('card')}>
            {error}
          </button>
        ) : (
          <FormError>{error}</FormError>
        )}
        <div className="checkout__actions">
          {paymentPending ? (
            <ActionButton
              state={buttonState(checkout)}
              label={t`Complete payment now`}
              retryLabel={t`Complete payment now`}
              pendingLabel={t`Processing your payment…`}
              disabled={clientSecret === null}
              onClick={completeNow}
            />
          ) : (
            <ActionButton
              state={buttonState(checkout)}
              label={checkout.retryAuthentication ? t`Complete payment now` : t`Confirm plan selection`}
              pendingLabel={t`Processing your payment…`}
              disabled={!hasCard || blocked}
              onClick={confirm}
            />
          )}
        </div>
      </div>
      {modal === 'card' && (
        <Suspense fallback={null}>
          <CardModal
            customerId={customerId}
            userId={user.id}
            onClose={() => setModal(null)}
            onSaved={() => setModal(null)}
          />
        </Suspense>
      )}
      {modal === 'invoiceDetails' && (
        <Suspense fallback={null}>
          <InvoiceDetailsModal data={data} onClose={() => setModal(null)} />
        </Suspense>
      )}
    </div>
  );
}

/** SPEC 5 "Checkout id": where an id sends the user, or the plan and price it names. */
function CheckoutRoute({ data }: { data: CheckoutData }) {
  const { id } = useParams();
  const inFlight = useAppSelector(selectCheckout).status !== 'idle';
  if (id === undefined) {
    return (
      <Navigate to={pendingCheckoutPath(data.pendingSubscription ?? storedPendingChoice(data.customerId))} replace />
    );
  }
  const resolution = resolveCheckout({
    id,
    products: data.availableProducts,
    memberCount: memberCountOrDefault(data.currentSiteLimits),
    siteLimits: data.currentSiteLimits,
    site: data.currentSite,
  });
  // A payment under way keeps its screen even if the site's usage moved under it.
  if (!resolution.ok && !inFlight) return <Navigate to={resolution.redirect} replace />;
  if (!resolution.ok) return null;
  return <Checkout key={resolution.price.id} data={data} product={resolution.product} price={resolution.price} />;
}

export default function CheckoutScreen() {
  const { t } = useLingui();
  return (
    <ScreenGate
      loadingLabel={t`Loading checkout`}
      onFailure="home"
      redirect={checkoutRedirect}
      hidesNavigation={() => true}
    >
      {(data) => data.customerId !== null && <CheckoutRoute data={{ ...data, customerId: data.customerId }} />}
    </ScreenGate>
  );
}
