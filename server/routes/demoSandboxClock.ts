/**
 * The demo's clock control (demo only, never in production): `POST /__demo/advance-renewal` `{siteId}` moves the
 * payment sandbox's clock to the end of the site's current subscription period and renews it there
 * (payments/sandbox/renewals.ts): the saved card is charged, and the server hears of it through the
 * sandbox's signed webhook events, as it would from the real provider. Answers what the renewal did.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApiError } from '../http/errors';
import { parseBody } from '../http/validate';
import type { PaymentsProvider } from '../payments/provider';
import { SandboxProvider } from '../payments/sandbox/provider';
import { advanceSiteToRenewal } from '../payments/sandbox/renewals';

const HTTP_NOT_FOUND = 404;
const HTTP_CONFLICT = 409;

const advanceSchema = z.object({ siteId: z.string().min(1).max(100) }).strict();

export const clockMessages = {
  noSubscription: 'This site has no subscription to renew.',
  notSandbox: 'The clock control moves the payment sandbox only: the real provider keeps its own time.',
} as const;

export function registerSandboxClockRoutes(app: FastifyInstance, options: { payments: PaymentsProvider }): void {
  app.post('/__demo/advance-renewal', async (request) => {
    const { siteId } = parseBody(advanceSchema, request.body);
    const { payments } = options;
    if (!(payments instanceof SandboxProvider)) throw new ApiError(HTTP_CONFLICT, 'demo_sandbox_only', clockMessages.notSandbox);
    const renewal = await advanceSiteToRenewal(payments.context, siteId);
    if (renewal === null) throw new ApiError(HTTP_NOT_FOUND, 'no_subscription', clockMessages.noSubscription);
    return renewal;
  });
}
