/**
 * The payment-information box (SPEC 2, "Billing dashboard" 2): the card, the member limit, the invoice details
 * and the billing contact, each with the button that opens its modal, and the automatic billing switch.
 */
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useGetNextChargeQuery } from '../../api/accountApi';
import type { BillingData, SubscribedBillingData, NextCharge } from '../../../core/contract';
import { cardExpiresAt, formatCardExpiry, formatLongDate } from '../../../core/rules/dates';
import { formatMemberCount, memberLimitOf } from '../../../core/rules/limits';
import { isCustomPlan } from '../../../core/rules/products';
import { useIntlLocale } from '../../i18n/useIntlLocale';
import { CardBrandIcon, cardBrandName } from '../../ui/CardBrandIcon';
import { NaturalBreaks } from '../../ui/NaturalBreaks';
import { AutoBillingSetting } from './AutoBillingSetting';
import { NO_CARD_LABEL } from './messages';

export type PaymentModal = 'card' | 'members' | 'invoiceDetails' | 'billingContact';

function CardSummary({ user }: { user: BillingData['user'] }) {
  const { t, i18n } = useLingui();
  if (!user.cardLast4) return <p className="payment-row__value">{t(NO_CARD_LABEL)}</p>;
  const expiry = formatCardExpiry(user.cardExpiry);
  const brand = cardBrandName(user.cardType, i18n);
  const last4 = user.cardLast4;
  return (
    <p className="payment-row__value card-summary">
      <CardBrandIcon brand={user.cardType} />
      <span>
        <Trans>
          {brand} ending in {last4}
        </Trans>
        {expiry && (
          <span className="card-summary__expiry">
            {' · '}
            <Trans>Expires {expiry}</Trans>
          </span>
        )}
      </span>
    </p>
  );
}

const EXPIRING_CARD_WARNING_ID = 'expiring-card-warning';

/** The date of a charge the card on file would have to pay, if one is coming. */
function chargeDateOf(charge: NextCharge | null | undefined): number | null {
  if (charge?.kind === 'renewal' && charge.amount > 0) return charge.date;
  if (charge?.kind === 'trial_end' && charge.hasCard && charge.amount > 0) return charge.date;
  return null;
}

/**
 * The warning for a card that expires before the next charge, which will then fail; null while it does not.
 * It appears once the next charge is known and goes when a card that lasts is saved (the billing data and the
 * next charge are read again after a new card).
 */
function useExpiringCardWarning(user: BillingData['user']): string | null {
  const { t, i18n } = useLingui();
  const locale = useIntlLocale();
  const { data } = useGetNextChargeQuery();
  const chargeDate = chargeDateOf(data?.nextCharge);
  const expiresAt = cardExpiresAt(user.cardExpiry);
  if (!user.cardLast4 || chargeDate === null || expiresAt === null || expiresAt > chargeDate) return null;
  const brand = cardBrandName(user.cardType, i18n);
  const last4 = user.cardLast4;
  const expiry = formatCardExpiry(user.cardExpiry);
  const date = formatLongDate(chargeDate, locale);
  return t`Your ${brand} ending in ${last4} expires ${expiry}, before the next charge on ${date}: that charge will fail unless you update your card.`;
}

interface RowProps {
  title: string;
  children: ReactNode;
  action?: ReactNode;
  /** The value is an address, kept on a line of its own rather than squeezed beside the action. */
  address?: boolean;
}

function Row({ title, children, action, address = false }: RowProps) {
  return (
    <div className={address ? 'payment-row payment-row--address' : 'payment-row'}>
      <div className="payment-row__body">
        <h3 className="payment-row__title">{title}</h3>
        {children}
      </div>
      {action && <div className="payment-row__action">{action}</div>}
    </div>
  );
}

/** 'Up to 1,000 members' (the count as the member tiers read it, '1M' from a million on), or 'No member limit'. */
function MemberLimitValue({ limit }: { limit: number | null }) {
  const { t } = useLingui();
  const locale = useIntlLocale();
  if (limit === null) return <>{t`No member limit`}</>;
  const count = formatMemberCount(limit, locale);
  return <>{t`${plural(limit, { one: `Up to ${count} member`, other: `Up to ${count} members` })}`}</>;
}

export function PaymentInformation({
  data,
  onOpen,
}: {
  data: SubscribedBillingData;
  onOpen(modal: PaymentModal): void;
}) {
  const { t } = useLingui();
  const { user } = data;
  const taxId = data.taxId?.value;
  const memberLimit = memberLimitOf(data.currentPrice?.limits ?? []);
  const custom = isCustomPlan(data.subscription.meta.baseProduct.name);
  const hasCard = !!user.cardLast4;
  const expiringCardWarning = useExpiringCardWarning(user);
  return (
    <section className="card payment-information" aria-labelledby="payment-information-heading">
      <h2 id="payment-information-heading">
        <Trans>Payment information</Trans>
      </h2>
      <Row
        title={t`Credit card`}
        action={
          <button
            type="button"
            className="button button--secondary"
            onClick={() => onOpen('card')}
            aria-describedby={expiringCardWarning === null ? undefined : EXPIRING_CARD_WARNING_ID}
          >
            {hasCard ? t`Update credit card` : t`Add credit card`}
          </button>
        }
      >
        <CardSummary user={user} />
        {expiringCardWarning !== null && (
          // An alert: announced once, when the next charge shows the card will not last to it.
          <p id={EXPIRING_CARD_WARNING_ID} className="card-warning" role="alert">
            {expiringCardWarning}
          </p>
        )}
      </Row>
      {!custom && (
        <Row
          title={t`Member limit`}
          action={
            <button
              type="button"
              className="button button--secondary"
              onClick={() => onOpen('members')}
              disabled={data.isGrace}
            >
              <Trans>Change member limit</Trans>
            </button>
          }
        >
          <p className="payment-row__value">
            <MemberLimitValue limit={memberLimit} />
          </p>
        </Row>
      )}
      <Row
        title={t`Invoice details`}
        action={
          <button type="button" className="button button--secondary" onClick={() => onOpen('invoiceDetails')}>
            <Trans>
              Edit<span className="visually-hidden"> invoice details</span>
            </Trans>
          </button>
        }
      >
        {/* Free text from the server: rendered as text, never as markup. */}
        <p className="payment-row__value invoice-details">{data.invoiceDetails.trim() || t`None`}</p>
        {/* Only the value: the types' names load with the modal (the dashboard's size budget). */}
        {taxId && (
          <p className="payment-row__value">
            <Trans>Tax ID: {taxId}</Trans>
          </p>
        )}
      </Row>
      <Row
        title={t`Billing contact`}
        address
        action={
          <button type="button" className="button button--secondary" onClick={() => onOpen('billingContact')}>
            <Trans>
              Edit<span className="visually-hidden"> billing contact</span>
            </Trans>
          </button>
        }
      >
        <p className="payment-row__value">
          {user.billing_contact ? (
            <NaturalBreaks text={user.billing_contact} />
          ) : (
            <Trans>
              None: billing e-mails go to <NaturalBreaks text={user.email_address} />
            </Trans>
          )}
        </p>
      </Row>
      {user.show_auto_billing && <AutoBillingSetting data={data} />}
    </section>
  );
}
