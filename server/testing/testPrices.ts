/**
 * The catalogue prices the server tests change plans with, named once by the catalogue's own rule (`priceId`), so
 * a test never spells an id the catalogue might stop selling. Another price: `priceId(...)` where it is used.
 */
import { DEFAULT_GROUP, priceId } from '../seed/demoCatalogue';

/** Publisher yearly up to 1,000 members: the active scenario's plan. */
export const PUBLISHER_YEAR = priceId('publisher', DEFAULT_GROUP, 'year', 1000);
export const PUBLISHER_MONTH = priceId('publisher', DEFAULT_GROUP, 'month', 1000);
/** Business yearly up to 1,000 members: the usual upgrade. */
export const BUSINESS_YEAR = priceId('business', DEFAULT_GROUP, 'year', 1000);
export const BUSINESS_MONTH = priceId('business', DEFAULT_GROUP, 'month', 1000);
export const STARTER_YEAR = priceId('starter', DEFAULT_GROUP, 'year', 500);
