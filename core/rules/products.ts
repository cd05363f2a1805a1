/** What a product's name says about it: custom, entry (starter) or business plan, or not an offer at all. */
import { BUSINESS_PRODUCT, CUSTOM_PLAN_MARKER, ENTRY_PRODUCT, OFFER_EXCLUDED_PRODUCT_NAMES } from './constants';

const normalise = (name: string): string => name.trim().toLowerCase();

/** "Custom plans (name contains 'custom')" */
export function isCustomPlan(productName: string): boolean {
  return normalise(productName).includes(CUSTOM_PLAN_MARKER);
}

/** The entry plan: 'starter', the default product. */
export function isEntryProduct(productName: string): boolean {
  return normalise(productName) === ENTRY_PRODUCT;
}

/** The business plan has no staff limit check. */
export function isBusinessProduct(productName: string): boolean {
  return normalise(productName) === BUSINESS_PRODUCT;
}

/** "products named personal or trial are excluded" (the whole name, any case). */
export function isExcludedFromOffers(productName: string): boolean {
  return OFFER_EXCLUDED_PRODUCT_NAMES.includes(normalise(productName));
}
