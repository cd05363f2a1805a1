/**
 * Tracing (docs/deploy.md "Tracing") through the real server process, preloaded with server/tracing.ts as
 * production's `node --import` does and switched on by the standard OTEL_ settings alone: one panel call's trace
 * holds the route's span and the card provider's request it made, exported over OTLP (here to a local receiver of
 * its JSON). On PostgreSQL its queries are in that trace too.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { adminUrlOf, setUpDemoWithStripeDouble, scenarioCalls } from './testing/testKit';

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: { key: string; value: { stringValue?: string; intValue?: string | number } }[];
  /** the instrumentation that made it (its OTLP scope), added here */
  scope?: string;
}

const SPAN_KIND_SERVER = 2;
const SPAN_KIND_CLIENT = 3;
const EXPORT_WAIT_MS = 10_000;

const spans: OtlpSpan[] = [];
let receiver: Server;
let receiverUrl = '';

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        resourceSpans?: { scopeSpans?: { scope?: { name?: string }; spans?: OtlpSpan[] }[] }[];
      };
      for (const resource of body.resourceSpans ?? []) {
        for (const scope of resource.scopeSpans ?? [])
          spans.push(...(scope.spans ?? []).map((span) => ({ ...span, scope: scope.scope?.name })));
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});

afterAll(async () => new Promise((resolve) => receiver.close(resolve)));

const { demo, double } = setUpDemoWithStripeDouble('sk_test_tracing', {
  tracing: true,
  env: {
    // Read when the demo starts (after beforeAll above has bound the receiver).
    get OTEL_EXPORTER_OTLP_ENDPOINT() {
      return receiverUrl;
    },
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    OTEL_BSP_SCHEDULE_DELAY: '100',
    OTEL_SERVICE_NAME: 'billing-panel-test',
  },
});

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes?.find((entry) => entry.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? undefined : String(value.intValue));
};

it('puts a panel call and the provider request it made in one trace', async () => {
  const { api } = scenarioCalls(demo);
  const answer = await api('get-stripe-portal-url', 'active', {
    customerId: 'cus_active',
    redirectUrl: await adminUrlOf(demo, 'site_active'),
  });
  expect(answer.status).toBe(200);
  const doublePort = new URL(double.url).port;

  const isCall = (span: OtlpSpan) =>
    span.kind === SPAN_KIND_SERVER && attribute(span, 'http.route') === '/api/get-stripe-portal-url';
  const isProviderRequest = (span: OtlpSpan) =>
    span.kind === SPAN_KIND_CLIENT &&
    attribute(span, 'server.port') === doublePort &&
    (attribute(span, 'url.full') ?? attribute(span, 'http.url') ?? '').includes('/v1/billing_portal/sessions');
  const deadline = Date.now() + EXPORT_WAIT_MS;
  while (Date.now() < deadline && !(spans.some(isCall) && spans.some(isProviderRequest)))
    await new Promise((resolve) => setTimeout(resolve, 100));

  const call = spans.find(isCall);
  const providerRequest = spans.find(isProviderRequest);
  expect(call).toBeDefined();
  expect(providerRequest).toBeDefined();
  expect(providerRequest!.traceId).toBe(call!.traceId);
  // The route's handler span (@fastify/otel) is in the same trace.
  expect(spans.filter((span) => span.traceId === call!.traceId).map((span) => span.name)).toEqual(
    expect.arrayContaining([expect.stringMatching(/handler/)]),
  );
  if (demo.databaseUrl !== null) {
    expect(
      spans.some((span) => span.traceId === call!.traceId && span.scope === '@opentelemetry/instrumentation-pg'),
    ).toBe(true);
  }
});
