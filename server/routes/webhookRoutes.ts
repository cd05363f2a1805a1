/**
 * The payment provider's webhook endpoint, `POST /webhooks/payments` (issue 11): the provider (or the sandbox, which
 * signs the same way) tells us what happened on its side, and the billing database follows. The signature is
 * checked over the raw body, so this route alone reads its body as bytes; the event is verified by the payments
 * provider (`verifyEvent`) and applied once (billing/paymentEvents.ts). Answers 200 `{received: true}` when
 * applied or already applied; 400 when the signature does not hold (nothing changes); a 500 makes the provider
 * deliver it again later.
 */
import type { FastifyInstance } from 'fastify';
import { toUnixSeconds } from '../../core/rules/dates';
import { applyPaymentEvent, type PaymentEventDeps } from '../billing/paymentEvents';
import type { Metrics } from '../observability/metrics';
import { SIGNATURE_HEADER, WEBHOOK_PATH, type PaymentEvent, type PaymentsProvider } from '../payments/provider';

/** An event carries a whole invoice or subscription: more than the API's call bodies, still bounded. */
const EVENT_BODY_LIMIT_BYTES = 512 * 1024;
const MS_PER_SECOND = 1000;

export interface WebhookDeps extends PaymentEventDeps {
  payments: PaymentsProvider;
  /** milliseconds, as Date.now() */
  now: () => number;
  metrics: Metrics;
}

export function registerWebhookRoutes(app: FastifyInstance, deps: WebhookDeps): void {
  // A scope of its own: its raw-body parser does not reach the JSON API.
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post(WEBHOOK_PATH, { bodyLimit: EVENT_BODY_LIMIT_BYTES }, async (request) => {
      const payload = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers[SIGNATURE_HEADER];
      let event: PaymentEvent;
      try {
        event = deps.payments.verifyEvent(payload, typeof signature === 'string' ? signature : undefined);
      } catch (error) {
        // Unverified, its type is only what the sender claims: counted under none.
        deps.metrics.webhookEvent('unverified', 'invalid', null);
        throw error;
      }
      const now = toUnixSeconds(deps.now());
      let outcome;
      try {
        outcome = await applyPaymentEvent(deps, event, now);
      } catch (error) {
        deps.metrics.webhookEvent(event.type, 'failed', null);
        throw error;
      }
      // The lag of an event applied now; a duplicate's says how late the redelivery came, not how late we were.
      deps.metrics.webhookEvent(
        event.type,
        outcome,
        outcome === 'applied' ? deps.now() / MS_PER_SECOND - event.created : null,
      );
      request.log.info({ event: event.id, type: event.type, outcome }, 'payment event');
      return { received: true, duplicate: outcome === 'duplicate' };
    });
  });
}
