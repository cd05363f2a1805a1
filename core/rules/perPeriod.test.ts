import { perPeriod } from './perPeriod';

describe('perPeriod: the period after a price', () => {
  it.each<['month' | 'year', string]>([
    ['month', 'per month'],
    ['year', 'per year'],
  ])('perPeriod(%p) -> %s', (period, text) => {
    expect(perPeriod(period)).toBe(text);
  });
});
