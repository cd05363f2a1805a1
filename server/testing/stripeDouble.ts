/**
 * A local HTTP double of the card provider's API for tests: it records every request the official `stripe`
 * client sends (method, path, form fields, headers) and answers canned JSON shaped like the provider's, with ids
 * taken from the path. Point the client at it with STRIPE_API_BASE (or the client's host/port/protocol options).
 * Listens on 127.0.0.1 only.
 *
 * As the real API does, a POST with an Idempotency-Key header that was seen before is answered with the first
 * answer, without running again (recorded with `replayed`, and saying so in its `Idempotent-Replayed: true`
 * header), and refused (400 idempotency_error) when its
 * parameters differ from the first's. Subscriptions it creates or changes are kept (`subscriptions`): reading or
 * listing them answers them as they are now, so a retry sees what an earlier try did; one created with a
 * `trial_end` is trialing until then. Faults: `loseReplies` runs a
 * request and then drops the connection instead of answering, as when the provider acted and its reply was lost
 * on the way.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BUSINESS_YEAR, PUBLISHER_YEAR } from './testPrices';

export interface RecordedRequest {
  method: string;
  path: string;
  /** the form-encoded body (or query string of a GET), flattened as sent: `invoice_settings[footer]` etc. */
  form: Record<string, string>;
  headers: IncomingHttpHeaders;
  /** answered with the first answer for its idempotency key, without running again */
  replayed: boolean;
}

export interface LostReplies {
  method: string;
  path: RegExp;
  /** how many matching requests lose their reply */
  count: number;
}

export interface CannedAnswer {
  status?: number;
  body: unknown;
  /** a file answered instead of the JSON body (an invoice's PDF) */
  file?: { contentType: string; bytes: Buffer };
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
  /** requests that run but whose reply is lost (the connection drops) */
  loseReplies: LostReplies[];
  /** the subscriptions it made or changed, by id, as it answers them now (a test may add one, e.g. a trial) */
  subscriptions: Map<string, DoubleSubscription>;
  /** prices the platform made in its account, by id (a test adds them): GET /v1/prices/{id} answers them, another id as doublePrice */
  prices: Map<string, DoublePriceTerms>;
  /** forgets what earlier tests did: requests, routes, faults, subscriptions, prices and idempotency keys */
  reset(): void;
  close(): Promise<void>;
}

export const DOUBLE_CARD = { brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2030 };
export const DOUBLE_CANCELED_AT = 1_700_000_000;
/** Where the double's invoices' `invoice_pdf` links point; a test adds the route that answers the file. */
export const DOUBLE_INVOICE_PDF_PATH = '/files/invoice-pdf/';

/** The provider's 404 for an object it does not have. */
export function missing(kind: string, id: string): CannedAnswer {
  return {
    status: 404,
    body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'` } },
  };
}

/** A price as the platform made it at the provider: cents, currency, interval (null: one-time), archived or not. */
export interface DoublePriceTerms {
  unit_amount: number | null;
  currency: string;
  interval: 'month' | 'year' | null;
  active?: boolean;
}

function priceRoutes(prices: Map<string, DoublePriceTerms>): Route[] {
  return [
    {
      method: 'GET',
      path: /^\/v1\/prices\/([^/]+)$/,
      answer: (m) => {
        const terms = prices.get(m[1]!);
        if (terms === undefined) return { body: doublePrice(m[1]!) };
        return {
          body: {
            id: m[1],
            object: 'price',
            active: terms.active ?? true,
            unit_amount: terms.unit_amount,
            currency: terms.currency,
            type: terms.interval === null ? 'one_time' : 'recurring',
            recurring: terms.interval === null ? null : { interval: terms.interval, interval_count: 1 },
          },
        };
      },
    },
  ];
}

/** The plan change objects (API version 2026-02-25.clover: item periods, invoice payments, confirmation secret). */
export const DOUBLE_PERIOD = { start: 1_767_225_600, end: 1_798_761_600 };
export const DOUBLE_PRICE_COST = 36_000;

export function doublePrice(id: string) {
  return {
    id,
    object: 'price',
    active: true,
    unit_amount: DOUBLE_PRICE_COST,
    currency: 'usd',
    recurring: { interval: id.includes('_month_') ? 'month' : 'year' },
  };
}

