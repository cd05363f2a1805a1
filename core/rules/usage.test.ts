import type { CurrentSiteLimits, Limit } from '../contract';
import { USAGE_WARNING_RATIO } from './constants';
import { allowedCount, usageMeter, usageMeters, USAGE_METER_NAMES } from './usage';
import { context, usage } from './testing/planFixtures';

const starter: Limit[] = [
  { name: 'members', value: 1000 },
  { name: 'staff', value: 1 },
  { name: 'newsletters', value: 1 },
  { name: 'customThemes', value: ['source', 'casper'] },
];
const publisher: Limit[] = [
  { name: 'members', value: 1000 },
  { name: 'staff', value: 3 },
  { name: 'newsletters', value: 3 },
  { name: 'customIntegrations', value: true },
];
const custom: Limit[] = [
  { name: 'members', value: 250_000 },
  { name: 'customIntegrations', value: true },
];

it('warns from 90% of a limit on', () => {
  expect(USAGE_WARNING_RATIO).toBe(0.9);
});

describe('allowedCount', () => {
  it("is the plan's count for the name", () => {
    expect(allowedCount('staff', publisher, {})).toBe(3);
  });

  it('is null when the plan sets no limit of that name, or one that is not a count', () => {
    expect(allowedCount('staff', custom, {})).toBeNull();
    expect(allowedCount('customIntegrations', publisher, {})).toBeNull();
  });

  it("takes the site's agreed members override in place of the plan's members limit", () => {
    const siteLimits: CurrentSiteLimits = { members: usage(182_000, { members_override: 300_000 }) };
    expect(allowedCount('members', custom, siteLimits)).toBe(300_000);
    // The override is the members' only: another name keeps the plan's count.
    expect(allowedCount('staff', publisher, siteLimits)).toBe(3);
  });

  it('ignores a missing or zero override', () => {
    expect(allowedCount('members', custom, { members: usage(10) })).toBe(250_000);
    expect(allowedCount('members', custom, { members: usage(10, { members_override: 0 }) })).toBe(250_000);
  });
});

describe('usageMeter', () => {
  it('is normal below 90% of the limit', () => {
    expect(usageMeter('members', publisher, { members: usage(640) }, context())).toEqual({
      name: 'members',
      used: 640,
      limit: 1000,
      fill: 0.64,
      state: 'normal',
    });
  });

  it('takes the warning tone from 90% on, up to and at the limit (a limit is not broken until it is passed)', () => {
    expect(usageMeter('members', publisher, { members: usage(899) }, context()).state).toBe('normal');
    expect(usageMeter('members', publisher, { members: usage(900) }, context()).state).toBe('warning');
    expect(usageMeter('staff', publisher, { staff: usage(3) }, context())).toMatchObject({ state: 'warning', fill: 1 });
  });

  it("is over when the spec's rule says the site breaks the limit, its bar full", () => {
    expect(usageMeter('members', starter, { members: usage(12_480) }, context('Starter'))).toEqual({
      name: 'members',
      used: 12_480,
      limit: 1000,
      fill: 1,
      state: 'over',
    });
    expect(usageMeter('newsletters', starter, { newsletters: usage(2) }, context('Starter')).state).toBe('over');
  });

  it('follows the rule where it lets a count pass: Business has no staff limit to break, so more staff only warns', () => {
    const business: Limit[] = [{ name: 'staff', value: 15 }];
    expect(usageMeter('staff', business, { staff: usage(20) }, context('Business'))).toMatchObject({
      state: 'warning',
      fill: 1,
    });
  });

  it('measures members against the agreed override', () => {
    const siteLimits: CurrentSiteLimits = { members: usage(282_000, { members_override: 300_000 }) };
    expect(usageMeter('members', custom, siteLimits, context('Custom'))).toMatchObject({
      limit: 300_000,
      state: 'warning',
    });
  });

  it('is unlimited, with an empty bar, when the plan sets no count for it', () => {
    expect(usageMeter('staff', custom, { staff: usage(24) }, context('Custom'))).toEqual({
      name: 'staff',
      used: 24,
      limit: null,
      fill: 0,
      state: 'unlimited',
    });
    expect(usageMeter('customIntegrations', publisher, { customIntegrations: usage(2) }, context()).state).toBe(
      'unlimited',
    );
  });

  it('counts 0 used when the site limits do not list it', () => {
    expect(usageMeter('newsletters', publisher, {}, context())).toMatchObject({ used: 0, fill: 0, state: 'normal' });
  });

  it('reads a limit of 0 as full: at its limit with none used, over with one', () => {
    const none: Limit[] = [{ name: 'newsletters', value: 0 }];
    expect(usageMeter('newsletters', none, { newsletters: usage(0) }, context())).toMatchObject({
      fill: 1,
      state: 'warning',
    });
    expect(usageMeter('newsletters', none, { newsletters: usage(1) }, context())).toMatchObject({
      fill: 1,
      state: 'over',
    });
  });
});

describe('usageMeters', () => {
  it('gives members, staff users, newsletters and custom integrations, in that order', () => {
    expect(USAGE_METER_NAMES).toEqual(['members', 'staff', 'newsletters', 'customIntegrations']);
    const siteLimits: CurrentSiteLimits = {
      members: usage(12_480),
      staff: usage(4),
      newsletters: usage(2),
      limitAnalytics: usage(1),
    };
    expect(usageMeters(starter, siteLimits, context('Starter')).map(({ name, state }) => [name, state])).toEqual([
      ['members', 'over'],
      ['staff', 'over'],
      ['newsletters', 'over'],
      ['customIntegrations', 'unlimited'],
    ]);
  });
});
