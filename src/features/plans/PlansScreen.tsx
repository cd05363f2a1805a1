/**
 * The Plans screen (SPEC 2 "Plans screen", 4 "Routing by state", 5 "Offers", 9): behind the screen gate (the
 * navigation hidden while loading, then shown; the state redirects), the member tier, the pricing links, the
 * annual/monthly toggle, one plan card per purchasable product, the coupon banner and, for a trial, the
 * cancel-trial control. Choosing a plan goes to /checkout/{product}-{group}-{period}.
 */
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { BillingData, BillingPeriod, SubscribedBillingData } from '../../../core/contract';
import { hasSubscription } from '../../../core/rules/flags';
import { useConfig } from '../../config';
import { useIntlLocale } from '../../i18n/useIntlLocale';
import { toUnixSeconds } from '../../../core/rules/dates';
import { plansRedirect } from '../../../core/rules/flags';
import {
  isLastMemberStep,
  memberCountOrDefault,
  memberTierIndex,
  memberTierSteps,
  siteMemberCount,
} from '../../../core/rules/limits';
import { offeredProducts } from '../../../core/rules/plans';
import { ExternalLink } from '../../ui/ExternalLink';
import { useScreenTitle } from '../../ui/shell';
import { PRICING_PATH, PRICING_TABLE_PATH, companyPage } from '../common/links';
import { NextCharge } from '../common/NextCharge';
import { MemberTierSlider, MembersContactPrompt, type MemberLimitChoice } from '../common/MemberTierControl';
import { PlanCard } from '../common/PlanCard';
import { ScreenGate } from '../common/ScreenGate';
import {
  ANNUAL_TOGGLE_LABEL,
  CANCEL_TRIAL_LABEL,
  LOADING_PLANS_LABEL,
  PRICING_LINKS,
  TRIAL_SECTION_LABEL,
  audienceHeading,
  couponBannerText,
  plansListLabel,
  plansTitle,
} from './messages';

const CancelAccountModal = lazy(() => import(/* webpackChunkName: "billing-modals" */ '../common/CancelAccountModal'));

/** A grid of this many cards gets three columns (SPEC 2: "three columns when there are 3 products"). */
const THREE_COLUMN_PRODUCT_COUNT = 3;

function plansScreenRedirect(data: BillingData) {
  return plansRedirect({
    flags: data,
    // A failed load never reaches here: the gate sends it home (onFailure="home").
    hasError: false,
    availableProductCount: data.availableProducts.length,
    purchasableProductCount: offeredProducts(data.availableProducts, data.user.show_product_group).length,
    baseProductName: data.subscription?.meta.baseProduct.name ?? '',
  });
}

function PricingLinks() {
  const { companySite } = useConfig();
  const { t } = useLingui();
  return (
    <p className="plans-links">
      <ExternalLink href={companyPage(companySite, PRICING_TABLE_PATH)}>{t(PRICING_LINKS.table)}</ExternalLink>
      <ExternalLink href={companyPage(companySite, PRICING_PATH)}>{t(PRICING_LINKS.fullPage)}</ExternalLink>
    </p>
  );
}

/** "An annual/monthly toggle, on by default": on is yearly. */
function AnnualToggle({ period, onChange }: { period: BillingPeriod; onChange(period: BillingPeriod): void }) {
  const { t } = useLingui();
  return (
    <label className="plans-period">
      <input
        type="checkbox"
        role="switch"
        checked={period === 'year'}
        onChange={(event) => onChange(event.target.checked ? 'year' : 'month')}
      />
      {t(ANNUAL_TOGGLE_LABEL)}
    </label>
  );
}

/** "A coupon banner shows when both the discount and the user's coupon exist." */
function CouponBanner({ data }: { data: BillingData }) {
  const { i18n } = useLingui();
  const locale = useIntlLocale();
  if (!data.discount || !data.user.coupon) return null;
  return <p className="plans-coupon">{couponBannerText(i18n, data.discount.coupon, locale)}</p>;
}

/** "Trial users get a cancel-trial control": SPEC 4, a trial cancels now, through the shared Cancel account. */
function CancelTrial({ data }: { data: SubscribedBillingData }) {
  const [open, setOpen] = useState(false);
  const { t } = useLingui();
  return (
    <div className="plans-footer">
      <button type="button" className="button button--link button--danger-link" onClick={() => setOpen(true)}>
        {t(CANCEL_TRIAL_LABEL)}
      </button>
      {open && (
        <Suspense fallback={null}>
          <CancelAccountModal data={data} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}

function Plans({ data }: { data: BillingData }) {
  const navigate = useNavigate();
  const { t } = useLingui();
  const locale = useIntlLocale();
  const { subscription } = data;
  const now = toUnixSeconds(Date.now());
  // In words, not the message: the same words each render, so the shell takes the title once per language. A site
  // without a subscription is asked to pick its first plan.
  useScreenTitle(
    t(plansTitle(data, subscription === null ? now : (subscription.trial_end ?? subscription.current_period_end), now)),
  );
  const products = offeredProducts(data.availableProducts, data.user.show_product_group);
  const steps = memberTierSteps({ prices: products.flatMap((product) => product.prices) });
  const [index, setIndex] = useState(() => memberTierIndex(steps, memberCountOrDefault(data.currentSiteLimits)));
  const [period, setPeriod] = useState<BillingPeriod>('year');
  const members = steps[index] ?? steps[0]!;
  const headingId = useId();
  const columns = products.length === THREE_COLUMN_PRODUCT_COUNT ? ' plans-grid--three' : '';

  function choose(path: string) {
    navigate(path, { state: { members } satisfies MemberLimitChoice });
  }

  return (
    <div className="plans">
      <section className="plans-audience" aria-labelledby={headingId}>
        <h2 id={headingId}>{t(audienceHeading(siteMemberCount(data.currentSiteLimits), steps, members, locale))}</h2>
        <MemberTierSlider steps={steps} index={index} onChange={setIndex} />
        <PricingLinks />
      </section>
      {/* A trial never sees the dashboard (SPEC 4 "Routing by state"): what its end bills is told here. */}
      {data.isTrial && (
        <section className="card trial-end" aria-label={t(TRIAL_SECTION_LABEL)}>
          <NextCharge />
        </section>
      )}
      <AnnualToggle period={period} onChange={setPeriod} />
      <CouponBanner data={data} />
      {isLastMemberStep(steps, members) ? (
        <MembersContactPrompt />
      ) : (
        <ul className={`plan-cards plans-grid${columns}`} aria-label={t(plansListLabel(members, locale))}>
          {products.map((product) => (
            <PlanCard
              key={product.id}
              product={product}
              members={members}
              period={period}
              data={data}
              showYearlySaving
              onChoose={choose}
            />
          ))}
        </ul>
      )}
      {data.isTrial && hasSubscription(data) && <CancelTrial data={data} />}
    </div>
  );
}

export default function PlansScreen() {
  const { t } = useLingui();
  // Billing data with an error sends the user home (the first of the screen's redirects).
  return (
    <ScreenGate loadingLabel={t(LOADING_PLANS_LABEL)} onFailure="home" redirect={plansScreenRedirect}>
      {(data) => <Plans data={data} />}
    </ScreenGate>
  );
}