export function doubleItem(id: string, priceId: string, quantity: number) {
  return {
    id,
    object: 'subscription_item' as const,
    price: doublePrice(priceId),
    quantity,
    current_period_start: DOUBLE_PERIOD.start,
    current_period_end: DOUBLE_PERIOD.end,
  };
}

export const DOUBLE_ITEM = doubleItem('si_double_base', PUBLISHER_YEAR, 1);

type DoubleItem = ReturnType<typeof doubleItem>;

export interface DoubleSubscription {
  id: string;
  object: 'subscription';
  customer: string | null;
  status: string;
  metadata: Record<string, string>;
  items: { object: 'list'; data: DoubleItem[] };
  pending_update: null;
  latest_invoice: ReturnType<typeof doubleInvoice> | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  trial_start?: number | null;
  trial_end?: number | null;
}

export function doubleIntent(id: string, status: string) {
  return {
    id,
    object: 'payment_intent',
    status,
    amount: 12_345,
    client_secret: `${id}_secret_double`,
    payment_method: 'pm_double_default',
    last_payment_error:
      status === 'requires_payment_method'
        ? {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'insufficient_funds',
            message: 'Your card has insufficient funds.',
          }
        : null,
  };
}

export function doubleInvoice(id: string | null, status: string) {
  return {
    id,
    object: 'invoice',
    customer: DOUBLE_CUSTOMER_ID,
    number: id === null ? null : 'DOUBLE-0001',
    status,
    billing_reason: 'subscription_update',
    amount_due: 12_345,
    amount_paid: status === 'paid' ? 12_345 : 0,
    amount_remaining: status === 'paid' ? 0 : 12_345,
    currency: 'usd',
    starting_balance: -1250,
    ending_balance: 0,
    total: 13_595,
    created: DOUBLE_PERIOD.start + 100,
    period_start: DOUBLE_PERIOD.start,
    hosted_invoice_url: 'https://invoice.example.test/i/double',
    total_discount_amounts: [{ amount: 5000, discount: 'di_double' }],
    lines: {
      object: 'list',
      data: [
        {
          id: 'il_1',
          amount: -20_000,
          description: 'Unused time on Publisher after 1 May 2026',
          period: { start: DOUBLE_PERIOD.start + 100, end: DOUBLE_PERIOD.end },
          pricing: { type: 'price_details', price_details: { price: PUBLISHER_YEAR, product: 'prod_publisher' } },
        },
        {
          id: 'il_2',
          amount: 38_595,
          description: 'Remaining time on Business after 1 May 2026',
          period: { start: DOUBLE_PERIOD.start + 100, end: DOUBLE_PERIOD.end },
          pricing: { type: 'price_details', price_details: { price: BUSINESS_YEAR, product: 'prod_business' } },
        },
      ],
    },
    payments: {
      object: 'list',
      data: [
        { id: 'inpay_1', object: 'invoice_payment', payment: { type: 'payment_intent', payment_intent: 'pi_double1' } },
      ],
    },
    confirmation_secret: { type: 'payment_intent', client_secret: 'pi_double1_secret_confirm' },
  };
}

/** The one customer the double makes. */
export const DOUBLE_CUSTOMER_ID = 'cus_double1';
const DEMO_SUBSCRIPTION_PREFIX = 'sbx_sub_';

/**
 * Whose a subscription the double never made is: a demo scenario's seeded one (`sbx_sub_<slug>`) its customer's
 * (`cus_<slug>`, server/demo/scenarios/builder.ts), any other the customer the double makes. The adapter checks
 * that a subscription is the customer's it acts for, so the double must say whose it is.
 */
function customerOfUnknown(id: string): string {
  return id.startsWith(DEMO_SUBSCRIPTION_PREFIX)
    ? `cus_${id.slice(DEMO_SUBSCRIPTION_PREFIX.length)}`
    : DOUBLE_CUSTOMER_ID;
}

export function doubleSubscription(id: string, fields: Partial<DoubleSubscription> = {}): DoubleSubscription {
  return {
    id,
    object: 'subscription',
    customer: customerOfUnknown(id),
    status: 'active',
    metadata: {},
    items: { object: 'list', data: [DOUBLE_ITEM] },
    pending_update: null,
    latest_invoice: null,
    cancel_at_period_end: false,
    canceled_at: null,
    ...fields,
  };
}

