/**
 * Paying the past-due invoice in grace (SPEC 4 "Subscription flags", 8 "Session and transport"): the open
 * invoice's payment confirmed with the card on file, which ends grace. For the dashboard to show in grace; the
 * progress is the checkout slice's, like every payment's.
 */
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { ActionButton } from '../../ui/ActionButton';
import type { ActionState } from '../../ui/ActionButton';
import { FormError } from '../../ui/FormError';
import { PaymentProviderWarning } from '../payments/PaymentProviderWarning';
import { usePaymentProvider } from '../payments/usePaymentProvider';
import { checkoutLeft, payOpenInvoice, selectCheckout } from './checkoutSlice';

const BUTTON_STATES: Record<ReturnType<typeof selectCheckout>['status'], ActionState> = {
  idle: 'idle',
  confirming: 'pending',
  authorizing: 'pending',
  succeeded: 'succeeded',
  failed: 'failed',
};

export default function OpenInvoicePayment({ customerId }: { customerId: string }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const checkout = useAppSelector(selectCheckout);
  const provider = usePaymentProvider();

  useEffect(() => {
    if (!checkout.finished) return;
    dispatch(checkoutLeft());
    void navigate('/', { replace: true });
  }, [checkout.finished, dispatch, navigate]);

  return (
    <div className="open-invoice-payment">
      {provider.status === 'failed' && <PaymentProviderWarning warning={provider.warning} onRetry={provider.retry} />}
      <FormError>{checkout.error}</FormError>
      <ActionButton
        state={BUTTON_STATES[checkout.status]}
        label="Pay open invoice"
        successLabel="Payment complete!"
        pendingLabel="Processing your payment…"
        onClick={() =>
          void dispatch(payOpenInvoice({ customerId, cardPayments: provider.status === 'ready' ? provider.stripe : null }))
        }
      />
    </div>
  );
}
