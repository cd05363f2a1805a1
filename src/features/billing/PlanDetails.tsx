/**
 * The plan-details box (SPEC 2, "Billing dashboard" 1): the plan and its features, the price breakdown or a
 * custom plan's portal, credit and special offer, 'Update plan', and the warnings and banner the state calls for;
 * in grace, the past-due amount and 'Pay open invoice', whose payment ends grace.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import type { SubscribedBillingData } from '../../../core/contract';
import { useConfig } from '../../config';
import { formatLongDate, toUnixSeconds } from '../../../core/rules/dates';
import { formatCouponValue, isDiscountDisplayed } from '../../../core/rules/discounts';
import { formatCents } from '../../../core/rules/money';
import { formatCount } from '../../../core/rules/limits';
import { breakdownAddons, breakdownTotalCents, isSubdirectoryAddon, planFeatures } from '../../../core/rules/plans';
import { isCustomPlan } from '../../../core/rules/products';
import { useIntlLocale } from '../../i18n/useIntlLocale';
import { ActionButton } from '../../ui/ActionButton';
import { ExternalLink } from '../../ui/ExternalLink';
import { FormError } from '../../ui/FormError';
import { useActionFlow } from '../../ui/useActionFlow';
import { useGetCustomerPortalUrlMutation, useReactivateSubscriptionMutation } from './billingApi';
import { STAFF_LIMIT_HELP_PATH, companyPage, portalReturnUrl } from '../common/links';
import { usePageNavigation } from '../common/pageNavigation';
import { OpenInvoicePayment } from '../payments/OpenInvoicePayment';
import { NextCharge } from '../common/NextCharge';
import { planFeatureMessage } from '../common/planMessages';
import { useSiteCurrency } from '../common/useSiteCurrency';
import { PlanUsage } from './PlanUsage';
import {
  CANCELED_BANNER_TITLE,
  PERIOD_LABELS,
  REACTIVATE_FAILED_MESSAGE,
  SPECIAL_OFFER_LABEL,
  SUBDIRECTORY_ADDON_LABEL,
  pricePerPeriod,
} from './messages';

function CancelBanner({ data }: { data: SubscribedBillingData }) {
  const { t } = useLingui();
  const locale = useIntlLocale();
  const [reactivate] = useReactivateSubscriptionMutation();
  const flow = useActionFlow();
  const offlineDate = formatLongDate(data.subscription.current_period_end, locale);
  return (
    <div className="banner banner--warning">
      <p className="banner__title">{t(CANCELED_BANNER_TITLE)}</p>
      <p>
        <Trans>
          Your site will go offline on <strong>{offlineDate}</strong>. Reactivate to keep it online.
        </Trans>
      </p>
      <ActionButton
        className="button button--secondary"
        state={flow.state}
        label={t`Reactivate`}
        pendingLabel={t`Reactivating…`}
        onClick={() =>
          flow.run(async () => {
            const result = await reactivate({ subscriptionId: data.subscription.id });
            return 'error' in result ? REACTIVATE_FAILED_MESSAGE : null;
          })
        }
      />
      <FormError>{flow.error}</FormError>
    </div>
  );
}

function PendingPlanChange({ checkoutRoute }: { checkoutRoute: string }) {
  return (
    <div className="banner banner--warning">
      <p className="banner__title">
        <Trans>Your plan change is waiting for payment</Trans>
      </p>
      <p>
        <Trans>
          The new plan starts once its payment is complete. <Link to={checkoutRoute}>Complete payment</Link>
        </Trans>
      </p>
    </div>
  );
}

function StaffLimitWarning() {
  const { companySite } = useConfig();
  return (
    <div className="banner banner--warning">
      <p className="banner__title">
        <Trans>You have more staff users than your plan includes</Trans>
      </p>
      <p>
        <Trans>
          Remove staff users or choose a plan with more of them.{' '}
          <ExternalLink href={companyPage(companySite, STAFF_LIMIT_HELP_PATH)}>
            Learn about staff user limits
          </ExternalLink>
        </Trans>
      </p>
    </div>
  );
}

/** A custom plan's details live in the card provider's customer portal. */
function CustomPlanPortal({ customerId }: { customerId: string }) {
  const { hostOrigins, portalLoginUrl } = useConfig();
  const [getPortalUrl, { isLoading }] = useGetCustomerPortalUrlMutation();
  const pageNavigation = usePageNavigation();
  async function openPortal() {
    const tab = pageNavigation.openPendingTab();
    const redirectUrl = portalReturnUrl(document.referrer, hostOrigins);
    const result = redirectUrl === null ? null : await getPortalUrl({ customerId, redirectUrl });
    tab.go(result?.data?.url ?? portalLoginUrl);
  }
  return (
    <div className="custom-plan">
      <p>
        <Trans>Your plan was set up for you: its price and invoices are in the customer portal.</Trans>
      </p>
      <button
        type="button"
        className="button button--secondary"
        onClick={openPortal}
        disabled={isLoading}
        aria-busy={isLoading}
      >
        <Trans>
          View<span className="visually-hidden"> your plan in the customer portal (opens in a new tab)</span>
        </Trans>
      </button>
    </div>
  );
}