/** The form's `prefix[name]` fields as an object (`metadata[attempt]` and the like). */
function fieldsUnder(form: Record<string, string>, prefix: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(form).flatMap(([name, value]) =>
      name.startsWith(`${prefix}[`) && name.endsWith(']') ? [[name.slice(prefix.length + 1, -1), value]] : [],
    ),
  );
}

/**
 * Subscriptions as the provider keeps them: a creation and a plan change (it names a payment behaviour) are paid
 * at once, each with a new invoice, and kept; reads and lists answer what is kept (a subscription it never made
 * reads as an active one of DOUBLE_CUSTOMER_ID on DOUBLE_ITEM); a cancellation cancels what is kept.
 */
function subscriptionRoutes(held: Map<string, DoubleSubscription>): Route[] {
  let created = 0;
  let items = 0;
  let invoices = 0;
  const nextInvoice = () => doubleInvoice(`in_double${(invoices += 1)}`, 'paid');
  const nextItemId = () => `si_double_${(items += 1)}`;
  /** The items after an update's `items[n]` fields: deleted ones dropped, kept ones with their quantity, new ones added. */
  const itemsAfter = (current: DoubleItem[], form: Record<string, string>): DoubleItem[] => {
    const items: DoubleItem[] = [];
    for (
      let index = 0;
      form[`items[${index}][id]`] !== undefined || form[`items[${index}][price]`] !== undefined;
      index += 1
    ) {
      const field = (name: string) => form[`items[${index}][${name}]`];
      if (field('deleted') === 'true') continue;
      const kept = current.find((item) => item.id === field('id'));
      const quantity = Number(field('quantity') ?? kept?.quantity ?? 1);
      items.push(kept === undefined ? doubleItem(nextItemId(), field('price') ?? '', quantity) : { ...kept, quantity });
    }
    return items;
  };
  const keep = (subscription: DoubleSubscription) => {
    held.set(subscription.id, subscription);
    return { body: subscription };
  };
  return [
    {
      method: 'POST',
      path: /^\/v1\/subscriptions$/,
      answer: (_m, request) => {
        created += 1;
        const id = created === 1 ? 'sub_double_new' : `sub_double_new_${created}`;
        // A trial (trial_end given) runs from now until then and charges nothing: its first invoice is of zero.
        const trialEnd = request.form.trial_end === undefined ? null : Number(request.form.trial_end);
        const invoice = { ...nextInvoice(), billing_reason: 'subscription_create' };
        return keep(
          doubleSubscription(id, {
            customer: request.form.customer ?? null,
            metadata: fieldsUnder(request.form, 'metadata'),
            items: { object: 'list', data: itemsAfter([], request.form) },
            latest_invoice:
              trialEnd === null
                ? invoice
                : { ...invoice, amount_due: 0, amount_paid: 0, amount_remaining: 0, total: 0 },
            ...(trialEnd === null
              ? {}
              : { status: 'trialing', trial_start: Math.floor(Date.now() / 1000), trial_end: trialEnd }),
          }),
        );
      },
    },
    {
      method: 'POST',
      path: /^\/v1\/subscriptions\/([^/]+)$/,
      answer: (m, request) => {
        const current = held.get(m[1] ?? '') ?? doubleSubscription(m[1] ?? '');
        if (request.form.payment_behavior !== undefined) {
          return keep({
            ...current,
            items: { object: 'list', data: itemsAfter(current.items.data, request.form) },
            latest_invoice: nextInvoice(),
          });
        }
        const cancel = request.form.cancel_at_period_end === 'true';
        return { body: { ...current, cancel_at_period_end: cancel, canceled_at: cancel ? DOUBLE_CANCELED_AT : null } };
      },
    },
    {
      method: 'DELETE',
      path: /^\/v1\/subscriptions\/([^/]+)$/,
      answer: (m) => {
        const current = held.get(m[1] ?? '') ?? doubleSubscription(m[1] ?? '');
        return keep({ ...current, status: 'canceled', canceled_at: DOUBLE_CANCELED_AT + 1 });
      },
    },
    {
      method: 'GET',
      path: /^\/v1\/subscriptions\/([^/]+)$/,
      answer: (m) => ({ body: held.get(m[1] ?? '') ?? doubleSubscription(m[1] ?? '') }),
    },
    {
      method: 'GET',
      path: /^\/v1\/subscriptions$/,
      answer: (_m, request) => ({
        body: {
          object: 'list',
          url: '/v1/subscriptions',
          has_more: false,
          data: [...held.values()].filter((kept) => kept.customer === request.form.customer).reverse(),
        },
      }),
    },
  ];
}

