import type { Limit } from '../../core/contract';
import { computeSiteLimits, type SiteLimitsInput } from './siteLimits';

const officialTheme = { active_theme: 'source', active_theme_official: true };

function limits(planLimits: Limit[], usage: SiteLimitsInput['usage'], overrides: Partial<SiteLimitsInput> = {}) {
  return computeSiteLimits({
    planLimits,
    productName: 'Starter',
    usage,
    membersOverride: null,
    site: officialTheme,
    ...overrides,
  });
}

describe('computeSiteLimits', () => {
  it('compares counts with the plan, over the limit only', () => {
    const result = limits(
      [
        { name: 'members', value: 1000 },
        { name: 'staff', value: 1 },
        { name: 'newsletters', value: 1 },
      ],
      { members: 1000, staff: 2, newsletters: 1 },
    );
    expect(result).toEqual({
      members: { total: 1000, limit: 1000, exceeded: false, members_override: null },
      staff: { total: 2, limit: 1, exceeded: true, members_override: null },
      newsletters: { total: 1, limit: 1, exceeded: false, members_override: null },
    });
  });

  it('measures members against an agreed override instead of the plan', () => {
    const result = limits([{ name: 'members', value: 1000 }], { members: 5000 }, { membersOverride: 10_000 });
    expect(result.members).toEqual({ total: 5000, limit: 1000, exceeded: false, members_override: 10_000 });
  });

  it('never caps Business staff', () => {
    expect(limits([{ name: 'staff', value: 15 }], { staff: 40 }, { productName: 'Business' }).staff?.exceeded).toBe(
      false,
    );
  });

  it('lets an official theme or a listed one pass the customThemes limit', () => {
    const themes: Limit[] = [{ name: 'customThemes', value: ['source', 'casper'] }];
    expect(limits(themes, {}).customThemes?.exceeded).toBe(false);
    expect(
      limits(themes, {}, { site: { active_theme: 'casper', active_theme_official: false } }).customThemes?.exceeded,
    ).toBe(false);
    expect(
      limits(themes, {}, { site: { active_theme: 'mine', active_theme_official: false } }).customThemes?.exceeded,
    ).toBe(true);
  });

  it('matches the active theme to a listed one without case, as the plans screen does', () => {
    const themes: Limit[] = [{ name: 'customThemes', value: ['Casper'] }];
    expect(
      limits(themes, {}, { site: { active_theme: 'casper', active_theme_official: false } }).customThemes?.exceeded,
    ).toBe(false);
    expect(
      limits(themes, {}, { site: { active_theme: 'CASPER', active_theme_official: false } }).customThemes?.exceeded,
    ).toBe(false);
  });

  it('reads true on a feature limit as "not available with it enabled"', () => {
    const features: Limit[] = [
      { name: 'limitAnalytics', value: true },
      { name: 'limitStripeConnect', value: true },
      { name: 'customIntegrations', value: true },
    ];
    const result = limits(features, { limitAnalytics: 1, limitStripeConnect: 0, customIntegrations: 12 });
    expect(result.limitAnalytics?.exceeded).toBe(true);
    expect(result.limitStripeConnect?.exceeded).toBe(false);
    expect(result.customIntegrations?.exceeded).toBe(false);
  });

  it('reports usage the plan does not limit, never exceeded, and omits what is neither limited nor used', () => {
    const result = limits([], { staff: 30 });
    expect(result).toEqual({ staff: { total: 30, limit: null, exceeded: false, members_override: null } });
  });
});
