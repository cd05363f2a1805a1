/**
 * The checkout id (SPEC 5 "Checkout id"): the product, group and period a checkout address names, built and
 * parsed, resolved against the catalogue and the site's limits, and the error the checkout shows. Expected
 * failures are values, never throws.
 */
import type { BillingPeriod, CurrentSiteLimits, Price, Product } from '../contract';
import { CHECKOUT_ID_FORBIDDEN_WORD, CHECKOUT_ID_SEPARATOR } from './constants';
import { effectiveLimits, firstLimitViolation, type LimitContext } from './limitChecks';
import { PLAN_MESSAGES } from './planMessages';
import { suitablePrice } from './plans';

export interface CheckoutSelection {
  product: string;
  group: string;
  period: BillingPeriod;
}

/** "product-group-period: three word parts separated by hyphens"; the period must be a billing period. */
const CHECKOUT_ID_PATTERN = new RegExp(`^(\\w+)${CHECKOUT_ID_SEPARATOR}(\\w+)${CHECKOUT_ID_SEPARATOR}(month|year)$`);

/** The selection a checkout id names, or null when it is malformed or "contains 'personal'" (then go to /). */
export function parseCheckoutId(id: string | null | undefined): CheckoutSelection | null {
  if (!id || id.toLowerCase().includes(CHECKOUT_ID_FORBIDDEN_WORD)) return null;
  const match = CHECKOUT_ID_PATTERN.exec(id);
  if (!match) return null;
  return { product: match[1]!, group: match[2]!, period: match[3] as BillingPeriod };
}

/** 'publisher-default-year'; null when the parts would not parse back (a hyphen in a part, 'personal'). */
export function buildCheckoutId(selection: CheckoutSelection): string | null {
  const id = [selection.product, selection.group, selection.period].join(CHECKOUT_ID_SEPARATOR);
  return parseCheckoutId(id) === null ? null : id;
}

/** "Choosing a plan goes to /checkout/{product}-{group}-{period}." */
export function checkoutPath(selection: CheckoutSelection): string | null {
  const id = buildCheckoutId(selection);
  return id === null ? null : `/checkout/${id}`;
}

export type CheckoutResolution =
  { ok: true; selection: CheckoutSelection; product: Product; price: Price } | { ok: false; redirect: '/' | '/plans' };

export interface CheckoutInput {
  id: string | null | undefined;
  products: readonly Product[];
  memberCount: number;
  siteLimits: CurrentSiteLimits;
  site: LimitContext['site'];
}

/**
 * SPEC 5 "Checkout id": a malformed id goes to /; a product not found by name and group, or without a
 * suitable price that passes the limit checks, goes to /plans.
 */
export function resolveCheckout(input: CheckoutInput): CheckoutResolution {
  const selection = parseCheckoutId(input.id);
  if (selection === null) return { ok: false, redirect: '/' };
  // Ids carry the name lowercased (checkoutPath's callers lowercase it), catalogues name products capitalised.
  const name = selection.product.toLowerCase();
  const product = input.products.find((p) => p.name.toLowerCase() === name && p.group === selection.group);
  if (!product) return { ok: false, redirect: '/plans' };
  const price = suitablePrice(product, selection.period, input.memberCount);
  if (price === null) return { ok: false, redirect: '/plans' };
  const context: LimitContext = { productName: product.name, site: input.site };
  if (firstLimitViolation(effectiveLimits(product, price), input.siteLimits, context) !== null) {
    return { ok: false, redirect: '/plans' };
  }
  return { ok: true, selection, product, price };
}

export interface CheckoutErrorInput {
  priceId: string;
  currentPriceId: string | null;
  hasCard: boolean;
  /** the first limit violation of the selected price, if any */
  limitMessage: string | null;
}

/**
 * What keeps the checkout from going ahead, as parts that each side words: checkoutError's English, or the
 * panel's catalog. `Limit` is the caller's account of the first limit violation (its message, or its breach).
 */
export type CheckoutProblem<Limit> = { kind: 'currentPlan' } | { kind: 'limit'; limit: Limit } | { kind: 'addCard' };

/**
 * The problem shown at checkout. A limit violation comes before the missing card: adding a card would not make
 * the plan available.
 */
export function checkoutProblem<Limit>(
  input: Omit<CheckoutErrorInput, 'limitMessage'> & { limit: Limit | null },
): CheckoutProblem<Limit> | null {
  if (input.priceId === input.currentPriceId) return { kind: 'currentPlan' };
  if (input.limit !== null) return { kind: 'limit', limit: input.limit };
  return input.hasCard ? null : { kind: 'addCard' };
}

/** The error shown at checkout (checkoutProblem), in the spec's English. */
export function checkoutError(input: CheckoutErrorInput): string | null {
  const problem = checkoutProblem({ ...input, limit: input.limitMessage });
  if (problem === null) return null;
  switch (problem.kind) {
    case 'currentPlan':
      return PLAN_MESSAGES.checkoutCurrentPlan;
    case 'limit':
      return problem.limit;
    case 'addCard':
      return PLAN_MESSAGES.checkoutAddCard;
  }
}
