/** A billing period after a price: '$9.00 per month', '$90.00 per year'. */
export function perPeriod(period: 'month' | 'year'): string {
  return period === 'year' ? 'per year' : 'per month';
}
