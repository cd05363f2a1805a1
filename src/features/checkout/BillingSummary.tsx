/**
 * The checkout's billing summary (SPEC 2): the period switch, the card and invoice details, the prices, the
 * coupon, the credit and what is billed now, in plain words with the renewal after it.
 */
import type { BillingData, BillingPeriod, Coupon, InvoicePreview, Price, Product } from '../../../core/contract';
import { INVOICE_PREVIEW_FAILED_MESSAGE } from '../../api/errors';
import { describeAmountDue, describeNextRenewal, prorationCredit } from '../../../core/rules/checkout';
import { formatCardExpiry } from '../../../core/rules/dates';
import { formatCouponValue } from '../../../core/rules/discounts';
import { currencySymbol, formatCents, formatPercent, yearlySavingPercent } from '../../../core/rules/money';
import { comparablePrice } from '../../../core/rules/plans';
import { CardBrandIcon, cardBrandName } from '../../ui/CardBrandIcon';
import { FormError } from '../../ui/FormError';
import { Spinner } from '../../ui/Spinner';

const USD = currencySymbol();
const PERIODS: readonly { period: BillingPeriod; label: string }[] = [
  { period: 'month', label: 'Monthly' },
  { period: 'year', label: 'Yearly' },
];

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
  const prices = [...data.availableProducts.flatMap((each) => each.prices), ...product.addons.flatMap((addon) => addon.prices)];
  return (priceId: string) => prices.find((price) => price.id === priceId)?.name ?? data.subscription.meta.baseProduct.name;
}

export function BillingSummary(props: BillingSummaryProps) {
  const { data, product, price, coupon, preview } = props;
  const { user } = data;
  const other = comparablePrice(product, price);
  const yearly = price.billing_period === 'year' ? price : other;
  const monthly = price.billing_period === 'month' ? price : other;
  const saving = yearly && monthly ? yearlySavingPercent(monthly.cost, yearly.cost) : 0;
  const credit = preview ? prorationCredit(preview.lines) : 0;
  const couponValue = coupon ? formatCouponValue(coupon) : null;
  const expiry = formatCardExpiry(user.cardExpiry);

  return (
    <section className="card checkout-summary" aria-labelledby="checkout-summary-heading">
      <h2 id="checkout-summary-heading">Billing summary</h2>
      <div className="checkout-periods" role="group" aria-label="Billing period">
        {PERIODS.map(({ period, label }) => (
          <button
            key={period}
            type="button"
            className={`button ${period === price.billing_period ? '' : 'button--secondary'}`}
            aria-pressed={period === price.billing_period}
            disabled={period !== price.billing_period && !other}
            onClick={() => period !== price.billing_period && props.onSwitchPeriod(period)}
          >
            {label}
          </button>
        ))}
      </div>

      <div className="checkout-card">
        <p>
          {user.cardLast4 ? (
            <>
              <CardBrandIcon brand={user.cardType} /> {cardBrandName(user.cardType)} ending in {user.cardLast4}
              {expiry && ` · Expires ${expiry}`}
            </>
          ) : (
            'No credit card'
          )}
        </p>
        <button type="button" className="button button--secondary" onClick={props.onEditCard}>
          {user.cardLast4 ? 'Update credit card' : 'Add credit card'}
        </button>
        <button type="button" className="button button--secondary" onClick={props.onEditInvoiceDetails}>
          Edit invoice details
        </button>
      </div>

      <dl className="checkout-lines">
        {yearly && <Line label="Yearly price" value={`${formatCents(yearly.cost, USD)}/year`} />}
        {saving > 0 && <Line label="Yearly discount" value={formatPercent(saving)} />}
        <Line label={`Total per ${price.billing_period}`} value={formatCents(price.cost + props.addonsCost, USD)} />
        {coupon && couponValue && <Line label={`Coupon: ${coupon.name}`} value={`${couponValue} off`} />}
        {credit < 0 && <Line label="Credit from last payment" value={formatCents(credit, USD)} />}
        {preview && <Line label="Amount to be billed now" value={formatCents(preview.amount, USD)} />}
      </dl>
      {!preview && !props.previewFailed && <Spinner label="Calculating the amount due" />}
      <FormError>{props.previewFailed ? INVOICE_PREVIEW_FAILED_MESSAGE : null}</FormError>
      {preview && (
        <div className="checkout-explanation">
          {preview.lines.length > 0 && <p>{describeAmountDue(preview, planNamer(data, product))}.</p>}
          <p>{describeNextRenewal(preview.nextRenewal)}</p>
        </div>
      )}
    </section>
  );
}
