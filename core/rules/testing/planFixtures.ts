/**
 * Catalogue and usage fixtures of the plan rules' tests (plans, limitChecks, checkoutId): a site's usage of a limit,
 * prices (a members limit of 1,000 unless told) and products, and the limit context of an official or custom theme.
 */
import type { Addon, Price, Product, SiteLimit } from '../../contract';
import type { LimitContext } from '../limitChecks';

export const usage = (total: number, set: Partial<SiteLimit> = {}): SiteLimit => ({
  total,
  limit: null,
  exceeded: false,
  members_override: null,
  ...set,
});

let priceSeq = 0;
export const price = (set: Partial<Price> & { members?: number | null } = {}): Price => {
  const { members = 1000, ...rest } = set;
  priceSeq += 1;
  return {
    id: `price_${priceSeq}`,
    cost: 900,
    currency: 'usd',
    billing_period: 'month',
    name: 'Publisher',
    nickname: null,
    limits: members === null ? [] : [{ name: 'members', value: members }],
    features: [],
    legacy: false,
    base_product: 'prod',
    active: true,
    ...rest,
  };
};

export const subdirectoryAddon: Addon = { id: 'addon_sub', name: 'subdirectory', description: '', prices: [] };

export const product = (name: string, set: Partial<Product> = {}): Product => ({
  id: `prod_${name}`,
  name,
  group: 'default',
  order: 1,
  active: true,
  type: 'base',
  legacy: false,
  limits: [],
  features: [],
  addons: [],
  prices: [],
  ...set,
});

export const officialTheme: LimitContext['site'] = { active_theme: 'casper', active_theme_official: true };
export const customTheme: LimitContext['site'] = { active_theme: 'my-theme', active_theme_official: false };
export const context = (productName = 'publisher', site = officialTheme): LimitContext => ({ productName, site });
