/**
 * What comes next, in the plan details and on a trial's plans screen: the next charge as the card provider will
 * bill it (get-next-charge), the end of a trial and what it bills, or, for a plan cancelled at period end, that
 * nothing more is charged. In grace the plan details show the open amount instead (PastDueInvoice). A failed
 * preview says so in this row only: the rest of the screen does not depend on it.
 */
import { useLingui } from '@lingui/react/macro';
import type { NextCharge as NextChargeData } from '../../../core/contract';
import { formatLongDate } from '../../../core/rules/dates';
import { formatCents } from '../../../core/rules/money';
import { useGetNextChargeQuery } from '../../api/accountApi';
import { INVOICE_PREVIEW_FAILED } from '../../api/errors';
import { useIntlLocale } from '../../i18n/useIntlLocale';
import { useSiteCurrency } from './useSiteCurrency';

function Row({ term, children }: { term: string; children: string }) {
  return (
    <div className="price-breakdown__row">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Described({ charge }: { charge: Exclude<NextChargeData, { kind: 'open_amount' }> }) {
  const { t } = useLingui();
  const locale = useIntlLocale();
  const currency = useSiteCurrency();
  const date = formatLongDate(charge.date, locale);
  const amount = charge.kind === 'access_ends' ? '' : formatCents(charge.amount, currency, locale);

  /** 'After a $45.00 discount and $12.50 of account credit.', or '' when neither applies. */
  function reductions(reduced: { discount: number; creditApplied: number }): string {
    const discount = formatCents(reduced.discount, currency, locale);
    const credit = formatCents(reduced.creditApplied, currency, locale);
    if (reduced.discount > 0 && reduced.creditApplied > 0)
      return t`After a ${discount} discount and ${credit} of account credit.`;
    if (reduced.discount > 0) return t`After a ${discount} discount.`;
    if (reduced.creditApplied > 0) return t`After ${credit} of account credit.`;
    return '';
  }

  switch (charge.kind) {
    case 'renewal': {
      const reduced = reductions(charge);
      return (
        <>
          <dl className="price-breakdown price-breakdown--extras">
            <Row term={t`Next charge`}>{t`${amount} on ${date}`}</Row>
          </dl>
          {reduced && <p className="note">{reduced}</p>}
        </>
      );
    }
    case 'trial_end':
      return (
        <>
          <dl className="price-breakdown price-breakdown--extras">
            <Row term={t`Trial ends`}>{date}</Row>
          </dl>
          <p className="note">
            {charge.hasCard
              ? [t`Then ${amount} will be charged to your card.`, reductions(charge)].filter(Boolean).join(' ')
              : t`Then ${amount} is due, and there is no card on file to pay it.`}
          </p>
        </>
      );
    case 'access_ends':
      return (
        <dl className="price-breakdown price-breakdown--extras">
          <Row term={t`Next charge`}>{t`None: your access ends on ${date}`}</Row>
        </dl>
      );
  }
}

export function NextCharge() {
  const { t } = useLingui();
  const { data, isError, isLoading } = useGetNextChargeQuery();
  if (isLoading) {
    return (
      <p className="note next-charge" aria-busy="true">
        {t`Loading the next charge…`}
      </p>
    );
  }
  if (isError) return <p className="note next-charge">{t(INVOICE_PREVIEW_FAILED)}</p>;
  const charge = data?.nextCharge ?? null;
  if (charge === null || charge.kind === 'open_amount') return null;
  return (
    <div className="next-charge">
      <Described charge={charge} />
    </div>
  );
}
