/**
 * 'Pay open invoice' (SPEC 4 "Subscription flags", 8 "A payment failure code while in grace"): in grace, the
 * past-due invoice paid with the card on file, which ends grace. The dashboard's plan box shows it; the progress
 * is the store's (openInvoicePaymentSlice.ts), so a remount of the routes keeps it.
 */
import { useLingui } from '@lingui/react/macro';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { ActionButton } from '../../ui/ActionButton';
import { FormError } from '../../ui/FormError';
import { PaymentProviderWarning } from './PaymentProviderWarning';
import { gracePaymentFailureText } from './messages';
import { payOpenInvoice, selectOpenInvoicePayment } from './openInvoicePaymentSlice';
import { usePaymentProvider } from './usePaymentProvider';

export function OpenInvoicePayment({ customerId }: { customerId: string }) {
  const dispatch = useAppDispatch();
  const payment = useAppSelector(selectOpenInvoicePayment);
  const provider = usePaymentProvider();
  const { t, i18n } = useLingui();

  return (
    <div className="open-invoice-payment">
      {provider.status === 'failed' && <PaymentProviderWarning warning={provider.warning} onRetry={provider.retry} />}
      <FormError>{payment.error && gracePaymentFailureText(i18n, payment.error)}</FormError>
      <ActionButton
        state={payment.status}
        label={t`Pay open invoice`}
        successLabel={t`Payment complete!`}
        pendingLabel={t`Processing your payment…`}
        onClick={() =>
          void dispatch(
            payOpenInvoice({ customerId, cardPayments: provider.status === 'ready' ? provider.stripe : null }),
          )
        }
      />
    </div>
  );
}
