import type { CurrentSiteLimits, Limit, SiteLimit } from '../contract';
import {
  effectiveLimits,
  firstLimitBreach,
  firstLimitViolation,
  formatThemeList,
  limitBreach,
  limitBreachMessage,
  limitBreaches,
  limitViolations,
  membersLimitMessage,
  newslettersLimitMessage,
  staffLimitMessage,
  themesLimitMessage,
  validateLimit,
  type LimitBreach,
  type LimitContext,
} from './limitChecks';
import { context, customTheme, officialTheme, price, product, usage } from './testing/planFixtures';

describe('validateLimit: "Plan limit validations against current site usage"', () => {
  it.each<[string, Limit, SiteLimit | undefined, LimitContext, string | null]>([
    ['staff within the limit', { name: 'staff', value: 3 }, usage(3), context(), null],
    [
      '"staff: ... Else \'Not available with more than N staff user(s)\'" (plural)',
      { name: 'staff', value: 3 },
      usage(4),
      context(),
      'Not available with more than 3 staff users',
    ],
    [
      'staff: singular for 1',
      { name: 'staff', value: 1 },
      usage(2),
      context('starter'),
      'Not available with more than 1 staff user',
    ],
    ['"staff: passes if the plan is business"', { name: 'staff', value: 15 }, usage(40), context('Business'), null],
    ['newsletters within the limit', { name: 'newsletters', value: 1 }, usage(1), context(), null],
    [
      '"newsletters: \'Not available with multiple newsletters\' when the limit is 1"',
      { name: 'newsletters', value: 1 },
      usage(2),
      context(),
      'Not available with multiple newsletters',
    ],
    [
      '"else \'Not available with more than N newsletters\'"',
      { name: 'newsletters', value: 3 },
      usage(5),
      context(),
      'Not available with more than 3 newsletters',
    ],
    ['members within the limit', { name: 'members', value: 1000 }, usage(1000), context(), null],
    [
      '"members: \'Not available with more than N members\'"',
      { name: 'members', value: 1000 },
      usage(1001),
      context(),
      'Not available with more than 1,000 members',
    ],
    [
      'members over a million',
      { name: 'members', value: 1_000_000 },
      usage(1_200_000),
      context(),
      'Not available with more than 1M members',
    ],
    [
      '"customThemes: an official theme is needed"',
      { name: 'customThemes', value: [] },
      usage(0),
      context('starter', officialTheme),
      null,
    ],
    [
      '"or the active theme must be in the list"',
      { name: 'customThemes', value: ['My-Theme'] },
      usage(0),
      context('starter', customTheme),
      null,
    ],
    [
      '"\'Only available with {themes} theme installed\'"',
      { name: 'customThemes', value: ['Casper'] },
      usage(0),
      context('starter', customTheme),
      'Only available with Casper theme installed',
    ],
    [
      'several themes read as a list',
      { name: 'customThemes', value: ['Casper', 'Edition'] },
      usage(0),
      context('starter', customTheme),
      'Only available with Casper or Edition theme installed',
    ],
    [
      '"or \'Not available when using custom theme\'"',
      { name: 'customThemes', value: [] },
      usage(0),
      context('starter', customTheme),
      'Not available when using custom theme',
    ],
    [
      'customThemes needs no usage entry',
      { name: 'customThemes', value: [] },
      undefined,
      context('starter', customTheme),
      'Not available when using custom theme',
    ],
    [
      'customThemes with a non-list value restricts nothing',
      { name: 'customThemes', value: true },
      usage(0),
      context('starter', customTheme),
      null,
    ],
    [
      '"limitAnalytics: \'Not available with Web Analytics enabled\'"',
      { name: 'limitAnalytics', value: true },
      usage(1),
      context(),
      'Not available with Web Analytics enabled',
    ],
    ['limitAnalytics with analytics off', { name: 'limitAnalytics', value: true }, usage(0), context(), null],
    ['limitAnalytics false restricts nothing', { name: 'limitAnalytics', value: false }, usage(1), context(), null],
    [
      '"limitStripeConnect: \'Not available with Stripe Connect enabled\'"',
      { name: 'limitStripeConnect', value: true },
      usage(1),
      context(),
      'Not available with Stripe Connect enabled',
    ],
    ['limitStripeConnect with no usage entry', { name: 'limitStripeConnect', value: true }, undefined, context(), null],
    ['"customIntegrations: always valid"', { name: 'customIntegrations', value: true }, usage(99), context(), null],
    ['no usage entry: nothing to compare', { name: 'members', value: 1000 }, undefined, context(), null],
    ['a malformed count restricts nothing', { name: 'staff', value: ['x'] }, usage(40), context(), null],
  ])('%s', (_label, limit, siteUsage, ctx, expected) => {
    expect(validateLimit(limit, siteUsage, ctx)).toBe(expected);
  });

  it.each([
    [staffLimitMessage(2), 'Not available with more than 2 staff users'],
    [newslettersLimitMessage(1), 'Not available with multiple newsletters'],
    [newslettersLimitMessage(1500), 'Not available with more than 1,500 newsletters'],
    [membersLimitMessage(1_500_000), 'Not available with more than 1.5M members'],
    [themesLimitMessage(['A', 'B', 'C']), 'Only available with A, B, or C theme installed'],
  ])('message %p', (message, expected) => {
    expect(message).toBe(expected);
  });
});

