import type { Price, Product, StatusFlags } from '../contract';
import {
  addonDisplayName,
  breakdownAddons,
  breakdownTotalCents,
  chooseDefaultProduct,
  comparablePrice,
  isAutoBillingAddon,
  isAutoBillingOptionEnabled,
  isSubdirectoryAddon,
  offeredProducts,
  otherPeriod,
  paidPriceId,
  planDisabledCause,
  planDisabledReason,
  planFeatures,
  productSupportsSubdirectory,
  suitablePrice,
  withoutEverythingItems,
  type DefaultProductInput,
  type PlanAvailabilityInput,
} from './plans';
import { customTheme, officialTheme, price, product, subdirectoryAddon, usage } from './testing/planFixtures';

// ------------------------------------------------------------------------------------------- add-ons

describe('add-ons: "A subdirectory add-on reads \'Subdirectory install\'", "names beginning \'autobilling\'"', () => {
  it.each([
    ['autobilling-members-1000', true],
    ['Autobilling', true],
    ['subdirectory', false],
  ])('isAutoBillingAddon(%p) -> %s', (name, expected) => {
    expect(isAutoBillingAddon(name)).toBe(expected);
  });

  it.each([
    ['subdirectory', true],
    ['Subdirectory install', true],
    ['autobilling', false],
  ])('isSubdirectoryAddon(%p) -> %s', (name, expected) => {
    expect(isSubdirectoryAddon(name)).toBe(expected);
  });

  it.each([
    ['subdirectory', 'Subdirectory install'],
    ['subdirectory-hosting', 'Subdirectory install'],
    ['Extra storage', 'Extra storage'],
  ])('addonDisplayName(%p) -> %s', (name, expected) => {
    expect(addonDisplayName(name)).toBe(expected);
  });

  const addons = [
    { name: 'subdirectory', cost: 500, price: 'p1' },
    { name: 'autobilling-members', cost: 2000, price: 'p2' },
  ];
  it('"A price breakdown: base plan times quantity, plus add-ons that are not autobilling."', () => {
    expect(breakdownAddons(addons)).toEqual([addons[0]]);
    expect(breakdownTotalCents(900, 2, addons)).toBe(2300);
    expect(breakdownTotalCents(900, 1, [])).toBe(900);
  });

  it.each([
    ['with the subdirectory add-on', [subdirectoryAddon], true],
    ['without it', [], false],
  ])('productSupportsSubdirectory %s', (_label, list, expected) => {
    expect(productSupportsSubdirectory({ addons: list })).toBe(expected);
  });
});

// ----------------------------------------------------------------------------------- plan availability

