/**
 * A local HTTP double of the card provider's API for tests: it records every request the official `stripe`
 * client sends (method, path, form fields, headers) and answers canned JSON shaped like the provider's, with ids
 * taken from the path. Point the client at it with STRIPE_API_BASE (or the client's host/port/protocol options).
 * Listens on 127.0.0.1 only.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  /** the form-encoded body (or query string of a GET), flattened as sent: `invoice_settings[footer]` etc. */
  form: Record<string, string>;
  headers: IncomingHttpHeaders;
}

export interface CannedAnswer {
  status?: number;
  body: unknown;
}

export interface Route {
  method: string;
  path: RegExp;
  answer(match: RegExpMatchArray, request: RecordedRequest): CannedAnswer;
}

export interface StripeDouble {
  url: string;
  requests: RecordedRequest[];
  /** requests other than the client's own telemetry, in order */
  calls(): { method: string; path: string; form: Record<string, string> }[];
  /** routes added here win over the defaults (e.g. an error for one id) */
  routes: Route[];
  close(): Promise<void>;
}

export const DOUBLE_CARD = { brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2030 };
export const DOUBLE_CANCELED_AT = 1_700_000_000;

function missing(kind: string, id: string): CannedAnswer {
  return { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'` } } };
}

/** The provider's answers for what the payments provider calls, ids from the path. */
export const defaultRoutes: Route[] = [
  { method: 'POST', path: /^\/v1\/customers$/, answer: (_m, request) => ({ body: { id: 'cus_double1', object: 'customer', email: request.form.email ?? null } }) },
  {
    method: 'POST',
    path: /^\/v1\/customers\/([^/]+)$/,
    answer: (m, request) => ({
      body: {
        id: m[1],
        object: 'customer',
        invoice_settings: { default_payment_method: request.form['invoice_settings[default_payment_method]'] ?? null, footer: null },
      },
    }),
  },
  {
    method: 'GET',
    path: /^\/v1\/customers\/([^/]+)$/,
    answer: (m) => ({ body: { id: m[1], object: 'customer', invoice_settings: { default_payment_method: 'pm_double_default', footer: null } } }),
  },
  {
    method: 'POST',
    path: /^\/v1\/setup_intents$/,
    answer: (_m, request) => ({
      body: { id: 'seti_double1', object: 'setup_intent', client_secret: 'seti_double1_secret_abc', status: 'requires_payment_method', customer: request.form.customer },
    }),
  },
  {
    method: 'GET',
    path: /^\/v1\/setup_intents\/([^/]+)$/,
    answer: (m) =>
      m[1] === 'seti_missing'
        ? missing('setupintent', m[1])
        : { body: { id: m[1], object: 'setup_intent', customer: 'cus_double1', status: 'succeeded', payment_method: 'pm_double1' } },
  },
  {
    method: 'GET',
    path: /^\/v1\/payment_methods\/([^/]+)$/,
    answer: (m) => ({ body: { id: m[1], object: 'payment_method', type: 'card', customer: m[1] === 'pm_attached' ? 'cus_double1' : null, card: DOUBLE_CARD } }),
  },
  {
    method: 'POST',
    path: /^\/v1\/payment_methods\/([^/]+)\/attach$/,
    answer: (m, request) => ({ body: { id: m[1], object: 'payment_method', type: 'card', customer: request.form.customer, card: DOUBLE_CARD } }),
  },
  {
    method: 'POST',
    path: /^\/v1\/subscriptions\/([^/]+)$/,
    answer: (m, request) => {
      const cancel = request.form.cancel_at_period_end === 'true';
      return { body: { id: m[1], object: 'subscription', status: 'active', cancel_at_period_end: cancel, canceled_at: cancel ? DOUBLE_CANCELED_AT : null } };
    },
  },
  {
    method: 'DELETE',
    path: /^\/v1\/subscriptions\/([^/]+)$/,
    answer: (m) => ({ body: { id: m[1], object: 'subscription', status: 'canceled', canceled_at: DOUBLE_CANCELED_AT + 1 } }),
  },
  {
    method: 'GET',
    path: /^\/v1\/subscriptions\/([^/]+)$/,
    answer: (m) => ({ body: { id: m[1], object: 'subscription', status: 'active', canceled_at: null } }),
  },
  {
    method: 'POST',
    path: /^\/v1\/billing_portal\/sessions$/,
    answer: (_m, request) => ({
      body: { id: 'bps_double1', object: 'billing_portal.session', customer: request.form.customer, return_url: request.form.return_url, url: 'https://billing.example.test/p/session/test_double1' },
    }),
  },
];

export async function startStripeDouble(): Promise<StripeDouble> {
  const requests: RecordedRequest[] = [];
  const routes: Route[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://double');
      const raw = req.method === 'GET' || req.method === 'DELETE' ? url.search.slice(1) : Buffer.concat(chunks).toString('utf8');
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        form: Object.fromEntries(new URLSearchParams(raw)),
        headers: req.headers,
      };
      requests.push(recorded);
      let answer: CannedAnswer = missing('route', `${recorded.method} ${recorded.path}`);
      for (const route of [...routes, ...defaultRoutes]) {
        const match = route.method === recorded.method ? route.path.exec(recorded.path) : null;
        if (match) {
          answer = route.answer(match, recorded);
          break;
        }
      }
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json', 'request-id': `req_${requests.length}` });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    routes,
    calls: () => requests.map(({ method, path, form }) => ({ method, path, form })),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
