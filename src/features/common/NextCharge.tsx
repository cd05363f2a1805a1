/**
 * What comes next, in the plan details and on a trial's plans screen: the next charge as the card provider will
 * bill it (get-next-charge), the end of a trial and what it bills, or, for a plan cancelled at period end, that
 * nothing more is charged. In grace the plan details show the open amount instead (PastDueInvoice). A failed
 * preview says so in this row only: the rest of the screen does not depend on it.
 */
import type { NextCharge as NextChargeData } from '../../../core/contract';
import { formatLongDate } from '../../../core/rules/dates';
import { currencySymbol, formatCents } from '../../../core/rules/money';
import { useGetNextChargeQuery } from '../../api/accountApi';
import { INVOICE_PREVIEW_FAILED_MESSAGE } from '../../api/errors';

const USD = currencySymbol();

/** "after $12.50 of account credit and a $45.00 discount", or '' when neither applies. */
function reductions(charge: { discount: number; creditApplied: number }): string {
  const parts = [
    charge.discount > 0 ? `a ${formatCents(charge.discount, USD)} discount` : null,
    charge.creditApplied > 0 ? `${formatCents(charge.creditApplied, USD)} of account credit` : null,
  ].filter((part): part is string => part !== null);
  return parts.length === 0 ? '' : `After ${parts.join(' and ')}.`;
}

function Row({ term, children }: { term: string; children: string }) {
  return (
    <div className="price-breakdown__row">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Described({ charge }: { charge: Exclude<NextChargeData, { kind: 'open_amount' }> }) {
  switch (charge.kind) {
    case 'renewal': {
      const reduced = reductions(charge);
      return (
        <>
          <dl className="price-breakdown price-breakdown--extras">
            <Row term="Next charge">{`${formatCents(charge.amount, USD)} on ${formatLongDate(charge.date)}`}</Row>
          </dl>
          {reduced && <p className="note">{reduced}</p>}
        </>
      );
    }
    case 'trial_end':
      return (
        <>
          <dl className="price-breakdown price-breakdown--extras">
            <Row term="Trial ends">{formatLongDate(charge.date)}</Row>
          </dl>
          <p className="note">
            {charge.hasCard
              ? `Then ${formatCents(charge.amount, USD)} will be charged to your card. ${reductions(charge)}`.trim()
              : `Then ${formatCents(charge.amount, USD)} is due, and there is no card on file to pay it.`}
          </p>
        </>
      );
    case 'access_ends':
      return (
        <dl className="price-breakdown price-breakdown--extras">
          <Row term="Next charge">{`None: your access ends on ${formatLongDate(charge.date)}`}</Row>
        </dl>
      );
  }
}

export function NextCharge() {
  const { data, isError, isLoading } = useGetNextChargeQuery();
  if (isLoading) {
    return (
      <p className="note next-charge" aria-busy="true">
        Loading the next charge…
      </p>
    );
  }
  if (isError) return <p className="note next-charge">{INVOICE_PREVIEW_FAILED_MESSAGE}</p>;
  const charge = data?.nextCharge ?? null;
  if (charge === null || charge.kind === 'open_amount') return null;
  return (
    <div className="next-charge">
      <Described charge={charge} />
    </div>
  );
}
