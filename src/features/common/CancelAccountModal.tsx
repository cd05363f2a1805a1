/**
 * Cancel account (SPEC 2, 4 and 5), opened by the dashboard's Cancel account and by the Plans screen's
 * cancel-trial control. Cancel now needs all three confirmations ticked; it asks the server to cancel, waits
 * for the cancellation (the cancel poll), then leaves for the company site. Where the subscription allows it,
 * cancelling at the end of the billing period is offered first (never to a trial: SPEC 4).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SubscribedBillingData } from '../../../core/contract';
import { inEnglish } from '../../api/errors';
import { useConfig } from '../../config';
import { MODAL_CLOSE_DELAY_MS } from '../../../core/rules/constants';
import { offersCancelAtPeriodEnd } from '../../../core/rules/cancelMode';
import { formatLongDate } from '../../../core/rules/dates';
import { useAppDispatch } from '../../store/hooks';
import { useIntlLocale } from '../../i18n/useIntlLocale';
import { ActionButton } from '../../ui/ActionButton';
import { FormError } from '../../ui/FormError';
import { Modal } from '../../ui/Modal';
import { useActionFlow } from '../../ui/useActionFlow';
import { useCancelAtPeriodEndMutation } from './cancelApi';
import { cancelAccountNow } from './cancelPoll';
import { usePageNavigation } from './pageNavigation';

/** SPEC 8 "Account actions": the cancel failure, word for word. */
export const CANCEL_FAILED = msg`Something went wrong when trying to cancel. Refresh your browser and try again, or contact support`;

/** The three confirmations of SPEC 5 "Cancel-now form". */
const CONFIRMATIONS = [
  msg`I've downloaded my site's data, or I don't need it`,
  msg`I understand my site and its data will be permanently deleted`,
  msg`I understand deleted data cannot be recovered`,
] as const;

/** The confirmations in English, for the tests that tick them. */
export const CANCEL_CONFIRMATIONS = CONFIRMATIONS.map(inEnglish);

function CancelAtPeriodEnd({ data, onClose }: { data: SubscribedBillingData; onClose(): void }) {
  const { t } = useLingui();
  const locale = useIntlLocale();
  const [cancel] = useCancelAtPeriodEndMutation();
  const flow = useActionFlow({ onSucceeded: onClose, afterSuccessMs: MODAL_CLOSE_DELAY_MS });
  const headingId = useId();
  const periodEnd = formatLongDate(data.subscription.current_period_end, locale);
  return (
    <section className="cancel-option" aria-labelledby={headingId}>
      <h3 id={headingId}>{t`Cancel at the end of your billing period`}</h3>
      <p>
        <Trans>
          Your site stays online until <strong>{periodEnd}</strong>. You can reactivate any time before then.
        </Trans>
      </p>
      <ActionButton
        className="button button--secondary"
        state={flow.state}
        label={t`Cancel at period end`}
        pendingLabel={t`Cancelling…`}
        onClick={() =>
          flow.run(async () => {
            const result = await cancel({ subscriptionId: data.subscription.id });
            return 'error' in result ? CANCEL_FAILED : null;
          })
        }
      />
      <FormError>{flow.error}</FormError>
    </section>
  );
}

/** Dispatches the cancel-now flow; aborts its poll when the modal goes away. */
function useCancelNow(subscriptionId: string) {
  const dispatch = useAppDispatch();
  const { companySite } = useConfig();
  const pageNavigation = usePageNavigation();
  const running = useRef<{ abort(): void } | null>(null);
  useEffect(() => () => running.current?.abort(), []);
  const flow = useActionFlow();

  function start() {
    void flow.run(async () => {
      const promise = dispatch(cancelAccountNow({ subscriptionId }));
      running.current = promise;
      const action = await promise;
      running.current = null;
      const outcome = cancelAccountNow.fulfilled.match(action) ? action.payload : 'aborted';
      if (outcome === 'canceled') {
        pageNavigation.leave(companySite);
        return null;
      }
      return CANCEL_FAILED;
    });
  }
  return { flow, start };
}

function CancelNow({ data, standalone }: { data: SubscribedBillingData; standalone: boolean }) {
  const { t } = useLingui();
  const [ticked, setTicked] = useState<boolean[]>(() => CONFIRMATIONS.map(() => false));
  const { flow, start } = useCancelNow(data.subscription.id);
  const headingId = useId();
  const allTicked = ticked.every(Boolean);
  const busy = flow.state === 'pending' || flow.state === 'succeeded';
  return (
    <section className="cancel-option" aria-labelledby={headingId}>
      <h3 id={headingId}>{standalone ? t`Cancel your account now` : t`Or cancel now and delete your site`}</h3>
      <p>
        <Trans>Your site goes offline at once and everything in it is deleted.</Trans>
      </p>
      <fieldset className="checklist" disabled={busy}>
        <legend>
          <Trans>Before you cancel, confirm that:</Trans>
        </legend>
        {CONFIRMATIONS.map((confirmation, index) => (
          <label key={confirmation.id} className="checklist__item">
            <input
              type="checkbox"
              checked={ticked[index]}
              onChange={(event) => {
                const checked = event.target.checked;
                setTicked((current) => current.map((value, at) => (at === index ? checked : value)));
              }}
            />
            {t(confirmation)}
          </label>
        ))}
      </fieldset>
      <ActionButton
        className="button button--danger"
        state={flow.state}
        label={t`Cancel account now`}
        pendingLabel={t`Cancelling your account…`}
        disabled={!allTicked}
        onClick={start}
      />
      <p className="note" role="status">
        {flow.state === 'pending'
          ? t`Cancelling your account. This can take up to a minute and a half: keep this page open.`
          : ''}
      </p>
      <FormError>{flow.error}</FormError>
    </section>
  );
}

export default function CancelAccountModal({ data, onClose }: { data: SubscribedBillingData; onClose(): void }) {
  const { t } = useLingui();
  // Decided when the modal opens: the data refetched after cancelling at period end must not take away the
  // section that is saying 'Update complete!'.
  const [periodEnd] = useState(() => offersCancelAtPeriodEnd(data));
  return (
    <Modal title={t`Cancel account`} onClose={onClose}>
      {periodEnd && <CancelAtPeriodEnd data={data} onClose={onClose} />}
      <CancelNow data={data} standalone={!periodEnd} />
    </Modal>
  );
}
