/** SPEC 8 "Payment library": why the card form cannot show, a Try again button and the support note. */
import { PAYMENT_SCRIPT_SUPPORT_NOTE } from './paymentScript';
import type { paymentScriptWarning } from './paymentScript';

export function PaymentProviderWarning({ warning, onRetry }: { warning: ReturnType<typeof paymentScriptWarning>; onRetry(): void }) {
  return (
    <div className="notice notice--warning payment-warning" role="alert">
      <p className="notice__title">{warning.label}</p>
      <p>{warning.message}</p>
      <p>{PAYMENT_SCRIPT_SUPPORT_NOTE}</p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