describe('planDisabledReason: "Plan disabling reasons" in their order', () => {
  const starterPrice = price({ id: 'price_starter', members: 1000 });
  const base: PlanAvailabilityInput = {
    product: product('starter', { limits: [{ name: 'staff', value: 1 }] }),
    price: starterPrice,
    currentPriceId: 'price_other',
    siteLimits: { members: usage(500), staff: usage(1) },
    site: { isSubdirectory: false, sending_domain_status: 'NONE', ...officialTheme },
    siteMajorVersion: 5,
  };
  const everythingWrong: PlanAvailabilityInput = {
    ...base,
    currentPriceId: 'price_starter',
    siteLimits: { members: usage(5000), staff: usage(3) },
    site: { isSubdirectory: true, sending_domain_status: 'VERIFIED', ...officialTheme },
    siteMajorVersion: 3,
  };

  it.each<[string, PlanAvailabilityInput, string | null]>([
    [
      '"\'This is your current plan and billing period\'" first',
      everythingWrong,
      'This is your current plan and billing period',
    ],
    [
      '"\'Not available with more than N members\'" second',
      { ...everythingWrong, currentPriceId: null },
      'Not available with more than 1,000 members',
    ],
    [
      '"\'Not available with active subdirectory\'" third',
      { ...everythingWrong, currentPriceId: null, siteLimits: { staff: usage(3) } },
      'Not available with active subdirectory',
    ],
    [
      '"\'Not available with older platform versions\' (major version below 4, entry product)" fourth',
      {
        ...everythingWrong,
        currentPriceId: null,
        siteLimits: { staff: usage(3) },
        site: { ...everythingWrong.site, isSubdirectory: false },
      },
      'Not available with older platform versions',
    ],
    [
      '"\'Not available with active custom sending domain\'" fifth',
      {
        ...everythingWrong,
        currentPriceId: null,
        siteLimits: { staff: usage(3) },
        site: { ...everythingWrong.site, isSubdirectory: false },
        siteMajorVersion: 4,
      },
      'Not available with active custom sending domain',
    ],
    [
      '"Otherwise the first limit message"',
      { ...base, siteLimits: { staff: usage(3) } },
      'Not available with more than 1 staff user',
    ],
    ['an available plan', base, null],
    [
      'a subdirectory site on a product with the subdirectory add-on',
      {
        ...base,
        product: product('starter', { addons: [subdirectoryAddon] }),
        site: { ...base.site, isSubdirectory: true },
      },
      null,
    ],
    [
      'older versions only disable the entry product',
      { ...base, product: product('publisher'), siteMajorVersion: 3 },
      null,
    ],
    [
      'a sending domain only disables the entry product',
      { ...base, product: product('publisher'), site: { ...base.site, sending_domain_status: 'VERIFIED' } },
      null,
    ],
    [
      'a removed (DEFUNCT) sending domain does not disable starter',
      { ...base, site: { ...base.site, sending_domain_status: 'DEFUNCT' } },
      null,
    ],
  ])('%s', (_label, input, expected) => {
    expect(planDisabledReason(input)).toBe(expected);
  });
});

describe('planDisabledCause: the same reasons as parts, for whoever words them', () => {
  const input: PlanAvailabilityInput = {
    product: product('starter', { limits: [{ name: 'staff', value: 1 }] }),
    price: price({ id: 'price_starter', members: 1000 }),
    currentPriceId: null,
    siteLimits: { members: usage(500), staff: usage(1) },
    site: { isSubdirectory: false, sending_domain_status: 'NONE', ...officialTheme },
    siteMajorVersion: 5,
  };

  it.each<[string, PlanAvailabilityInput, ReturnType<typeof planDisabledCause>]>([
    ['the current price', { ...input, currentPriceId: 'price_starter' }, { kind: 'currentPlanAndPeriod' }],
    [
      'members first',
      { ...input, siteLimits: { members: usage(5000), staff: usage(3) } },
      { kind: 'limit', breach: { kind: 'members', limit: 1000 } },
    ],
    ['an older platform', { ...input, siteMajorVersion: 3 }, { kind: 'olderPlatformVersion' }],
    [
      'another limit last',
      { ...input, siteLimits: { staff: usage(3) } },
      { kind: 'limit', breach: { kind: 'staff', limit: 1 } },
    ],
    ['none', input, null],
  ])('%s', (_label, given, expected) => {
    expect(planDisabledCause(given)).toEqual(expected);
  });
});

// ------------------------------------------------------------------------------------ offers and prices

describe('offeredProducts: "products named personal or trial are excluded. A group filter applies."', () => {
  const products = [
    product('business', { order: 3 }),
    product('personal', { order: 0 }),
    product('Trial', { order: 0 }),
    product('starter', { order: 1 }),
    product('publisher', { order: 2 }),
    product('legacy-pro', { order: 4, active: false }),
    product('members-addon', { order: 5, type: 'addon' }),
    product('creator', { order: 1, group: 'creator' }),
  ];
  it.each<[string | null | undefined, string[]]>([
    [undefined, ['starter', 'creator', 'publisher', 'business']],
    [null, ['starter', 'creator', 'publisher', 'business']],
    ['default', ['starter', 'publisher', 'business']],
    ['creator', ['creator']],
    ['nobody', []],
  ])('group %p -> %p', (group, names) => {
    expect(offeredProducts(products, group).map((p) => p.name)).toEqual(names);
  });
});

