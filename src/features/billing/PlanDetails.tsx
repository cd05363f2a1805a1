/** The plan-details box: the foundation shows the plan; its breakdown, warnings and actions come with the dashboard issue. */
import type { BillingData } from '../../api/contract';

export function periodLabel(period: 'month' | 'year'): string {
  return period === 'year' ? 'Yearly' : 'Monthly';
}

export function PlanDetails({ data }: { data: BillingData }) {
  const { baseProduct } = data.subscription.meta;
  return (
    <section className="card" aria-labelledby="plan-details-heading">
      <h2 id="plan-details-heading">Plan details</h2>
      <p className="plan-name">
        {baseProduct.name} <span className="plan-period">{periodLabel(baseProduct.billing_period)}</span>
      </p>
    </section>
  );
}