function PriceBreakdown({ data }: { data: SubscribedBillingData }) {
  const { t } = useLingui();
  const locale = useIntlLocale();
  const currency = useSiteCurrency();
  const { baseProduct, addons } = data.subscription.meta;
  const baseCost = data.currentPrice?.cost ?? 0;
  const period = baseProduct.billing_period;
  const total = formatCents(breakdownTotalCents(baseCost, baseProduct.quantity, addons), currency, locale);
  const plan = baseProduct.name;
  const quantity = formatCount(baseProduct.quantity, locale);
  return (
    <dl className="price-breakdown">
      <div className="price-breakdown__row">
        <dt>{baseProduct.quantity > 1 ? t`${plan} plan × ${quantity}` : t`${plan} plan`}</dt>
        <dd>{formatCents(baseCost * baseProduct.quantity, currency, locale)}</dd>
      </div>
      {breakdownAddons(addons).map((addon) => (
        <div className="price-breakdown__row" key={addon.price}>
          {/* "A subdirectory add-on reads 'Subdirectory install'"; any other reads as the provider names it. */}
          <dt>{isSubdirectoryAddon(addon.name) ? t(SUBDIRECTORY_ADDON_LABEL) : addon.name}</dt>
          <dd>{formatCents(addon.cost, currency, locale)}</dd>
        </div>
      ))}
      <div className="price-breakdown__row price-breakdown__row--total">
        <dt>
          <Trans>Total</Trans>
        </dt>
        <dd>{t(pricePerPeriod(total, period))}</dd>
      </div>
    </dl>
  );
}

function AccountExtras({ data, now }: { data: SubscribedBillingData; now: number }) {
  const { t } = useLingui();
  const locale = useIntlLocale();
  const currency = useSiteCurrency();
  const credit = data.customerBalance < 0;
  const offer = isDiscountDisplayed(data.discount, now) ? data.discount : null;
  if (!credit && !offer) return null;
  const coupon = offer?.coupon.name ?? '';
  const value = offer ? formatCouponValue(offer.coupon, locale) : null;
  return (
    <dl className="price-breakdown price-breakdown--extras">
      {credit && (
        <div className="price-breakdown__row">
          <dt>
            <Trans>Account credit</Trans>
          </dt>
          <dd>{formatCents(-data.customerBalance, currency, locale)}</dd>
        </div>
      )}
      {offer && (
        <div className="price-breakdown__row">
          <dt>{t(SPECIAL_OFFER_LABEL)}</dt>
          <dd>{value ? t`${coupon}: ${value} off` : coupon}</dd>
        </div>
      )}
    </dl>
  );
}

/** In grace: what the failed renewal left to pay, and the payment with the card on file. */
function PastDueInvoice({ data }: { data: SubscribedBillingData }) {
  const locale = useIntlLocale();
  const currency = useSiteCurrency();
  return (
    <div className="past-due-invoice">
      {data.latestInvoice && (
        <dl className="price-breakdown price-breakdown--extras">
          <div className="price-breakdown__row">
            <dt>
              <Trans>Past due</Trans>
            </dt>
            <dd>{formatCents(data.latestInvoice.amount_remaining, currency, locale)}</dd>
          </div>
        </dl>
      )}
      <OpenInvoicePayment customerId={data.subscription.customer_id} />
    </div>
  );
}

export function PlanDetails({ data, now = toUnixSeconds(Date.now()) }: { data: SubscribedBillingData; now?: number }) {
  const { t } = useLingui();
  const { baseProduct } = data.subscription.meta;
  const plan = baseProduct.name;
  const custom = isCustomPlan(plan);
  // In the catalog's words; a line the catalog does not have reads as core words it.
  const features = planFeatures(plan, data.currentPrice?.legacy ?? false).map((feature) => {
    const message = planFeatureMessage(feature);
    return message ? t(message) : feature;
  });
  return (
    <section className="card plan-details" aria-labelledby="plan-details-heading">
      <h2 id="plan-details-heading">
        <Trans>Plan details</Trans>
      </h2>
      {data.willCancelAtPeriodEnd && <CancelBanner data={data} />}
      {data.isPending && <PendingPlanChange checkoutRoute={data.checkoutRoute} />}
      {data.exceededLimits.includes('staff') && <StaffLimitWarning />}
      <p className="plan-name">
        {plan} <span className="plan-period">{t(PERIOD_LABELS[baseProduct.billing_period])}</span>
      </p>
      {features.length > 0 && (
        <ul className="plan-features" aria-label={t`${plan} features`}>
          {features.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
      )}
      <PlanUsage data={data} />
      {custom ? <CustomPlanPortal customerId={data.subscription.customer_id} /> : <PriceBreakdown data={data} />}
      <AccountExtras data={data} now={now} />
      {data.isGrace ? <PastDueInvoice data={data} /> : <NextCharge />}
      {!custom && (
        <div className="card__actions">
          {data.isGrace ? (
            <button type="button" className="button" disabled aria-describedby="update-plan-grace-note">
              <Trans>Update plan</Trans>
            </button>
          ) : (
            <Link className="button" to="/plans">
              <Trans>Update plan</Trans>
            </Link>
          )}
          {data.isGrace && (
            <p id="update-plan-grace-note" className="note">
              <Trans>Pay the open invoice before changing your plan.</Trans>
            </p>
          )}
        </div>
      )}
    </section>
  );
}
