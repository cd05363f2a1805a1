/**
 * The payment sandbox's browser side (the demo and the evaluation, never in production): the stand-in for the card provider's
 * script (`/sandbox/payments.js`, the panel's default paymentScriptUrl), the card field's own iframe
 * (`/sandbox/card-frame.html`), the API they confirm intents with (`/sandbox/api/*`, the client secret and the
 * publishable key as credentials, as with the real provider), and the customer portal page
 * (`/sandbox/portal/<customer>`).
 *
 * Answers of `/sandbox/api/*` have the provider's shapes: `{setupIntent}`, `{paymentIntent}`,
 * `{paymentMethod}`, `{token}`, or `{error: {type, code, decline_code?, message}}` with a 4xx status.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { projectRoot } from '../config/projectRoot';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { settlePaidSubscription } from '../billing/settlement';
import type { Brand } from '../config/brand';
import { browserScript } from '../browser/bundle';
import { escapeHtml } from '../http/html';
import type { PaymentsProvider } from '../payments/provider';
import { SandboxBrowserApi, type SandboxAnswer } from '../payments/sandbox/browserApi';
import { SandboxProvider } from '../payments/sandbox/sandboxProvider';

// From the checkout, not this module's directory: the compiled server is one bundle (server/build.mjs).
const BROWSER_DIR = path.join(projectRoot, 'server', 'payments', 'sandbox', 'browser');
/** The scripts, bundled from their modules (browser/bundle.ts); the stylesheet and the page, as they are. */
const SCRIPTS: Record<string, string> = {
  '/sandbox/payments.js': 'payments.js',
  '/sandbox/card-frame.js': 'card-frame.js',
};
const STYLESHEET_PATH = '/sandbox/card-frame.css';
const CARD_FRAME_PATH = '/sandbox/card-frame.html';
const CUSTOMER_ID = /^cus_[A-Za-z0-9_-]{1,64}$/;
const MAX_FIELD = 200;
const HTTP_UNAUTHORIZED = 401;
const HTTP_NOT_FOUND = 404;

const billingDetailsSchema = z
  .object({
    name: z.string().max(MAX_FIELD).nullable().optional(),
    email: z.string().max(MAX_FIELD).nullable().optional(),
    phone: z.string().max(MAX_FIELD).nullable().optional(),
    address: z
      .object({ postal_code: z.string().max(MAX_FIELD).nullable().optional() })
      .passthrough()
      .nullable()
      .optional(),
  })
  .passthrough()
  .optional();

const cardSchema = z.object({
  number: z.string().max(40),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
  cvc: z.string().max(8),
  postal_code: z.string().max(MAX_FIELD).optional(),
});

const keyed = z.object({ key: z.string().min(1).max(MAX_FIELD) });
const confirmSchema = keyed.extend({
  clientSecret: z.string().min(1).max(MAX_FIELD),
  card: cardSchema.optional(),
  paymentMethod: z.string().min(1).max(MAX_FIELD).optional(),
  billingDetails: billingDetailsSchema,
});
const authenticateSchema = keyed.extend({
  clientSecret: z.string().min(1).max(MAX_FIELD),
  outcome: z.enum(['complete', 'fail']),
});
const retrieveSchema = keyed.extend({ clientSecret: z.string().min(1).max(MAX_FIELD) });
const cardOnlySchema = keyed.extend({ card: cardSchema, billingDetails: billingDetailsSchema });

export interface SandboxPaymentsOptions {
  payments: PaymentsProvider;
  publishableKey: string;
  brand: Brand;
  /** who may frame the card field: the panel itself, and the hosts that frame the panel's fixed address */
  hostOrigins: () => string[];
  /** on a site's own address, the hosts that frame it: the site's admin origins; null for no such site */
  siteAdminOrigins: (siteId: string) => Promise<string[] | null>;
}

function providerError(status: number, code: string, message: string): SandboxAnswer {
  return { status, body: { error: { type: 'invalid_request_error', code, message } } };
}

