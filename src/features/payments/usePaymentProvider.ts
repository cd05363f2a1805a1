/**
 * The card provider as a screen needs it: loading, failed (with the warning to show) or ready (the instance).
 * Loading starts when the calling component mounts, never before: only screens that take a card use it.
 */
import type { Stripe } from '@stripe/stripe-js';
import { useCallback, useContext, useEffect, useState } from 'react';
import { useConfig } from '../../config';
import { PaymentScriptEnvironmentContext, loadPaymentProvider } from './paymentProvider';
import { PaymentScriptError, paymentScriptWarning } from './paymentScript';

export type PaymentProviderState =
  | { status: 'loading' }
  | { status: 'failed'; warning: ReturnType<typeof paymentScriptWarning> }
  | { status: 'ready'; stripe: Stripe };

export function usePaymentProvider(): PaymentProviderState & { retry(): void } {
  const { paymentScriptUrl, paymentPublishableKey } = useConfig();
  const environment = useContext(PaymentScriptEnvironmentContext);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<PaymentProviderState>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    loadPaymentProvider(paymentScriptUrl, paymentPublishableKey, environment).then(
      (stripe) => {
        if (current) setState({ status: 'ready', stripe });
      },
      (error: unknown) => {
        const kind = error instanceof PaymentScriptError ? error.kind : 'unknown';
        if (current) setState({ status: 'failed', warning: paymentScriptWarning(kind) });
      },
    );
    return () => {
      current = false;
    };
  }, [paymentScriptUrl, paymentPublishableKey, environment, attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((value) => value + 1);
  }, []);

  return { ...state, retry };
}
