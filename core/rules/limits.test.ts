import type { CurrentSiteLimits, Limit, Price, SiteLimit } from '../contract';
import {
  exceededLimitNames,
  formatCount,
  formatMemberCount,
  isLastMemberStep,
  limitsHash,
  limitValue,
  memberCountOrDefault,
  memberLimitOf,
  memberTierIndex,
  memberTierSteps,
  siteMemberCount,
  serializeLimits,
} from './limits';
import { price } from './testing/planFixtures';

const usage = (set: Partial<SiteLimit> = {}): SiteLimit => ({
  total: 0,
  limit: null,
  exceeded: false,
  members_override: null,
  ...set,
});

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [8000, '8,000'],
    [100_000, '100,000'],
  ])('%d -> %s', (count, text) => {
    expect(formatCount(count)).toBe(text);
  });
});

describe('formatMemberCount: "a count with thousands separators, or as millions with an M suffix at 1,000,000 or more"', () => {
  it.each([
    [500, '500'],
    [1000, '1,000'],
    [999_999, '999,999'],
    [1_000_000, '1M'],
    [1_500_000, '1.5M'],
    [1_250_000, '1.25M'],
    // Ambiguity decided: millions keep at most two decimals.
    [1_234_567, '1.23M'],
    [10_000_000, '10M'],
  ])('%d -> %s', (count, text) => {
    expect(formatMemberCount(count)).toBe(text);
  });
});

describe('limitValue and memberLimitOf ("Limit: name and value")', () => {
  const limits: Limit[] = [
    { name: 'staff', value: 3 },
    { name: 'customThemes', value: ['casper'] },
    { name: 'limitAnalytics', value: true },
  ];
  it.each<[Limit['name'], Limit['value'] | undefined]>([
    ['staff', 3],
    ['customThemes', ['casper']],
    ['limitAnalytics', true],
    ['members', undefined],
  ])('limitValue(%s)', (name, value) => {
    expect(limitValue(limits, name)).toEqual(value);
  });

  it.each<[string, Limit[], number | null]>([
    ['a members count', [{ name: 'members', value: 1000 }], 1000],
    ['no members limit: no cap', limits, null],
    ['a malformed members value', [{ name: 'members', value: true }], null],
  ])('memberLimitOf: %s', (_label, list, expected) => {
    expect(memberLimitOf(list)).toBe(expected);
  });
});

describe('memberTierSteps: "Default member count / member tier default: 500; 400000 is appended as the last tier step"', () => {
  it.each<[string, Price[], number[]]>([
    [
      'distinct member limits of the prices, ascending, then 400000',
      [
        price({ members: 10_000 }),
        price({ members: 1000 }),
        price({ members: 1000, billing_period: 'year' }),
        price({ members: 100_000 }),
      ],
      [1000, 10_000, 100_000, 400_000],
    ],
    ['no price with a member limit: the default 500, then 400000', [price({ members: null })], [500, 400_000]],
    ['no prices at all', [], [500, 400_000]],
    [
      'inactive prices are not offered tiers',
      [price({ members: 1000 }), price({ members: 5000, active: false })],
      [1000, 400_000],
    ],
    ['a zero member limit is not a tier', [price({ members: 0 }), price({ members: 1000 })], [1000, 400_000]],
    // Ambiguity decided: 400000 is only appended above the highest real tier, never duplicated or out of order.
    ['400000 already the highest tier', [price({ members: 1000 }), price({ members: 400_000 })], [1000, 400_000]],
    ['a tier above 400000', [price({ members: 1000 }), price({ members: 1_000_000 })], [1000, 1_000_000]],
  ])('%s', (_label, prices, steps) => {
    expect(memberTierSteps({ prices })).toEqual(steps);
  });
});

describe('isLastMemberStep: "\'Over 100,000 members? Contact us\' on the last step"', () => {
  it.each<[number[], number, boolean]>([
    [[1000, 400_000], 400_000, true],
    [[1000, 400_000], 1000, false],
    [[], 400_000, false],
  ])('%p at %d: %s', (steps, step, expected) => {
    expect(isLastMemberStep(steps, step)).toBe(expected);
  });
});

