/** A billing period as the plan's name shows it: 'Monthly' or 'Yearly'. */
export function periodLabel(period: 'month' | 'year'): string {
  return period === 'year' ? 'Yearly' : 'Monthly';
}