describe("limitBreach: the same checks as parts, for whoever words them (the panel's catalog)", () => {
  it.each<[string, Limit, SiteLimit | undefined, LimitContext, LimitBreach | null]>([
    ['staff', { name: 'staff', value: 3 }, usage(4), context(), { kind: 'staff', limit: 3 }],
    ['staff on business', { name: 'staff', value: 3 }, usage(4), context('Business'), null],
    ['newsletters', { name: 'newsletters', value: 3 }, usage(5), context(), { kind: 'newsletters', limit: 3 }],
    ['one newsletter', { name: 'newsletters', value: 1 }, usage(2), context(), { kind: 'multipleNewsletters' }],
    ['newsletters within the limit', { name: 'newsletters', value: 1 }, usage(1), context(), null],
    ['members', { name: 'members', value: 1000 }, usage(1001), context(), { kind: 'members', limit: 1000 }],
    [
      'themes',
      { name: 'customThemes', value: ['Casper'] },
      usage(0),
      context('starter', customTheme),
      { kind: 'themes', themes: ['Casper'] },
    ],
    [
      'custom theme',
      { name: 'customThemes', value: [] },
      usage(0),
      context('starter', customTheme),
      { kind: 'customTheme' },
    ],
    ['web analytics', { name: 'limitAnalytics', value: true }, usage(1), context(), { kind: 'webAnalytics' }],
    ['Stripe Connect', { name: 'limitStripeConnect', value: true }, usage(1), context(), { kind: 'stripeConnect' }],
    ['integrations', { name: 'customIntegrations', value: true }, usage(99), context(), null],
  ])('%s', (_label, limit, siteUsage, ctx, expected) => {
    expect(limitBreach(limit, siteUsage, ctx)).toEqual(expected);
  });

  it.each<[LimitBreach, string]>([
    [{ kind: 'staff', limit: 1 }, 'Not available with more than 1 staff user'],
    [{ kind: 'newsletters', limit: 3 }, 'Not available with more than 3 newsletters'],
    [{ kind: 'multipleNewsletters' }, 'Not available with multiple newsletters'],
    [{ kind: 'members', limit: 8000 }, 'Not available with more than 8,000 members'],
    [{ kind: 'themes', themes: ['Casper', 'Edition'] }, 'Only available with Casper or Edition theme installed'],
    [{ kind: 'customTheme' }, 'Not available when using custom theme'],
    [{ kind: 'webAnalytics' }, 'Not available with Web Analytics enabled'],
    [{ kind: 'stripeConnect' }, 'Not available with Stripe Connect enabled'],
  ])("words %p in the spec's English", (breach, expected) => {
    expect(limitBreachMessage(breach)).toBe(expected);
  });

  it('lists themes in the locale asked for, US English by default', () => {
    expect(formatThemeList(['A', 'B', 'C'])).toBe('A, B, or C');
    expect(formatThemeList(['A', 'B', 'C'], 'de-DE')).toBe('A, B oder C');
    expect(formatThemeList(['A', 'B'], 'fr-FR')).toBe('A ou B');
  });
});

describe('limitViolations and firstLimitViolation: "Limit violations show the first violation\'s message."', () => {
  const limits: Limit[] = [
    { name: 'staff', value: 2 },
    { name: 'members', value: 1000 },
    { name: 'limitAnalytics', value: true },
  ];
  const siteLimits: CurrentSiteLimits = { staff: usage(5), members: usage(10), limitAnalytics: usage(1) };

  it('lists every broken limit in order', () => {
    expect(limitViolations(limits, siteLimits, context())).toEqual([
      { name: 'staff', message: 'Not available with more than 2 staff users' },
      { name: 'limitAnalytics', message: 'Not available with Web Analytics enabled' },
    ]);
  });

  it.each<[string, CurrentSiteLimits, string | null]>([
    ['the first of several', siteLimits, 'Not available with more than 2 staff users'],
    ['none broken', { staff: usage(1) }, null],
  ])('%s', (_label, site, expected) => {
    expect(firstLimitViolation(limits, site, context())).toBe(expected);
  });

  it('gives the same as breaches', () => {
    expect(limitBreaches(limits, siteLimits, context())).toEqual([
      { name: 'staff', breach: { kind: 'staff', limit: 2 } },
      { name: 'limitAnalytics', breach: { kind: 'webAnalytics' } },
    ]);
    expect(firstLimitBreach(limits, siteLimits, context())).toEqual({ kind: 'staff', limit: 2 });
    expect(firstLimitBreach(limits, { staff: usage(1) }, context())).toBeNull();
  });
});

describe('effectiveLimits: a price narrows its product', () => {
  it('takes the price limits, then the product limits the price does not set', () => {
    const p = product('publisher', {
      limits: [
        { name: 'staff', value: 3 },
        { name: 'members', value: 100 },
      ],
    });
    expect(effectiveLimits(p, price({ members: 1000 }))).toEqual([
      { name: 'members', value: 1000 },
      { name: 'staff', value: 3 },
    ]);
  });
});
