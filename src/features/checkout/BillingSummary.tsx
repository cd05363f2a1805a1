/**
 * The checkout's billing summary (SPEC 2): the period switch, the card and invoice details, the prices, the
 * coupon, the credit and what is billed now, in plain words with the renewal after it. Its words come from the
 * catalog, its money and dates in the owner's locale.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { BillingData, BillingPeriod, Coupon, InvoicePreview, Price, Product } from '../../../core/contract';
import { INVOICE_PREVIEW_FAILED } from '../../api/errors';
import { amountDueParts, prorationCredit } from '../../../core/rules/checkout';
import { formatCardExpiry } from '../../../core/rules/dates';
import { formatCouponValue } from '../../../core/rules/discounts';
import { formatCents, formatPercent, yearlySavingPercent } from '../../../core/rules/money';
import { comparablePrice } from '../../../core/rules/plans';
import { useIntlLocale } from '../../i18n/useIntlLocale';
import { CardBrandIcon, cardBrandName } from '../../ui/CardBrandIcon';
import { FormError } from '../../ui/FormError';
import { Spinner } from '../../ui/Spinner';
import { useSiteCurrency } from '../common/useSiteCurrency';
import { PERIOD_LABELS, amountDueText, nextRenewalText } from './messages';

const PERIODS: readonly BillingPeriod[] = ['month', 'year'];

export interface BillingSummaryProps {
  data: BillingData;
  product: Product;
  price: Price;
  /** the cost per period of the selected add-ons, cents */
  addonsCost: number;
  coupon: Coupon | null;
  preview: InvoicePreview | undefined;
  previewFailed: boolean;
  onSwitchPeriod(period: BillingPeriod): void;
  onEditCard(): void;
  onEditInvoiceDetails(): void;
}

function Line({ label, value }: { label: string; value: string }) {
  return (
    <div className="checkout-line">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** The name of the plan a preview line is for: the product's own prices read as the product, others by name. */
function planNamer(data: BillingData, product: Product) {
  const prices = [
    ...data.availableProducts.flatMap((each) => each.prices),
    ...product.addons.flatMap((addon) => addon.prices),
  ];
  return (priceId: string) =>
    prices.find((price) => price.id === priceId)?.name ?? data.subscription?.meta.baseProduct.name ?? product.name;
}

/** The card on file: 'Visa ending in 4242 · Expires 04/30', or that there is none. */
function CardOnFile({ user }: { user: BillingData['user'] }) {
  const { t, i18n } = useLingui();
  if (!user.cardLast4) return <Trans>No credit card</Trans>;
  const brand = cardBrandName(user.cardType, i18n);
  const last4 = user.cardLast4;
  const expiry = formatCardExpiry(user.cardExpiry);
  return (
    <>
      <CardBrandIcon brand={user.cardType} />{' '}
      {expiry ? t`${brand} ending in ${last4} · Expires ${expiry}` : t`${brand} ending in ${last4}`}
    </>
  );
}

export function BillingSummary(props: BillingSummaryProps) {
  const { t, i18n } = useLingui();
  const locale = useIntlLocale();
  const currency = useSiteCurrency();
  const { data, product, price, coupon, preview } = props;
  const { user } = data;
  const other = comparablePrice(product, price);
  const yearly = price.billing_period === 'year' ? price : other;
  const monthly = price.billing_period === 'month' ? price : other;
  const saving = yearly && monthly ? yearlySavingPercent(monthly.cost, yearly.cost) : 0;
  const credit = preview ? prorationCredit(preview.lines) : 0;
  const couponValue = coupon ? formatCouponValue(coupon, locale) : null;
  const money = (cents: number) => formatCents(cents, currency, locale);
  const yearlyPrice = yearly ? money(yearly.cost) : '';
  const couponName = coupon?.name ?? '';
  const total = money(price.cost + props.addonsCost);

  return (
    <section className="card checkout-summary" aria-labelledby="checkout-summary-heading">
      <h2 id="checkout-summary-heading">
        <Trans>Billing summary</Trans>
      </h2>
      <div className="checkout-periods" role="group" aria-label={t`Billing period`}>
        {PERIODS.map((period) => (
          <button
            key={period}
            type="button"
            className={`button ${period === price.billing_period ? '' : 'button--secondary'}`}
            aria-pressed={period === price.billing_period}
            disabled={period !== price.billing_period && !other}
            onClick={() => period !== price.billing_period && props.onSwitchPeriod(period)}
          >
            {t(PERIOD_LABELS[period])}
          </button>
        ))}
      </div>

      <div className="checkout-card">
        <p>
          <CardOnFile user={user} />
        </p>
        <button type="button" className="button button--secondary" onClick={props.onEditCard}>
          {user.cardLast4 ? t`Update credit card` : t`Add credit card`}
        </button>
        <button type="button" className="button button--secondary" onClick={props.onEditInvoiceDetails}>
          <Trans>Edit invoice details</Trans>
        </button>
      </div>

      <dl className="checkout-lines">
        {yearly && <Line label={t`Yearly price`} value={t`${yearlyPrice}/year`} />}
        {saving > 0 && <Line label={t`Yearly discount`} value={formatPercent(saving, locale)} />}
        <Line label={price.billing_period === 'year' ? t`Total per year` : t`Total per month`} value={total} />
        {coupon && couponValue && <Line label={t`Coupon: ${couponName}`} value={t`${couponValue} off`} />}
        {credit < 0 && <Line label={t`Credit from last payment`} value={money(credit)} />}
        {preview && <Line label={t`Amount to be billed now`} value={money(preview.amount)} />}
      </dl>
      {!preview && !props.previewFailed && <Spinner label={t`Calculating the amount due`} />}
      <FormError>{props.previewFailed ? t(INVOICE_PREVIEW_FAILED) : null}</FormError>
      {preview && (
        <div className="checkout-explanation">
          {preview.lines.length > 0 && (
            <p>{amountDueText(i18n, amountDueParts(preview, planNamer(data, product)), currency, locale)}.</p>
          )}
          <p>{t(nextRenewalText(preview.nextRenewal, currency, locale))}</p>
        </div>
      )}
    </section>
  );
}