/** The provider's answers for what the payments provider calls, ids from the path. */
export const defaultRoutes: Route[] = [
  {
    method: 'POST',
    path: /^\/v1\/customers$/,
    answer: (_m, request) => ({
      body: { id: DOUBLE_CUSTOMER_ID, object: 'customer', email: request.form.email ?? null },
    }),
  },
  {
    method: 'POST',
    path: /^\/v1\/customers\/([^/]+)$/,
    answer: (m, request) => ({
      body: {
        id: m[1],
        object: 'customer',
        invoice_settings: {
          default_payment_method: request.form['invoice_settings[default_payment_method]'] ?? null,
          footer: null,
        },
      },
    }),
  },
  {
    method: 'GET',
    path: /^\/v1\/customers\/([^/]+)$/,
    answer: (m) => ({
      body: {
        id: m[1],
        object: 'customer',
        invoice_settings: { default_payment_method: 'pm_double_default', footer: null },
      },
    }),
  },
  {
    method: 'POST',
    path: /^\/v1\/customers\/([^/]+)\/tax_ids$/,
    answer: (m, request) => ({
      body: {
        id: 'txi_double1',
        object: 'tax_id',
        customer: m[1],
        type: request.form.type,
        value: request.form.value,
      },
    }),
  },
  {
    method: 'GET',
    path: /^\/v1\/customers\/([^/]+)\/tax_ids\/([^/]+)$/,
    answer: (m) => ({ body: { id: m[2], object: 'tax_id', customer: m[1], type: 'eu_vat', value: 'DE123456789' } }),
  },
  {
    method: 'DELETE',
    path: /^\/v1\/customers\/[^/]+\/tax_ids\/([^/]+)$/,
    answer: (m) => ({ body: { id: m[1], object: 'tax_id', deleted: true } }),
  },
  {
    method: 'POST',
    path: /^\/v1\/setup_intents$/,
    answer: (_m, request) => ({
      body: {
        id: 'seti_double1',
        object: 'setup_intent',
        client_secret: 'seti_double1_secret_abc',
        status: 'requires_payment_method',
        customer: request.form.customer,
      },
    }),
  },
  {
    method: 'GET',
    path: /^\/v1\/setup_intents\/([^/]+)$/,
    answer: (m) =>
      m[1] === 'seti_missing'
        ? missing('setupintent', m[1])
        : {
            body: {
              id: m[1],
              object: 'setup_intent',
              customer: 'cus_double1',
              status: 'succeeded',
              payment_method: 'pm_double1',
            },
          },
  },
  {
    method: 'GET',
    path: /^\/v1\/payment_methods\/([^/]+)$/,
    answer: (m) => ({
      body: {
        id: m[1],
        object: 'payment_method',
        type: 'card',
        customer: m[1] === 'pm_attached' ? 'cus_double1' : null,
        card: DOUBLE_CARD,
      },
    }),
  },
  {
    method: 'POST',
    path: /^\/v1\/payment_methods\/([^/]+)\/attach$/,
    answer: (m, request) => ({
      body: { id: m[1], object: 'payment_method', type: 'card', customer: request.form.customer, card: DOUBLE_CARD },
    }),
  },
  {
    method: 'POST',
    path: /^\/v1\/invoices\/create_preview$/,
    answer: (_m, request) =>
      request.form.preview_mode === 'recurring'
        ? {
            body: {
              ...doubleInvoice(null, 'draft'),
              period_start: DOUBLE_PERIOD.end,
              total: 229_000,
              amount_due: 229_000,
              lines: { object: 'list', data: [] },
            },
          }
        : { body: doubleInvoice(null, 'draft') },
  },
  {
    method: 'GET',
    path: /^\/v1\/payment_intents\/([^/]+)$/,
    answer: (m) => ({ body: doubleIntent(m[1] ?? '', 'succeeded') }),
  },
  {
    method: 'GET',
    path: /^\/v1\/invoices\/([^/]+)$/,
    // Its PDF link points at this double (DOUBLE_INVOICE_PDF_PATH), as the provider's points at its file host.
    answer: (m, request) => ({
      body: {
        ...doubleInvoice(m[1] ?? '', 'open'),
        id: m[1],
        invoice_pdf: `http://${request.headers.host ?? ''}${DOUBLE_INVOICE_PDF_PATH}${m[1] ?? ''}`,
      },
    }),
  },
  {
    method: 'POST',
    path: /^\/v1\/invoices\/([^/]+)\/void$/,
    answer: (m) => ({ body: { ...doubleInvoice(m[1] ?? '', 'void'), id: m[1] } }),
  },
  {
    method: 'POST',
    path: /^\/v1\/billing_portal\/sessions$/,
    answer: (_m, request) => ({
      body: {
        id: 'bps_double1',
        object: 'billing_portal.session',
        customer: request.form.customer,
        return_url: request.form.return_url,
        url: 'https://billing.example.test/p/session/test_double1',
      },
    }),
  },
];