describe('memberCountOrDefault: "The default is 500 when the limit is missing or 0."', () => {
  it.each<[string, CurrentSiteLimits, number]>([
    ['members limit set', { members: usage({ limit: 10_000 }) }, 10_000],
    ['members limit 0', { members: usage({ limit: 0 }) }, 500],
    ['members limit null', { members: usage() }, 500],
    ['no members entry', {}, 500],
    ['a malformed members limit', { members: usage({ limit: ['x'] }) }, 500],
    // Ambiguity decided: a site's members override, when set, wins over the plan's limit.
    ['members override set', { members: usage({ limit: 1000, members_override: 25_000 }) }, 25_000],
    ['members override 0 is no override', { members: usage({ limit: 1000, members_override: 0 }) }, 1000],
  ])('%s -> %d', (_label, limits, expected) => {
    expect(memberCountOrDefault(limits)).toBe(expected);
  });
});

describe('exceededLimitNames (Current site limits: "total, limit, exceeded, members_override")', () => {
  it.each<[string, CurrentSiteLimits, string[]]>([
    ['none exceeded', { staff: usage(), members: usage() }, []],
    [
      'two exceeded',
      { staff: usage({ exceeded: true }), members: usage(), newsletters: usage({ exceeded: true }) },
      ['staff', 'newsletters'],
    ],
    ['an undefined entry', { staff: undefined }, []],
  ])('%s', (_label, limits, names) => {
    expect(exceededLimitNames(limits)).toEqual(names);
  });
});

describe('serializeLimits and limitsHash: "Compared by a hash of the serialised limits to detect change."', () => {
  const limits: CurrentSiteLimits = {
    staff: { total: 2, limit: 3, exceeded: false, members_override: null },
    members: { exceeded: false, total: 120, members_override: null, limit: 1000 },
    customThemes: { total: 0, limit: ['casper', 'edition'], exceeded: false, members_override: null },
  };
  const serialised =
    '{"customThemes":{"exceeded":false,"limit":["casper","edition"],"members_override":null,"total":0},' +
    '"members":{"exceeded":false,"limit":1000,"members_override":null,"total":120},' +
    '"staff":{"exceeded":false,"limit":3,"members_override":null,"total":2}}';

  it('serialises with keys sorted at every depth', () => {
    expect(serializeLimits(limits)).toBe(serialised);
  });

  it('hashes the serialised limits with SHA-256 (hex)', () => {
    expect(limitsHash(limits)).toBe('7bbc4ad736f580ddbc31996a79cad06ddd9024e9761ea650a4ccaea51f77beef');
    expect(limitsHash({})).toBe('44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a');
  });

  it('hashes non-ASCII text as UTF-8', () => {
    expect(limitsHash({ customThemes: usage({ limit: ['café'] }) })).toBe(
      'e2a59fbee1445b4fb91d373a613aff7e73ec13eb674ef05b24e27ced9ff89fc8',
    );
  });

  it.each<[string, CurrentSiteLimits, boolean]>([
    [
      'the same limits in another key order',
      { customThemes: limits.customThemes, staff: limits.staff, members: limits.members },
      true,
    ],
    ['a usage total changed', { ...limits, members: usage({ total: 121, limit: 1000 }) }, false],
    ['the theme list reordered', { ...limits, customThemes: usage({ limit: ['edition', 'casper'] }) }, false],
  ])('%s: same hash %s', (_label, other, same) => {
    expect(limitsHash(other) === limitsHash(limits)).toBe(same);
  });
});

describe('siteMemberCount: the count before the 500 default, 0 when the site has none', () => {
  it.each<[string, CurrentSiteLimits, number]>([
    ['members limit set', { members: usage({ limit: 10_000 }) }, 10_000],
    ['members limit 0', { members: usage({ limit: 0 }) }, 0],
    ['no members entry', {}, 0],
    ['members override wins', { members: usage({ limit: 1000, members_override: 25_000 }) }, 25_000],
  ])('%s -> %d', (_label, limits, expected) => {
    expect(siteMemberCount(limits)).toBe(expected);
  });
});

describe('memberTierIndex: the step a member count starts on', () => {
  const steps = [500, 1000, 2500, 400_000];
  it.each<[string, readonly number[], number, number]>([
    ['a count on a step', steps, 1000, 1],
    ['a count between steps: the next step up', steps, 640, 1],
    ['a count below every step: the first', steps, 10, 0],
    ['a count above every step: the last (the contact prompt)', steps, 500_000, 3],
    ['no steps', [], 500, 0],
  ])('%s', (_label, tierSteps, count, index) => {
    expect(memberTierIndex(tierSteps, count)).toBe(index);
  });
});

describe("counts in the owner's locale", () => {
  it('groups digits as the locale does, millions too', () => {
    expect(formatCount(8000, 'de-DE')).toBe('8.000');
    expect(formatMemberCount(1_500_000, 'de-DE')).toBe('1,5M');
  });
});
