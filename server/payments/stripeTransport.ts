/**
 * Talking to the card provider's API: the official client's options (time-out, retry, another address in tests),
 * its failures read as ours, and the download of an invoice's PDF. payments/stripe.ts is what is asked of it.
 */
import type Stripe from 'stripe';
import { PaymentsProviderError, providerMessages } from './provider';
import { STRIPE_API_VERSION } from './stripeObjects';

/** The panel waits 18 s for our answer: one provider request must fit well inside it, retry included. */
const REQUEST_TIMEOUT_MS = 8000;
const NETWORK_RETRIES = 1;
export const HTTP_NOT_FOUND = 404;
export const HTTP_BAD_GATEWAY = 502;
export const HTTP_PAYMENT_REQUIRED = 402;

interface ProviderFailure {
  type?: string;
  code?: string;
  statusCode?: number;
  /** the provider's id of the failed request (the SDK's StripeError carries it) */
  requestId?: string;
}

export function isMissing(error: unknown): boolean {
  const failure = error as ProviderFailure | null;
  return failure?.code === 'resource_missing' || failure?.statusCode === HTTP_NOT_FOUND;
}

/**
 * The provider's failures as our errors: a card's refusal is a 402 with the card's message (shown to the
 * customer), a missing object a 404, anything else a 502 the panel may retry.
 */
export function translate(error: unknown): never {
  if (error instanceof PaymentsProviderError) throw error;
  const failure = error as (ProviderFailure & { message?: string; decline_code?: string }) | null;
  // Kept on our error: the seam's one log line of the failure names them (observability/observedProviders.ts).
  const requestId = failure?.requestId ?? null;
  if (isMissing(error))
    throw new PaymentsProviderError(HTTP_NOT_FOUND, providerMessages.noSuchObject, 'resource_missing', requestId);
  if (failure?.type === 'StripeCardError' || failure?.statusCode === HTTP_PAYMENT_REQUIRED) {
    throw new PaymentsProviderError(
      HTTP_PAYMENT_REQUIRED,
      failure.message ?? providerMessages.unavailable,
      failure.decline_code ?? failure.code ?? 'card_declined',
      requestId,
    );
  }
  // An error without the provider's code (the network failed) is named by its kind.
  throw new PaymentsProviderError(
    HTTP_BAD_GATEWAY,
    providerMessages.unavailable,
    failure?.code ?? failure?.type ?? null,
    requestId,
  );
}

export function stripeClientOptions(apiBase: string | null | undefined): Stripe.StripeConfig {
  const options: Stripe.StripeConfig = {
    maxNetworkRetries: NETWORK_RETRIES,
    timeout: REQUEST_TIMEOUT_MS,
    telemetry: false,
    appInfo: { name: 'inkwell-billing-panel' },
    apiVersion: STRIPE_API_VERSION,
  };
  if (apiBase) {
    const url = new URL(apiBase);
    options.host = url.hostname;
    options.protocol = url.protocol === 'http:' ? 'http' : 'https';
    if (url.port !== '') options.port = Number(url.port);
  }
  return options;
}

const PDF_SIGNATURE = '%PDF-';

/**
 * The file behind an invoice's `invoice_pdf` link (the provider's link redirects to the file), passed on as it is:
 * the panel then saves every invoice's PDF one way, from our own session-checked call, whichever provider made it.
 * Anything but a PDF (an error page) is a failure, never handed to the customer as their invoice.
 */
export async function fetchInvoicePdf(url: string): Promise<Buffer> {
  const unavailable = () =>
    new PaymentsProviderError(HTTP_BAD_GATEWAY, providerMessages.unavailable, 'invoice_pdf_unavailable');
  const answer = await fetch(url, { redirect: 'follow', signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) }).catch(() => {
    throw unavailable();
  });
  if (!answer.ok) throw unavailable();
  const bytes = Buffer.from(await answer.arrayBuffer());
  if (bytes.subarray(0, PDF_SIGNATURE.length).toString('latin1') !== PDF_SIGNATURE) throw unavailable();
  return bytes;
}
