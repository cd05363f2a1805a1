/**
 * Cancel account (SPEC 2, 4 and 5), opened by the dashboard's Cancel account and by the Plans screen's
 * cancel-trial control. Cancel now needs all three confirmations ticked; it asks the server to cancel, waits
 * for the cancellation (the cancel poll), then leaves for the company site. Where the subscription allows it,
 * cancelling at the end of the billing period is offered first (never to a trial: SPEC 4).
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { BillingData } from '../../../core/contract';
import { useConfig } from '../../config';
import { MODAL_CLOSE_DELAY_MS } from '../../../core/rules/constants';
import { offersCancelAtPeriodEnd } from '../../../core/rules/cancelMode';
import { formatLongDate } from '../../../core/rules/dates';
import { useAppDispatch } from '../../store/hooks';
import { ActionButton } from '../../ui/ActionButton';
import { FormError } from '../../ui/FormError';
import { Modal } from '../../ui/Modal';
import { useActionFlow } from '../../ui/useActionFlow';
import { useCancelAtPeriodEndMutation } from './cancelApi';
import { cancelAccountNow } from './cancelPoll';
import { usePageNavigation } from './pageNavigation';

/** SPEC 8 "Account actions": the cancel failure, word for word. */
export const CANCEL_FAILED_MESSAGE =
  'Something went wrong when trying to cancel. Refresh your browser and try again, or contact support';

/** The three confirmations of SPEC 5 "Cancel-now form". */
export const CANCEL_CONFIRMATIONS = [
  "I've downloaded my site's data, or I don't need it",
  'I understand my site and its data will be permanently deleted',
  'I understand deleted data cannot be recovered',
] as const;

function CancelAtPeriodEnd({ data, onClose }: { data: BillingData; onClose(): void }) {
  const [cancel] = useCancelAtPeriodEndMutation();
  const flow = useActionFlow({ onSucceeded: onClose, afterSuccessMs: MODAL_CLOSE_DELAY_MS });
  const headingId = useId();
  return (
    <section className="cancel-option" aria-labelledby={headingId}>
      <h3 id={headingId}>Cancel at the end of your billing period</h3>
      <p>
        Your site stays online until <strong>{formatLongDate(data.subscription.current_period_end)}</strong>. You can
        reactivate any time before then.
      </p>
      <ActionButton
        className="button button--secondary"
        state={flow.state}
        label="Cancel at period end"
        pendingLabel="Cancelling…"
        onClick={() =>
          flow.run(async () => {
            const result = await cancel({ subscriptionId: data.subscription.id });
            return 'error' in result ? CANCEL_FAILED_MESSAGE : null;
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
      return CANCEL_FAILED_MESSAGE;
    });
  }
  return { flow, start };
}

function CancelNow({ data, standalone }: { data: BillingData; standalone: boolean }) {
  const [ticked, setTicked] = useState<boolean[]>(() => CANCEL_CONFIRMATIONS.map(() => false));
  const { flow, start } = useCancelNow(data.subscription.id);
  const headingId = useId();
  const allTicked = ticked.every(Boolean);
  const busy = flow.state === 'pending' || flow.state === 'succeeded';
  return (
    <section className="cancel-option" aria-labelledby={headingId}>
      <h3 id={headingId}>{standalone ? 'Cancel your account now' : 'Or cancel now and delete your site'}</h3>
      <p>Your site goes offline at once and everything in it is deleted.</p>
      <fieldset className="checklist" disabled={busy}>
        <legend>Before you cancel, confirm that:</legend>
        {CANCEL_CONFIRMATIONS.map((text, index) => (
          <label key={text} className="checklist__item">
            <input
              type="checkbox"
              checked={ticked[index]}
              onChange={(event) => {
                const checked = event.target.checked;
                setTicked((current) => current.map((value, at) => (at === index ? checked : value)));
              }}
            />
            {text}
          </label>
        ))}
      </fieldset>
      <ActionButton
        className="button button--danger"
        state={flow.state}
        label="Cancel account now"
        pendingLabel="Cancelling your account…"
        disabled={!allTicked}
        onClick={start}
      />
      <p className="note" role="status">
        {flow.state === 'pending' ? 'Cancelling your account. This can take up to a minute and a half: keep this page open.' : ''}
      </p>
      <FormError>{flow.error}</FormError>
    </section>
  );
}

export default function CancelAccountModal({ data, onClose }: { data: BillingData; onClose(): void }) {
  // Decided when the modal opens: the data refetched after cancelling at period end must not take away the
  // section that is saying 'Update complete!'.
  const [periodEnd] = useState(() => offersCancelAtPeriodEnd(data));
  return (
    <Modal title="Cancel account" onClose={onClose}>
      {periodEnd && <CancelAtPeriodEnd data={data} onClose={onClose} />}
      <CancelNow data={data} standalone={!periodEnd} />
    </Modal>
  );
}
