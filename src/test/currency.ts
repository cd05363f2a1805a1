/**
 * A site priced in another currency (issue 47), made from a scenario's billing data rather than a catalogue written
 * by hand: the same plans, amounts and invoices, each named in `currency` as the server answers a site priced in it.
 */
import type { BillingData, Price, Product } from '../../core/contract';

const priceIn = (price: Price, currency: string): Price => ({ ...price, currency });

/** A copy: the scenario's products are the seed catalogue's own objects, shared by every test of a file. */
const productIn = (product: Product, currency: string): Product => ({
  ...product,
  prices: product.prices.map((price) => priceIn(price, currency)),
  addons: product.addons.map((addon) => ({ ...addon, prices: addon.prices.map((price) => priceIn(price, currency)) })),
});

/**
 * `data` with every price (the current one, the offered plans' and their add-ons'), every invoice and the discount's
 * coupon in `currency` ('eur'); the amounts stay as they are.
 */
export function billingDataIn(data: BillingData, currency: string): BillingData {
  return {
    ...data,
    currentPrice: data.currentPrice && priceIn(data.currentPrice, currency),
    availableProducts: data.availableProducts.map((product) => productIn(product, currency)),
    invoices: data.invoices.map((invoice) => ({ ...invoice, currency })),
    discount: data.discount && {
      ...data.discount,
      coupon: { ...data.discount.coupon, currency: data.discount.coupon.currency && currency },
    },
  };
}