/** The real API's words for a key sent again with other parameters. */
const KEY_REUSED_MESSAGE =
  'Keys for idempotent requests can only be used with the same parameters they were first used with.';

export async function startStripeDouble(): Promise<StripeDouble> {
  const requests: RecordedRequest[] = [];
  const routes: Route[] = [];
  const loseReplies: LostReplies[] = [];
  const subscriptions = new Map<string, DoubleSubscription>();
  let keptSubscriptions = subscriptionRoutes(subscriptions);
  const prices = new Map<string, DoublePriceTerms>();
  const heldPrices = priceRoutes(prices);
  /** each key's first request (method, path and body) and its answer */
  const answersByKey = new Map<string, { sent: string; answer: CannedAnswer }>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://double');
      const raw =
        req.method === 'GET' || req.method === 'DELETE' ? url.search.slice(1) : Buffer.concat(chunks).toString('utf8');
      const idempotencyKey = req.method === 'POST' ? req.headers['idempotency-key'] : undefined;
      const sent = `${req.method ?? 'GET'} ${url.pathname} ${raw}`;
      const remembered = typeof idempotencyKey === 'string' ? answersByKey.get(idempotencyKey) : undefined;
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        form: Object.fromEntries(new URLSearchParams(raw)),
        headers: req.headers,
        replayed: remembered?.sent === sent,
      };
      requests.push(recorded);
      let answer: CannedAnswer = missing('route', `${recorded.method} ${recorded.path}`);
      if (remembered !== undefined) {
        answer =
          remembered.sent === sent
            ? remembered.answer
            : {
                status: 400,
                body: {
                  error: { type: 'idempotency_error', message: `${KEY_REUSED_MESSAGE} (${String(idempotencyKey)})` },
                },
              };
      } else {
        for (const route of [...routes, ...keptSubscriptions, ...heldPrices, ...defaultRoutes]) {
          const match = route.method === recorded.method ? route.path.exec(recorded.path) : null;
          if (match) {
            answer = route.answer(match, recorded);
            break;
          }
        }
        // The real API keeps the answer of a key, errors from its servers excepted (those may be retried).
        if (typeof idempotencyKey === 'string' && (answer.status ?? 200) < 500)
          answersByKey.set(idempotencyKey, { sent, answer });
      }
      const lost = loseReplies.find(
        (fault) => fault.count > 0 && fault.method === recorded.method && fault.path.test(recorded.path),
      );
      if (lost !== undefined) {
        lost.count -= 1;
        res.socket?.destroy();
        return;
      }
      if (answer.file !== undefined) {
        res.writeHead(answer.status ?? 200, { 'content-type': answer.file.contentType });
        res.end(answer.file.bytes);
        return;
      }
      res.writeHead(answer.status ?? 200, {
        'content-type': 'application/json',
        'request-id': `req_${requests.length}`,
        ...(recorded.replayed ? { 'idempotent-replayed': 'true' } : {}),
      });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    routes,
    loseReplies,
    subscriptions,
    prices,
    calls: () => requests.map(({ method, path, form }) => ({ method, path, form })),
    reset() {
      requests.length = 0;
      routes.length = 0;
      loseReplies.length = 0;
      subscriptions.clear();
      keptSubscriptions = subscriptionRoutes(subscriptions);
      prices.clear();
      answersByKey.clear();
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
