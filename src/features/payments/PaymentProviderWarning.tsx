/** SPEC 8 "Payment library": why the card form cannot show, a Try again button and the support note. */
import { Trans, useLingui } from '@lingui/react/macro';
import { PAYMENT_SCRIPT_SUPPORT_NOTE } from './paymentScript';
import type { PaymentScriptWarning } from './paymentScript';

export function PaymentProviderWarning({ warning, onRetry }: { warning: PaymentScriptWarning; onRetry(): void }) {
  const { t } = useLingui();
  return (
    <div className="notice notice--warning payment-warning" role="alert">
      <p className="notice__title">{t(warning.label)}</p>
      <p>{t(warning.message)}</p>
      <p>{t(PAYMENT_SCRIPT_SUPPORT_NOTE)}</p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        <Trans>Try again</Trans>
      </button>
    </div>
  );
}
