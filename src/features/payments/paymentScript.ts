/**
 * Loads the card provider's browser script (SPEC section 4, "Card payment library loader"): one load, then up
 * to 3 more attempts after a failure, waiting 1 s, 2 s and 4 s. A load that fails within 50 ms is taken for an
 * ad blocker (a blocked request fails at once; a network failure takes longer). Only screens that take a card
 * call it, so the rest of the panel never fetches the script.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  AD_BLOCKER_DETECTION_MS,
  PAYMENT_SCRIPT_ATTEMPTS,
  PAYMENT_SCRIPT_RETRY_DELAYS_MS,
} from '../../../core/rules/constants';

export type PaymentScriptErrorKind = 'adBlocker' | 'network' | 'security' | 'timeout' | 'unknown';

/** For developers and error reports, never shown: the owner reads paymentScriptWarning's words. */
const LOAD_FAILED = 'The payment script failed to load';

export class PaymentScriptError extends Error {
  constructor(readonly kind: PaymentScriptErrorKind) {
    super(`${LOAD_FAILED} (${kind})`);
  }
}

/** What the page needs from the outside world; tests pass their own. */
export interface ScriptEnvironment {
  document: Document;
  now(): number;
  sleep(ms: number): Promise<unknown>;
  /** The global the script defines once it has run (window.Stripe). */
  loaded(): boolean;
}

/** How long one attempt may take before it counts as a timeout. */
export const PAYMENT_SCRIPT_ATTEMPT_TIMEOUT_MS = 15_000;

function loadOnce(url: string, env: ScriptEnvironment): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = env.now();
    const script = env.document.createElement('script');
    script.src = url;
    script.async = true;
    const timer = setTimeout(() => finish(new PaymentScriptError('timeout')), PAYMENT_SCRIPT_ATTEMPT_TIMEOUT_MS);
    function finish(error?: PaymentScriptError) {
      clearTimeout(timer);
      script.onload = null;
      script.onerror = null;
      if (error) {
        script.remove();
        reject(error);
      } else {
        resolve();
      }
    }
    script.onload = () => finish(env.loaded() ? undefined : new PaymentScriptError('unknown'));
    script.onerror = () =>
      finish(new PaymentScriptError(env.now() - started < AD_BLOCKER_DETECTION_MS ? 'adBlocker' : 'network'));
    try {
      env.document.head.append(script);
    } catch {
      // A content security policy that forbids the script's host refuses it outright.
      finish(new PaymentScriptError('security'));
    }
  });
}

export async function loadPaymentScript(url: string, env: ScriptEnvironment): Promise<void> {
  if (env.loaded()) return;
  let lastError = new PaymentScriptError('unknown');
  for (let attempt = 0; attempt <= PAYMENT_SCRIPT_ATTEMPTS; attempt += 1) {
    if (attempt > 0) await env.sleep(PAYMENT_SCRIPT_RETRY_DELAYS_MS[attempt - 1] ?? 0);
    try {
      await loadOnce(url, env);
      return;
    } catch (error) {
      lastError = error instanceof PaymentScriptError ? error : new PaymentScriptError('unknown');
    }
  }
  throw lastError;
}

/** Why the card form cannot show (SPEC 8 "Payment library"): the warning's title and its words, from the catalog. */
export interface PaymentScriptWarning {
  label: MessageDescriptor;
  message: MessageDescriptor;
}

export const PAYMENT_SCRIPT_MESSAGES: Record<'adBlocker' | 'connection', PaymentScriptWarning> = {
  adBlocker: {
    label: msg`Ad blocker detected`,
    message: msg`Stripe payment processing is blocked by your ad blocker. Disable it for this site and try again.`,
  },
  connection: {
    label: msg`Connection error`,
    message: msg`Failed to load Stripe payment processor. Check your internet connection and try again.`,
  },
};

export const PAYMENT_SCRIPT_SUPPORT_NOTE = msg`If the problem persists, contact support.`;

/** The warning a failure shows: an ad blocker says so; every other kind is a connection error. */
export function paymentScriptWarning(kind: PaymentScriptErrorKind): PaymentScriptWarning {
  return kind === 'adBlocker' ? PAYMENT_SCRIPT_MESSAGES.adBlocker : PAYMENT_SCRIPT_MESSAGES.connection;
}