describe('isAutoBillingOptionEnabled: "disabled unless the subscription is active, not cancelling, not in grace, and no limits are exceeded"', () => {
  const ok: Pick<StatusFlags, 'isActive' | 'willCancelAtPeriodEnd' | 'isGrace'> = {
    isActive: true,
    willCancelAtPeriodEnd: false,
    isGrace: false,
  };
  it.each<[string, typeof ok, Parameters<typeof isAutoBillingOptionEnabled>[1], boolean]>([
    ['active, nothing exceeded', ok, [], true],
    ['not active', { ...ok, isActive: false }, [], false],
    ['cancelling', { ...ok, willCancelAtPeriodEnd: true }, [], false],
    ['in grace', { ...ok, isGrace: true }, [], false],
    ['a limit exceeded', ok, ['members'], false],
  ])('%s: %s', (_label, flags, exceeded, expected) => {
    expect(isAutoBillingOptionEnabled(flags, exceeded)).toBe(expected);
  });
});

describe('suitablePrice: "A suitable price for the member count"', () => {
  const m1000 = price({ members: 1000, cost: 900 });
  const m10000 = price({ members: 10_000, cost: 2900 });
  const m10000cheap = price({ members: 10_000, cost: 2500 });
  const y1000 = price({ members: 1000, cost: 9000, billing_period: 'year' });
  const uncapped = price({ members: null, cost: 19_900 });
  const legacy = price({ members: 500, cost: 500, legacy: true });
  const inactive = price({ members: 500, cost: 400, active: false });
  const prices = [uncapped, m10000, m1000, y1000, legacy, inactive, m10000cheap];

  it.each<[string, 'month' | 'year', number, Price | null]>([
    ['the smallest tier that holds the count', 'month', 500, m1000],
    ['a count equal to a tier fits it', 'month', 1000, m1000],
    ['the next tier up, the cheaper on a tie', 'month', 1001, m10000cheap],
    ['a price without a member cap holds any count', 'month', 50_000, uncapped],
    ['by period', 'year', 500, y1000],
    ['none big enough', 'year', 5000, null],
  ])('%s', (_label, period, count, expected) => {
    expect(suitablePrice({ prices }, period, count)).toBe(expected);
  });

  it.each<[string, Price, Price | null]>([
    ['month -> the same tier in year', m1000, y1000],
    ['year -> the same tier in month', y1000, m1000],
    ['no same tier in the other period', uncapped, null],
  ])('comparablePrice: %s', (_label, from, expected) => {
    expect(comparablePrice({ prices }, from)).toBe(expected);
  });

  it.each([
    ['month', 'year'],
    ['year', 'month'],
  ] as const)('otherPeriod(%s) -> %s', (period, other) => {
    expect(otherPeriod(period)).toBe(other);
  });
});

