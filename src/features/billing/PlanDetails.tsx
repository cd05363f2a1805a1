/**
 * The plan-details box (SPEC 2, "Billing dashboard" 1): the plan and its features, the price breakdown or a
 * custom plan's portal, credit and special offer, 'Update plan', and the warnings and banner the state calls for;
 * in grace, the past-due amount and 'Pay open invoice', whose payment ends grace.
 */
import { Link } from 'react-router-dom';
import type { BillingData } from '../../../core/contract';
import { useConfig } from '../../config';
import { formatLongDate, toUnixSeconds } from '../../../core/rules/dates';
import { formatCouponValue, isDiscountDisplayed } from '../../../core/rules/discounts';
import { currencySymbol, formatCents } from '../../../core/rules/money';
import { perPeriod } from '../../../core/rules/perPeriod';
import { periodLabel } from '../../../core/rules/periodLabel';
import { addonDisplayName, breakdownAddons, breakdownTotalCents, planFeatures } from '../../../core/rules/plans';
import { isCustomPlan } from '../../../core/rules/products';
import { ActionButton } from '../../ui/ActionButton';
import { ExternalLink } from '../../ui/ExternalLink';
import { FormError } from '../../ui/FormError';
import { useActionFlow } from '../../ui/useActionFlow';
import { useGetCustomerPortalUrlMutation, useReactivateSubscriptionMutation } from './billingApi';
import { STAFF_LIMIT_HELP_PATH, companyPage, portalReturnUrl } from '../common/links';
import { usePageNavigation } from '../common/pageNavigation';
import { OpenInvoicePayment } from '../payments/OpenInvoicePayment';
import { NextCharge } from '../common/NextCharge';
import { PlanUsage } from './PlanUsage';
import { CANCELED_BANNER_TITLE, REACTIVATE_FAILED_MESSAGE, SPECIAL_OFFER_LABEL } from './messages';

const USD = currencySymbol();

function CancelBanner({ data }: { data: BillingData }) {
  const [reactivate] = useReactivateSubscriptionMutation();
  const flow = useActionFlow();
  const offlineDate = formatLongDate(data.subscription.current_period_end);
  return (
    <div className="banner banner--warning">
      <p className="banner__title">{CANCELED_BANNER_TITLE}</p>
      <p>
        Your site will go offline on <strong>{offlineDate}</strong>. Reactivate to keep it online.
      </p>
      <ActionButton
        className="button button--secondary"
        state={flow.state}
        label="Reactivate"
        pendingLabel="Reactivating…"
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
      <p className="banner__title">Your plan change is waiting for payment</p>
      <p>
        The new plan starts once its payment is complete. <Link to={checkoutRoute}>Complete payment</Link>
      </p>
    </div>
  );
}

function StaffLimitWarning() {
  const { companySite } = useConfig();
  return (
    <div className="banner banner--warning">
      <p className="banner__title">You have more staff users than your plan includes</p>
      <p>
        Remove staff users or choose a plan with more of them.{' '}
        <ExternalLink href={companyPage(companySite, STAFF_LIMIT_HELP_PATH)}>Learn about staff user limits</ExternalLink>
      </p>
    </div>
  );
}

/** A custom plan's details live in the card provider's customer portal. */
function CustomPlanPortal({ customerId }: { customerId: string }) {
  const { companySite, portalLoginUrl } = useConfig();
  const [getPortalUrl, { isLoading }] = useGetCustomerPortalUrlMutation();
  const pageNavigation = usePageNavigation();
  async function openPortal() {
    const tab = pageNavigation.openPendingTab();
    const result = await getPortalUrl({ customerId, redirectUrl: portalReturnUrl(document.referrer, companySite) });
    tab.go(result.data?.url ?? portalLoginUrl);
  }
  return (
    <div className="custom-plan">
      <p>Your plan was set up for you: its price and invoices are in the customer portal.</p>
      <button type="button" className="button button--secondary" onClick={openPortal} disabled={isLoading} aria-busy={isLoading}>
        View<span className="visually-hidden"> your plan in the customer portal (opens in a new tab)</span>
      </button>
    </div>
  );
}