export function registerSandboxPaymentRoutes(app: FastifyInstance, options: SandboxPaymentsOptions): void {
  const cache = new Map<string, string>();
  async function browserFile(name: string): Promise<string> {
    let body = cache.get(name);
    if (body === undefined) {
      body = await readFile(path.join(BROWSER_DIR, name), 'utf8');
      cache.set(name, body);
    }
    return body;
  }

  for (const [route, file] of Object.entries(SCRIPTS)) {
    app.get(route, async (_request, reply) =>
      reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(await browserScript(path.join(BROWSER_DIR, file))),
    );
  }
  app.get(STYLESHEET_PATH, async (_request, reply) =>
    reply
      .type('text/css; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(await browserFile('card-frame.css')),
  );

  app.get(CARD_FRAME_PATH, async (request, reply) => {
    const { site } = request.query as { site?: unknown };
    const siteOrigins = typeof site === 'string' ? await options.siteAdminOrigins(site) : null;
    const frameAncestors = ["'self'", ...(siteOrigins ?? options.hostOrigins())].join(' ');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header(
        'content-security-policy',
        `default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; frame-ancestors ${frameAncestors}`,
      )
      .header('referrer-policy', 'no-referrer')
      .send(await browserFile('card-frame.html'));
  });

  app.get('/sandbox/portal/:customer', async (request, reply) => {
    const { customer } = request.params as { customer: string };
    const returnUrl = (request.query as Record<string, unknown>).return_url;
    if (!CUSTOMER_ID.test(customer))
      return reply.code(HTTP_NOT_FOUND).type('text/plain; charset=utf-8').send('No such customer');
    let back: string | null = null;
    if (typeof returnUrl === 'string') {
      try {
        const url = new URL(returnUrl);
        if (url.protocol === 'http:' || url.protocol === 'https:') back = url.toString();
      } catch {
        back = null;
      }
    }
    const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Sandbox customer portal</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;color:#15212a}</style></head>
<body>
<main>
<h1>Sandbox customer portal</h1>
<p>This is the payment sandbox's customer portal: it stands in for the payment provider's portal, where a
${escapeHtml(options.brand.platformName)} customer on a custom plan manages their billing. No real billing account is managed here.</p>
<p>Customer: <code>${escapeHtml(customer)}</code></p>
${back === null ? '' : `<p><a href="${escapeHtml(back)}">Return to ${escapeHtml(options.brand.platformName)}</a></p>`}
</main>
</body>
</html>
`;
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .send(html);
  });

  // The browser API needs the sandbox itself: with the real provider configured, the real script talks to it.
  // A payment it takes does what the provider's invoice.paid webhook makes our server do, in the same transaction.
  const sandbox =
    options.payments instanceof SandboxProvider
      ? new SandboxBrowserApi(options.payments.context, settlePaidSubscription)
      : null;

  function answer(reply: FastifyReply, result: SandboxAnswer) {
    return reply.code(result.status).header('cache-control', 'no-store').send(result.body);
  }

  function sandboxRoute<S extends z.ZodType<{ key: string }>>(
    route: string,
    schema: S,
    handle: (body: z.output<S>, sandbox: SandboxBrowserApi) => Promise<SandboxAnswer>,
  ) {
    app.post(`/sandbox/api/${route}`, async (request, reply) => {
      if (sandbox === null)
        return answer(
          reply,
          providerError(HTTP_NOT_FOUND, 'sandbox_off', 'The payment sandbox is not the configured provider.'),
        );
      const parsed = schema.safeParse(request.body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const param = issue?.path.map(String).join('.') ?? 'body';
        return answer(
          reply,
          providerError(400, 'parameter_invalid', `Invalid request: ${param}: ${issue?.message ?? 'invalid'}`),
        );
      }
      if (parsed.data.key !== options.publishableKey) {
        return answer(reply, providerError(HTTP_UNAUTHORIZED, 'api_key_invalid', 'Invalid API Key provided.'));
      }
      return answer(reply, await handle(parsed.data, sandbox));
    });
  }

  sandboxRoute('confirm-setup-intent', confirmSchema, (body, provider) =>
    provider.confirmSetupIntent({
      clientSecret: body.clientSecret,
      card: body.card,
      billingDetails: body.billingDetails ?? undefined,
    }),
  );
  sandboxRoute('confirm-payment-intent', confirmSchema, (body, provider) =>
    provider.confirmPaymentIntent({
      clientSecret: body.clientSecret,
      card: body.card,
      paymentMethodId: body.paymentMethod,
      billingDetails: body.billingDetails ?? undefined,
    }),
  );
  sandboxRoute('authenticate', authenticateSchema, (body, provider) =>
    provider.completeAuthentication(body.clientSecret, body.outcome),
  );
  sandboxRoute('retrieve-intent', retrieveSchema, (body, provider) => provider.retrieveIntent(body.clientSecret));
  sandboxRoute('payment-methods', cardOnlySchema, (body, provider) =>
    provider.createPaymentMethod(body.card, body.billingDetails ?? undefined),
  );
  sandboxRoute('tokens', cardOnlySchema, (body, provider) => provider.createToken(body.card));
}
