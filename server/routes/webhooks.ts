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
import { applyPaymentEvent } from '../billing/paymentEvents';
import type { Repositories } from '../billing/repositories';
import { SIGNATURE_HEADER, WEBHOOK_PATH, type PaymentsProvider } from '../payments/provider';

/** An event carries a whole invoice or subscription: more than the API's call bodies, still bounded. */
const EVENT_BODY_LIMIT_BYTES = 512 * 1024;

export interface WebhookDeps {
  repositories: Repositories;
  payments: PaymentsProvider;
  /** milliseconds, as Date.now() */
  now: () => number;
}

export function registerWebhookRoutes(app: FastifyInstance, deps: WebhookDeps): void {
  // A scope of its own: its raw-body parser does not reach the JSON API.
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post(WEBHOOK_PATH, { bodyLimit: EVENT_BODY_LIMIT_BYTES }, async (request) => {
      const payload = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers[SIGNATURE_HEADER];
      const event = deps.payments.verifyEvent(payload, typeof signature === 'string' ? signature : undefined);
      const outcome = await applyPaymentEvent(deps.repositories.paymentEvents, event, toUnixSeconds(deps.now()));
      request.log.info({ event: event.id, type: event.type, outcome }, 'payment event');
      return { received: true, duplicate: outcome === 'duplicate' };
    });
  });
}
