/**
 * What must not leave the panel for a tool outside it (the error service; Redux DevTools, app/store.ts): tokens
 * (the host's and the billing session's, the card provider's client secrets), e-mail addresses and card data. They
 * can reach a report through a call's context, a breadcrumb's URL or an error's message, and the store through a
 * call's reply or an action, so fields are dropped by name and values by their shape.
 */
import { passesLuhn } from '../../core/rules/luhn';

export const FILTERED = '[Filtered]';

/** Field names whose values are secret or personal, whatever they hold. */
const SENSITIVE_KEY =
  /^(jwt|token|access_?token|id_?token|refresh_?token|authorization|cookie|password|\w*secret|e-?mail(_?address)?|billing_?contact|card|card_?number|number|cvc|cvv|exp_?month|exp_?year|card_?expiry|(card_?)?last_?4|billing_?details)$/i;

const EMAIL = /[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[a-z]{2,}/gi;
const JWT = /\beyJ[\w-]+\.[\w-]+\.[\w-]*/g;
/** The card provider's intent secrets: `pi_..._secret_...`, `seti_..._secret_...`. */
const CLIENT_SECRET = /\b[a-z]+_\w+_secret_\w+/gi;
/** 13 to 19 digits, maybe grouped by spaces or dashes: a card number when its check digit agrees (Luhn). */
const DIGIT_RUN = /\b\d(?:[ -]?\d){12,18}\b/g;

function scrubText(text: string): string {
  return text
    .replace(JWT, FILTERED)
    .replace(CLIENT_SECRET, FILTERED)
    .replace(EMAIL, FILTERED)
    .replace(DIGIT_RUN, (run) => (passesLuhn(run.replace(/\D/g, '')) ? FILTERED : run));
}

function scrubValue(value: unknown, seen: WeakSet<object>): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (typeof value !== 'object' || value === null) return value;
  if (seen.has(value)) return value;
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, seen));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      SENSITIVE_KEY.test(key) && item !== null && item !== undefined ? FILTERED : scrubValue(item, seen),
    ]),
  );
}

/** A copy of the value (an error report, an action, the store's state) with its secrets and personal data filtered out. */
export function scrubSecrets<Value>(value: Value): Value {
  return scrubValue(value, new WeakSet()) as Value;
}