describe('chooseDefaultProduct: "Choosing a default among products"', () => {
  const starterYear = price({ members: 1000, billing_period: 'year' });
  const starterMonth = price({ members: 1000 });
  const publisherYear = price({ members: 1000, billing_period: 'year' });
  const publisherBigYear = price({ members: 10_000, billing_period: 'year' });
  const starter = product('starter', {
    order: 1,
    prices: [starterYear, starterMonth],
    limits: [{ name: 'customThemes', value: [] }],
  });
  const publisher = product('publisher', { order: 2, prices: [publisherYear, publisherBigYear] });
  const business = product('business', { order: 0, prices: [price({ members: 1000, billing_period: 'year' })] });
  const site: DefaultProductInput['currentSite'] = {
    isSubdirectory: false,
    sending_domain_status: 'NONE',
    ...officialTheme,
  };
  const base: DefaultProductInput = {
    products: [publisher, starter],
    currentSiteLimits: { members: usage(200, { limit: 0 }) },
    currentSite: site,
    siteMajorVersion: 5,
  };

  it.each<[string, Partial<DefaultProductInput>, string]>([
    [
      '"with an empty list fails with \'No available products provided\'"',
      { products: [] },
      'No available products provided',
    ],
    ['no list at all', { products: null }, 'No available products provided'],
    [
      '"Required arguments missing also fail, e.g. \'currentSiteLimits missing\'"',
      { currentSiteLimits: undefined },
      'currentSiteLimits missing',
    ],
    ['the current site missing', { currentSite: null }, 'currentSite missing'],
    [
      'no offered product fits',
      { products: [product('personal', { prices: [starterYear] })] },
      'No suitable product found',
    ],
  ])('%s', (_label, overrides, error) => {
    expect(chooseDefaultProduct({ ...base, ...overrides })).toEqual({ ok: false, error });
  });

  it.each<[string, Partial<DefaultProductInput>, Product, Price]>([
    ['"default product \'starter\'" and "billing period \'year\'"', {}, starter, starterYear],
    ['starter comes first whatever the order', { products: [business, publisher, starter] }, starter, starterYear],
    ['the period asked for', { period: 'month' }, starter, starterMonth],
    ['no members entry: the default 500 members', { currentSiteLimits: {} }, starter, starterYear],
    [
      'starter unavailable (custom theme): the next product by order',
      { currentSite: { ...site, ...customTheme } },
      publisher,
      publisherYear,
    ],
    [
      'the tier holds the actual members, above the limit',
      { currentSiteLimits: { members: usage(5000, { limit: 1000 }) } },
      publisher,
      publisherBigYear,
    ],
    [
      'the group filter applies',
      {
        group: 'default',
        products: [starter, product('creator', { group: 'creator', order: 0, prices: [starterYear] })],
      },
      starter,
      starterYear,
    ],
  ])('%s', (_label, overrides, expectedProduct, expectedPrice) => {
    expect(chooseDefaultProduct({ ...base, ...overrides })).toEqual({
      ok: true,
      product: expectedProduct,
      price: expectedPrice,
    });
  });

  it('skips products whose tiers are all too small', () => {
    const result = chooseDefaultProduct({ ...base, period: 'month', currentSite: { ...site, ...customTheme } });
    expect(result).toEqual({ ok: false, error: 'No suitable product found' });
  });
});

// ------------------------------------------------------------------------------------------- features

describe('planFeatures: SPEC 9 "Plan feature lists"', () => {
  it.each<[string, boolean, readonly string[]]>([
    ['starter', false, ['Own website', 'Custom domain', 'Email newsletter', 'Simple design settings']],
    ['Starter', true, ['Own website', 'Custom domain', 'Email newsletter', 'Simple design settings', '1 staff user']],
    [
      'publisher',
      false,
      ['3 staff users', 'Custom themes', '8,000+ integrations', 'Paid subscriptions', 'Advanced analytics'],
    ],
    ['business', false, ['15 staff users', 'Priority support', 'Higher usage limits', 'Early access']],
    // Ambiguity decided: legacy Business lists unlimited staff in place of 15, plus the uptime SLA.
    [
      'business',
      true,
      ['Unlimited staff users', 'Priority support', 'Higher usage limits', 'Early access', '99.9% uptime SLA'],
    ],
    ['custom', false, []],
    ['creator', false, ['2 staff users']],
    ['team', false, ['5 staff users']],
    ['basic', false, ['100k views/month', '2 staff users']],
    ['standard', false, ['500k views/month', '5 staff users', '8,000 members', 'Priority support']],
    ['unknown', false, []],
    ['constructor', false, []],
  ])('%s (legacy %s)', (name, legacy, features) => {
    expect(planFeatures(name, legacy)).toEqual(features);
  });

  it('defaults to the current list', () => {
    expect(planFeatures('creator')).toEqual(['2 staff users']);
  });

  it('"the feature list without the \'Everything\' items"', () => {
    expect(withoutEverythingItems(['Everything in Starter, plus:', 'Custom themes', 'Everything else'])).toEqual([
      'Custom themes',
    ]);
  });
});

describe('paidPriceId: the plan being paid for cannot be chosen again; a trial or lapsed one can', () => {
  const currentPrice = { id: 'price_publisher_year' };
  it.each([
    ['an active subscription', { isTrial: false, isInactive: false, currentPrice }, 'price_publisher_year'],
    ['a trial', { isTrial: true, isInactive: false, currentPrice }, null],
    ['a lapsed subscription (forced upgrade)', { isTrial: false, isInactive: true, currentPrice }, null],
    ['no current price', { isTrial: false, isInactive: false, currentPrice: null }, null],
  ])('%s', (_label, data, expected) => {
    expect(paidPriceId(data)).toBe(expected);
  });
});
