/** The chosen plan (SPEC 2 "Plan summary"): name, period, price, members included, features, and 'Change plan'. */
import { Link } from 'react-router-dom';
import type { Price, Product } from '../../../core/contract';
import { formatMemberCount, memberLimitOf } from '../../../core/rules/limits';
import { currencySymbol, formatCents } from '../../../core/rules/money';
import { withoutEverythingItems } from '../../../core/rules/plans';

const USD = currencySymbol();

export function PlanSummary({ product, price }: { product: Product; price: Price }) {
  const members = memberLimitOf(price.limits);
  const periodName = price.billing_period === 'year' ? 'Yearly' : 'Monthly';
  return (
    <section className="card checkout-plan" aria-labelledby="checkout-plan-heading">
      <h2 id="checkout-plan-heading">
        {product.name} <span className="checkout-plan__period">{periodName}</span>
      </h2>
      <p className="checkout-plan__price">
        <strong>{formatCents(price.cost, USD)}</strong> per {price.billing_period}
      </p>
      {members !== null && <p>Includes up to {formatMemberCount(members)} members</p>}
      <ul className="checkout-plan__features">
        {withoutEverythingItems(price.features).map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <Link to="/plans">Change plan</Link>
    </section>
  );
}
