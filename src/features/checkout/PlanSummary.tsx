/** The chosen plan (SPEC 2 "Plan summary"): name, period, price, members included, features, and 'Change plan'. */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import type { Price, Product } from '../../../core/contract';
import { formatMemberCount, memberLimitOf } from '../../../core/rules/limits';
import { formatCents } from '../../../core/rules/money';
import { withoutEverythingItems } from '../../../core/rules/plans';
import { useIntlLocale } from '../../i18n/useIntlLocale';
import { planFeatureMessage } from '../common/planMessages';
import { useSiteCurrency } from '../common/useSiteCurrency';
import { PERIOD_LABELS } from './messages';

export function PlanSummary({ product, price }: { product: Product; price: Price }) {
  const { t } = useLingui();
  const locale = useIntlLocale();
  const currency = useSiteCurrency();
  const limit = memberLimitOf(price.limits);
  const members = limit === null ? null : formatMemberCount(limit, locale);
  const amount = formatCents(price.cost, currency, locale);
  return (
    <section className="card checkout-plan" aria-labelledby="checkout-plan-heading">
      <h2 id="checkout-plan-heading">
        {product.name} <span className="checkout-plan__period">{t(PERIOD_LABELS[price.billing_period])}</span>
      </h2>
      <p className="checkout-plan__price">
        {price.billing_period === 'year' ? (
          <Trans>
            <strong>{amount}</strong> per year
          </Trans>
        ) : (
          <Trans>
            <strong>{amount}</strong> per month
          </Trans>
        )}
      </p>
      {members !== null && <p>{t`Includes up to ${members} members`}</p>}
      <ul className="checkout-plan__features">
        {withoutEverythingItems(price.features).map((feature) => {
          // A feature the catalog does not have (a product's own) reads as the product names it.
          const message = planFeatureMessage(feature);
          return <li key={feature}>{message ? t(message) : feature}</li>;
        })}
      </ul>
      <Link to="/plans">
        <Trans>Change plan</Trans>
      </Link>
    </section>
  );
}