function PriceBreakdown({ data }: { data: BillingData }) {
  const { baseProduct, addons } = data.subscription.meta;
  const baseCost = data.currentPrice?.cost ?? 0;
  const period = baseProduct.billing_period;
  const total = breakdownTotalCents(baseCost, baseProduct.quantity, addons);
  return (
    <dl className="price-breakdown">
      <div className="price-breakdown__row">
        <dt>
          {baseProduct.name} plan{baseProduct.quantity > 1 ? ` × ${baseProduct.quantity}` : ''}
        </dt>
        <dd>{formatCents(baseCost * baseProduct.quantity, USD)}</dd>
      </div>
      {breakdownAddons(addons).map((addon) => (
        <div className="price-breakdown__row" key={addon.price}>
          <dt>{addonDisplayName(addon.name)}</dt>
          <dd>{formatCents(addon.cost, USD)}</dd>
        </div>
      ))}
      <div className="price-breakdown__row price-breakdown__row--total">
        <dt>Total</dt>
        <dd>
          {formatCents(total, USD)} {perPeriod(period)}
        </dd>
      </div>
    </dl>
  );
}

function AccountExtras({ data, now }: { data: BillingData; now: number }) {
  const credit = data.customerBalance < 0;
  const offer = isDiscountDisplayed(data.discount, now) ? data.discount : null;
  if (!credit && !offer) return null;
  const offerValue = offer ? formatCouponValue(offer.coupon) : null;
  return (
    <dl className="price-breakdown price-breakdown--extras">
      {credit && (
        <div className="price-breakdown__row">
          <dt>Account credit</dt>
          <dd>{formatCents(-data.customerBalance, USD)}</dd>
        </div>
      )}
      {offer && (
        <div className="price-breakdown__row">
          <dt>{SPECIAL_OFFER_LABEL}</dt>
          <dd>
            {offer.coupon.name}
            {offerValue ? `: ${offerValue} off` : ''}
          </dd>
        </div>
      )}
    </dl>
  );
}

/** In grace: what the failed renewal left to pay, and the payment with the card on file. */
function PastDueInvoice({ data }: { data: BillingData }) {
  return (
    <div className="past-due-invoice">
      {data.latestInvoice && (
        <dl className="price-breakdown price-breakdown--extras">
          <div className="price-breakdown__row">
            <dt>Past due</dt>
            <dd>{formatCents(data.latestInvoice.amount_remaining, USD)}</dd>
          </div>
        </dl>
      )}
      <OpenInvoicePayment customerId={data.subscription.customer_id} />
    </div>
  );
}

export function PlanDetails({ data, now = toUnixSeconds(Date.now()) }: { data: BillingData; now?: number }) {
  const { baseProduct } = data.subscription.meta;
  const custom = isCustomPlan(baseProduct.name);
  const features = planFeatures(baseProduct.name, data.currentPrice?.legacy ?? false);
  return (
    <section className="card plan-details" aria-labelledby="plan-details-heading">
      <h2 id="plan-details-heading">Plan details</h2>
      {data.willCancelAtPeriodEnd && <CancelBanner data={data} />}
      {data.isPending && <PendingPlanChange checkoutRoute={data.checkoutRoute} />}
      {data.exceededLimits.includes('staff') && <StaffLimitWarning />}
      <p className="plan-name">
        {baseProduct.name} <span className="plan-period">{periodLabel(baseProduct.billing_period)}</span>
      </p>
      {features.length > 0 && (
        <ul className="plan-features" aria-label={`${baseProduct.name} features`}>
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
              Update plan
            </button>
          ) : (
            <Link className="button" to="/plans">
              Update plan
            </Link>
          )}
          {data.isGrace && (
            <p id="update-plan-grace-note" className="note">
              Pay the open invoice before changing your plan.
            </p>
          )}
        </div>
      )}
    </section>
  );
}
