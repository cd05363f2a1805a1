import {
  buildCheckoutId,
  checkoutError,
  checkoutPath,
  checkoutProblem,
  parseCheckoutId,
  resolveCheckout,
  type CheckoutSelection,
} from './checkoutId';
import { officialTheme, price, product, usage } from './testing/planFixtures';

describe('checkout id: "id is product-group-period: three word parts separated by hyphens. Ids containing \'personal\' are invalid."', () => {
  it.each<[string | null | undefined, CheckoutSelection | null]>([
    ['publisher-default-year', { product: 'publisher', group: 'default', period: 'year' }],
    ['starter-creator-month', { product: 'starter', group: 'creator', period: 'month' }],
    ['business_2024-default-month', { product: 'business_2024', group: 'default', period: 'month' }],
    ['personal-default-year', null],
    ['publisher-personal-year', null],
    ['PERSONAL-default-year', null],
    ['publisher-default', null],
    ['publisher-default-year-extra', null],
    ['publisher-default-week', null],
    ['publisher--year', null],
    ['publisher default-year', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('parseCheckoutId(%p) -> %p', (id, expected) => {
    expect(parseCheckoutId(id)).toEqual(expected);
  });

  it.each<[CheckoutSelection, string | null, string | null]>([
    [
      { product: 'publisher', group: 'default', period: 'year' },
      'publisher-default-year',
      '/checkout/publisher-default-year',
    ],
    [
      { product: 'starter', group: 'default', period: 'month' },
      'starter-default-month',
      '/checkout/starter-default-month',
    ],
    [{ product: 'personal', group: 'default', period: 'month' }, null, null],
    [{ product: 'pro-plus', group: 'default', period: 'month' }, null, null],
  ])('buildCheckoutId(%p) -> %p, checkoutPath -> %p', (selection, id, path) => {
    expect(buildCheckoutId(selection)).toBe(id);
    expect(checkoutPath(selection)).toBe(path);
  });
});

describe('resolveCheckout: SPEC 5 "Checkout id"', () => {
  const yearly = price({ members: 1000, billing_period: 'year' });
  const publisher = product('publisher', { prices: [yearly], limits: [{ name: 'staff', value: 3 }] });
  const base = { products: [publisher], memberCount: 500, siteLimits: { staff: usage(1) }, site: officialTheme };

  it.each<[string, Partial<Parameters<typeof resolveCheckout>[0]>, '/' | '/plans']>([
    [
      '"It must match product-group-period and must not contain \'personal\'. Otherwise go to /."',
      { id: 'personal-default-year' },
      '/',
    ],
    ['"A product not found by name and group goes to /plans."', { id: 'publisher-creator-year' }, '/plans'],
    ['"A suitable price for the member count must exist', { id: 'publisher-default-month' }, '/plans'],
    [
      '"... and pass limit checks, or go to /plans."',
      { id: 'publisher-default-year', siteLimits: { staff: usage(5) } },
      '/plans',
    ],
  ])('%s', (_label, overrides, redirect) => {
    expect(resolveCheckout({ id: 'publisher-default-year', ...base, ...overrides })).toEqual({ ok: false, redirect });
  });

  it('finds a capitalised product by its lowercased name', () => {
    const named = { ...publisher, name: 'Publisher' };
    expect(resolveCheckout({ id: 'publisher-default-year', ...base, products: [named] })).toMatchObject({
      ok: true,
      product: named,
    });
  });

  it('resolves a valid id to its product and price', () => {
    expect(resolveCheckout({ id: 'publisher-default-year', ...base })).toEqual({
      ok: true,
      selection: { product: 'publisher', group: 'default', period: 'year' },
      product: publisher,
      price: yearly,
    });
  });
});

describe('checkoutError: SPEC 5 "Checkout id" messages', () => {
  const base = { priceId: 'price_new', currentPriceId: 'price_old', hasCard: true, limitMessage: null };
  it.each<[string, Partial<Parameters<typeof checkoutError>[0]>, string | null]>([
    [
      '"The current plan cannot be re-selected"',
      { priceId: 'price_old' },
      'This is your current plan. Choose a different period or plan.',
    ],
    [
      '"Limit violations show the first violation\'s message."',
      { limitMessage: 'Not available with more than 3 staff users', hasCard: false },
      'Not available with more than 3 staff users',
    ],
    ['"Without a card: \'Add a card to continue\'"', { hasCard: false }, 'Add a card to continue'],
    ['no current plan yet', { currentPriceId: null }, null],
    ['nothing in the way', {}, null],
  ])('%s', (_label, overrides, expected) => {
    expect(checkoutError({ ...base, ...overrides })).toBe(expected);
  });

  it('gives the problem as parts, the limit as the caller accounts for it', () => {
    const parts = { priceId: 'price_new', currentPriceId: 'price_old', hasCard: true, limit: null };
    expect(checkoutProblem({ ...parts, priceId: 'price_old' })).toEqual({ kind: 'currentPlan' });
    expect(checkoutProblem({ ...parts, hasCard: false, limit: { kind: 'staff', limit: 3 } })).toEqual({
      kind: 'limit',
      limit: { kind: 'staff', limit: 3 },
    });
    expect(checkoutProblem({ ...parts, hasCard: false })).toEqual({ kind: 'addCard' });
    expect(checkoutProblem(parts)).toBeNull();
  });
});
