/**
 * One plan as the user compares it (the member limit modal today, the Plans screen next): its monthly price
 * for the chosen member tier, its features, why it cannot be chosen when it cannot, and 'Choose this plan'
 * with the checkout route of that tier's price.
 */
import { useId } from 'react';
import type { BillingData, Product } from '../../api/contract';
import { centsToUnits, currencySymbol, formatMoney, yearlyToMonthly } from '../../lib/money';
import { checkoutPath, planDisabledReason, planFeatures, suitablePrice } from '../../lib/plans';

const USD = currencySymbol();

export interface PlanCardProps {
  product: Product;
  members: number;
  data: BillingData;
  onChoose(path: string): void;
}

export function PlanCard({ product, members, data, onChoose }: PlanCardProps) {
  const headingId = useId();
  const reasonId = useId();
  const period = data.subscription.meta.baseProduct.billing_period;
  const price = suitablePrice(product, period, members);
  if (!price) return null;
  const monthly = period === 'year' ? yearlyToMonthly(centsToUnits(price.cost)) : centsToUnits(price.cost);
  const reason = planDisabledReason({
    product,
    price,
    currentPriceId: data.currentPrice?.id ?? null,
    siteLimits: data.currentSiteLimits,
    site: data.currentSite,
    siteMajorVersion: data.currentSiteVersion,
  });
  const path = checkoutPath({ product: product.name.toLowerCase(), group: product.group, period: price.billing_period });
  return (
    <li className="plan-card">
      <h3 id={headingId}>{product.name}</h3>
      <p className="plan-card__price">
        <strong>{formatMoney(monthly, USD)}</strong> per month{period === 'year' ? ', billed yearly' : ''}
      </p>
      <ul className="plan-card__features">
        {planFeatures(product.name, price.legacy).map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
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
        aria-label={`Choose this plan: ${product.name}`}
        aria-describedby={reason ? reasonId : undefined}
        onClick={() => path && onChoose(path)}
      >
        Choose this plan
      </button>
    </li>
  );
}
