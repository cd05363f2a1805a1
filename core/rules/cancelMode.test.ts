import { offersCancelAtPeriodEnd } from './cancelMode';

describe('offersCancelAtPeriodEnd: cancel at period end is offered', () => {
  const flags = { isActive: true, isTrial: false, isGrace: false, willCancelAtPeriodEnd: false };
  it.each<[string, typeof flags, boolean]>([
    ['an active subscription', flags, true],
    ['a trial', { ...flags, isActive: false, isTrial: true }, false],
    ['grace', { ...flags, isActive: false, isGrace: true }, false],
    ['a subscription already set to cancel', { ...flags, willCancelAtPeriodEnd: true }, false],
    ['an inactive subscription', { ...flags, isActive: false }, false],
    ['an active trial', { ...flags, isTrial: true }, false],
    ['an active subscription in grace', { ...flags, isGrace: true }, false],
  ])('to %s: %p', (_name, input, offered) => {
    expect(offersCancelAtPeriodEnd(input)).toBe(offered);
  });
});
