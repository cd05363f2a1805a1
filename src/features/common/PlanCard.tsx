/**
 * One plan as the user compares it (the member limit modal and the Plans screen): its monthly price for the
 * chosen member tier and period (a yearly price shown per month), its features, the yearly saving where the
 * screen shows it, why it cannot be chosen when it cannot, and 'Choose this plan' with the checkout route of
 * that tier's price.
 */
import { useId } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { BillingData, BillingPeriod, Price, Product } from '../../../core/contract';
import { centsToUnits, formatMoney, yearlySaving, yearlyToMonthly } from '../../../core/rules/money';
import { checkoutPath } from '../../../core/rules/checkoutId';
import {
  comparablePrice,
  paidPriceId,
  planDisabledCause,
  planFeatures,
  suitablePrice,
} from '../../../core/rules/plans';
import { useIntlLocale } from '../../i18n/useIntlLocale';
import { planDisabledText, planFeatureMessage } from './planMessages';
import { useSiteCurrency } from './useSiteCurrency';

export interface PlanCardProps {
  product: Product;
  members: number;
  /** the period the card prices and checks out in */
  period: BillingPeriod;
  data: BillingData;
  /** shows what a yearly price saves against 12 monthly ones (the Plans screen) */
  showYearlySaving?: boolean;
  onChoose(path: string): void;
}

/**
 * SPEC 5: "A saving compares 12 times the higher monthly price with the yearly cost", against the same tier's
 * monthly price; null when there is none to compare with or nothing is saved.
 */
function yearlySavingOf(product: Product, yearly: Price): number | null {
  const monthly = comparablePrice(product, yearly);
  if (!monthly) return null;
  const saving = yearlySaving(centsToUnits(monthly.cost), centsToUnits(yearly.cost));
  return saving > 0 ? saving : null;
}

export function PlanCard({ product, members, period, data, showYearlySaving = false, onChoose }: PlanCardProps) {
  const { t } = useLingui();
  const locale = useIntlLocale();
  const currency = useSiteCurrency();
  const headingId = useId();
  const reasonId = useId();
  const price = suitablePrice(product, period, members);
  if (!price) return null;
  const monthly = period === 'year' ? yearlyToMonthly(centsToUnits(price.cost)) : centsToUnits(price.cost);
  const saving = showYearlySaving && period === 'year' ? yearlySavingOf(product, price) : null;
  const cause = planDisabledCause({
    product,
    price,
    currentPriceId: paidPriceId(data),
    siteLimits: data.currentSiteLimits,
    site: data.currentSite,
    siteMajorVersion: data.currentSiteVersion,
  });
  const reason = cause === null ? null : t(planDisabledText(cause, locale));
  const path = checkoutPath({
    product: product.name.toLowerCase(),
    group: product.group,
    period: price.billing_period,
  });
  const monthlyPrice = formatMoney(monthly, currency, locale);
  const yearlySaved = saving === null ? null : formatMoney(saving, currency, locale);
  const name = product.name;
  return (
    <li className="plan-card">
      <h3 id={headingId}>{name}</h3>
      <p className="plan-card__price">
        {period === 'year' ? (
          <Trans>
            <strong>{monthlyPrice}</strong> per month, billed yearly
          </Trans>
        ) : (
          <Trans>
            <strong>{monthlyPrice}</strong> per month
          </Trans>
        )}
      </p>
      {yearlySaved !== null && <p className="plan-card__saving">{t`Save ${yearlySaved} per year`}</p>}
      <ul className="plan-card__features">
        {planFeatures(product.name, price.legacy).map((feature) => {
          const message = planFeatureMessage(feature);
          return <li key={feature}>{message ? t(message) : feature}</li>;
        })}
      </ul>
      {reason && (
        <p id={reasonId} className="note">
          {reason}
        </p>
      )}
      <button
        type="button"
        className="button"
        disabled={reason !== null || path === null}
        aria-label={t`Choose this plan: ${name}`}
        aria-describedby={reason ? reasonId : undefined}
        onClick={() => path && onChoose(path)}
      >
        {t`Choose this plan`}
      </button>
    </li>
  );
}
