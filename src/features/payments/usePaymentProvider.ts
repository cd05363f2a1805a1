/**
 * The card provider as a screen needs it: loading, failed (with the warning to show) or ready (the instance).
 * Loading starts when the calling component mounts, never before: only screens that take a card use it.
 */
import { useLingui } from '@lingui/react';
import type { Stripe } from '@stripe/stripe-js';
import { useCallback, useContext, useEffect, useState } from 'react';
import { useConfig } from '../../config';
import { PaymentScriptEnvironmentContext, loadPaymentProvider, providerLocale } from './paymentProvider';
import { PaymentScriptError, paymentScriptWarning } from './paymentScript';
import type { PaymentScriptWarning } from './paymentScript';

export type PaymentProviderState =
  { status: 'loading' } | { status: 'failed'; warning: PaymentScriptWarning } | { status: 'ready'; stripe: Stripe };

export function usePaymentProvider(): PaymentProviderState & { retry(): void } {
  const { paymentScriptUrl, paymentPublishableKey } = useConfig();
  const environment = useContext(PaymentScriptEnvironmentContext);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<PaymentProviderState>({ status: 'loading' });
  // One instance for the page's life: it takes the language of the time it has loaded (paymentProvider.ts).
  const { i18n } = useLingui();

  useEffect(() => {
    let current = true;
    loadPaymentProvider(paymentScriptUrl, paymentPublishableKey, environment, () => providerLocale(i18n.locale)).then(
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
  }, [paymentScriptUrl, paymentPublishableKey, environment, attempt, i18n]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((value) => value + 1);
  }, []);

  return { ...state, retry };
}
