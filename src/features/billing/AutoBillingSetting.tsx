/**
 * The automatic billing switch (SPEC 4 "Auto-billing toggle"): idle, pending, succeeded (7 s after the server
 * accepted the change, when the new billing mode is in place) or failed. It can be used only while lib's
 * isAutoBillingOptionEnabled allows; otherwise a note says why.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState } from 'react';
import { api } from '../../api/api';
import type { SubscribedBillingData } from '../../../core/contract';
import { AUTO_BILLING_SUCCESS_DELAY_MS } from '../../../core/rules/constants';
import { isAutoBillingOptionEnabled } from '../../../core/rules/plans';
import { useAppDispatch } from '../../store/hooks';
import { FormError } from '../../ui/FormError';
import { useUpdateAutoBillingMutation } from './billingApi';
import { AUTO_BILLING_FAILED_MESSAGE, AUTO_BILLING_NOTES } from './messages';

type Phase = 'idle' | 'pending' | 'settling' | 'succeeded' | 'failed';

export function AutoBillingSetting({ data }: { data: SubscribedBillingData }) {
  const { t } = useLingui();
  const dispatch = useAppDispatch();
  const [update] = useUpdateAutoBillingMutation();
  const [phase, setPhase] = useState<Phase>('idle');
  const [target, setTarget] = useState<boolean | null>(null);
  const labelId = useId();
  const descriptionId = useId();
  const available = isAutoBillingOptionEnabled(data, data.exceededLimits);
  const busy = phase === 'pending' || phase === 'settling';
  const checked = target ?? data.hasAutoBillingEnabled;

  useEffect(() => {
    if (phase !== 'settling') return undefined;
    const timer = setTimeout(() => {
      setPhase('succeeded');
      dispatch(api.util.invalidateTags(['BillingData']));
    }, AUTO_BILLING_SUCCESS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [phase, dispatch]);

  async function toggle() {
    if (busy || !available) return;
    const next = !checked;
    setTarget(next);
    setPhase('pending');
    const result = await update({ subscriptionId: data.subscription.id, enabled: next });
    if ('error' in result) {
      setTarget(null);
      setPhase('failed');
    } else {
      setPhase('settling');
    }
  }

  const note = data.willCancelAtPeriodEnd ? AUTO_BILLING_NOTES.cancelling : AUTO_BILLING_NOTES.upToDate;
  let statusText = '';
  if (busy) statusText = t`Updating billing mode…`;
  else if (phase === 'succeeded')
    statusText = checked
      ? t`Billing mode updated: automatic billing is on.`
      : t`Billing mode updated: automatic billing is off.`;
  return (
    <div className="payment-row auto-billing">
      <div className="payment-row__body">
        <h3 className="payment-row__title" id={labelId}>
          <Trans>Automatic billing</Trans>
        </h3>
        <p className="payment-row__value" id={descriptionId}>
          <Trans>When your audience outgrows your member limit, move to the next tier and bill it automatically.</Trans>
        </p>
        {!available && <p className="note">{t(note)}</p>}
        <p className="visually-hidden" role="status">
          {statusText}
        </p>
        <FormError>{phase === 'failed' ? t(AUTO_BILLING_FAILED_MESSAGE) : null}</FormError>
      </div>
      <div className="payment-row__action">
        <button
          type="button"
          role="switch"
          className={`switch switch--${phase}`}
          aria-checked={checked}
          aria-labelledby={labelId}
          aria-describedby={descriptionId}
          aria-busy={busy}
          aria-disabled={busy || undefined}
          disabled={!available}
          onClick={toggle}
        >
          <span className="switch__track" aria-hidden="true">
            <span className="switch__thumb" />
          </span>
          <span className="switch__text" aria-hidden="true">
            {busy ? t`Updating…` : checked ? t`On` : t`Off`}
          </span>
        </button>
      </div>
    </div>
  );
}
