import { periodLabel } from './periodLabel';

describe('periodLabel: the period beside the plan name', () => {
  it.each<['month' | 'year', string]>([
    ['month', 'Monthly'],
    ['year', 'Yearly'],
  ])('periodLabel(%p) -> %s', (period, label) => {
    expect(periodLabel(period)).toBe(label);
  });
});
