/**
 * The optional add-ons at checkout (SPEC 2): each with its price, its description behind show/hide details, and
 * Add or Remove; an add-on the site already requires (its subdirectory) reads 'Active' instead.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { Addon, BillingPeriod } from '../../../core/contract';
import { formatCents } from '../../../core/rules/money';
import { useIntlLocale } from '../../i18n/useIntlLocale';
import { useSiteCurrency } from '../common/useSiteCurrency';
import { pricePerPeriod } from './messages';

export interface AddonListProps {
  addons: Addon[];
  period: BillingPeriod;
  isSelected(addon: Addon): boolean;
  isRequired(addon: Addon): boolean;
  displayName(name: string): string;
  onToggle(addon: Addon): void;
}

function AddonItem({
  addon,
  period,
  selected,
  required,
  name,
  onToggle,
}: {
  addon: Addon;
  period: BillingPeriod;
  selected: boolean;
  required: boolean;
  name: string;
  onToggle(): void;
}) {
  const { t } = useLingui();
  const locale = useIntlLocale();
  const currency = useSiteCurrency();
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const price = addon.prices.find((candidate) => candidate.billing_period === period);
  return (
    <li className="checkout-addon">
      <div className="checkout-addon__head">
        <h3>{name}</h3>
        {price && <span>{t(pricePerPeriod(formatCents(price.cost, currency, locale), period))}</span>}
      </div>
      <button
        type="button"
        className="button--link"
        aria-expanded={open}
        aria-controls={detailsId}
        onClick={() => setOpen(!open)}
      >
        {open ? t`Hide details` : t`Show details`}
      </button>
      <p id={detailsId} className="note" hidden={!open}>
        {addon.description}
      </p>
      {required ? (
        <span className="checkout-addon__active">
          <Trans>Active</Trans>
        </span>
      ) : (
        <button
          type="button"
          className="button button--secondary"
          aria-label={selected ? t`Remove ${name}` : t`Add ${name}`}
          onClick={onToggle}
        >
          {selected ? t`Remove` : t`Add`}
        </button>
      )}
    </li>
  );
}

export function AddonList({ addons, period, isSelected, isRequired, displayName, onToggle }: AddonListProps) {
  return (
    <section className="card checkout-addons" aria-labelledby="checkout-addons-heading">
      <h2 id="checkout-addons-heading">
        <Trans>Optional add-ons</Trans>
      </h2>
      <ul>
        {addons.map((addon) => (
          <AddonItem
            key={addon.id}
            addon={addon}
            period={period}
            selected={isSelected(addon)}
            required={isRequired(addon)}
            name={displayName(addon.name)}
            onToggle={() => onToggle(addon)}
          />
        ))}
      </ul>
    </section>
  );
}
