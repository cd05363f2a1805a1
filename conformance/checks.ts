/**
 * The conformance checks: what a backend implementing the call contract must do, asked over HTTP as the panel asks.
 *
 * - Each read call answers the site owner with a 200 whose body matches the document's schema.
 * - Refusals: no token, an empty or garbage token, the owner's session token altered or unsigned, the host's identity
 *   token in place of a session, an expired identity token, another site's ids, and malformed bodies (not JSON, not
 *   an object, a part missing or of the wrong type) each answer a 4xx with the documented error body, its `code`
 *   one the document lists.
 * - Nothing changed: both owners' billing data are as they were before the refusals.
 *
 * The kit sends no write that a conforming backend would carry out: besides the reads, the only writes it sends are
 * two probes (invoice details and billing contact, carrying a marker value), always in a form that must be refused.
 */
import { decodeJwt } from 'jose';
import { checkPlatformApi } from './platformChecks';
import type { ContractDocument, JsonSchema } from './document';
import { alteredToken, unsignedCopy } from './forgeries';
import { type Answer, describeAnswer, differences, summarise } from './wording';

export type Role = 'owner' | 'other-owner' | 'expired';
export const ROLES: readonly Role[] = ['owner', 'other-owner', 'expired'];

export type Outcome = 'ok' | 'fail' | 'skip';

export interface CheckResult {
  outcome: Outcome;
  name: string;
  /** why it failed or was skipped */
  why?: string;
}

export interface KitOptions {
  /** the backend's base URL: calls go to `${baseUrl}/api/{name}` */
  baseUrl: string;
  contract: ContractDocument;
  /** the identity tokens the token command gave, by role */
  identityTokens: Record<Role, string>;
  report(result: CheckResult): void;
  timeoutMs?: number;
  /** a platform key: the platform API is checked too (conformance/platformChecks.ts) */
  platformKey?: string;
}

/** null: the rule holds; a string: why it does not; a skip: why the account cannot show it. */
type Verdict = string | null | { skip: string };

export interface Summary {
  ok: number;
  failed: number;
  skipped: number;
}

const DEFAULT_TIMEOUT_MS = 15_000;
const TOO_MANY_REQUESTS = 429;
/** What the probe writes would save if a backend wrongly took them: easy to spot in its data. */
const PROBE_MARKER = 'Conformance kit probe: a refused call must not save this';
const PROBE_CONTACT = 'conformance-probe@example.com';
/** A tax ID of the right format: a backend that saves the probe saves it too. */
const PROBE_TAX_ID = { type: 'eu_vat', value: 'DE123456789' };
const ID_FIELDS = ['siteId', 'userId', 'customerId', 'subId', 'subscriptionId', 'invoiceId'] as const;
type IdField = (typeof ID_FIELDS)[number];

/** A request body: JSON, or text sent with a content type (the malformed bodies). */
type Payload = { json: unknown } | { text: string; contentType: string };

interface Envelope {
  data: Record<string, unknown>;
  options: Record<string, unknown>;
}

/** What the kit reads of the billing data to ask the other calls: the account's ids and what it has. */
interface Account {
  /** the account's own ids, by the data member that names them (null: it has none, e.g. no invoice yet) */
  ids: Record<IdField, string | null>;
  /** the site's admin URL: the identity token's issuer, where the customer portal may send the owner back */
  adminUrl: string;
  priceId: string;
  period: string;
  /** another base price of the same period to preview a change to; the current one when there is none */
  previewPriceId: string;
  couponId: string | null;
  customDomain: string | null;
  hasSendingDomain: boolean;
}

/** The members of the billing data the kit uses; the document's schema has checked them before. */
interface BillingDataView {
  subscription: { id: string; customer_id: string; meta: { baseProduct: { price: string; billing_period: string } } };
  user: { id: string };
  currentSite: {
    id: string;
    url: string;
    external_domain: string | null;
    sending_domain: string | null;
    sending_domain_status: string | null;
  };
  availableProducts: Array<{
    type: string;
    active: boolean;
    legacy: boolean;
    prices: Array<{ id: string; billing_period: string; active: boolean; legacy: boolean }>;
  }>;
  discount: { coupon: { id: string } } | null;
  invoices: Array<{ id: string }>;
}

function accountOf(billingData: BillingDataView, identityToken: string): Account {
  const { subscription, user, currentSite, availableProducts, discount, invoices } = billingData;
  const { price, billing_period: period } = subscription.meta.baseProduct;
  const otherPrice = availableProducts
    .filter((product) => product.type === 'base' && product.active && !product.legacy)
    .flatMap((product) => product.prices)
    .find(
      (candidate) =>
        candidate.active && !candidate.legacy && candidate.billing_period === period && candidate.id !== price,
    );
  return {
    ids: {
      siteId: currentSite.id,
      userId: user.id,
      customerId: subscription.customer_id,
      subId: subscription.id,
      subscriptionId: subscription.id,
      invoiceId: invoices[0]?.id ?? null,
    },
    adminUrl: decodeJwt(identityToken).iss ?? '',
    priceId: price,
    period,
    previewPriceId: otherPrice?.id ?? price,
    couponId: discount?.coupon.id ?? null,
    customDomain: currentSite.external_domain,
    hasSendingDomain:
      currentSite.sending_domain !== null && !['NONE', null].includes(currentSite.sending_domain_status),
  };
}

/** How the kit asks a read call: its envelope, or why the owner's account cannot be asked it. */
type ReadPlan =
  | (Envelope & {
      /** the call may refuse this owner for a reason of the account's (a documented refusal is then a skip): why */
      mayRefuse?: string;
    })
  | { cannot: string };

const envelope = (data: Record<string, unknown> = {}, options: Record<string, unknown> = {}): Envelope => ({
  data,
  options,
});

const readPlans: Record<string, (account: Account) => ReadPlan> = {
  'get-billing-data': () => envelope(),
  'get-subscription': ({ ids }) => envelope({ subId: ids.subId }),
  'get-current-site': ({ ids }) => envelope({ siteId: ids.siteId }),
  'get-current-site-limits': () => envelope(),
  'get-current-plan': ({ priceId }) => envelope({ stripePrice: priceId }),
  'get-invoice-details': ({ ids }) => envelope({ customerId: ids.customerId }),
  'get-invoices': ({ ids }) => envelope({ userId: ids.userId }),
  'get-latest-invoice': ({ ids }) => envelope({ customerId: ids.customerId }),
  'get-discount-details': ({ ids }) => envelope({ customerId: ids.customerId }),
  'get-customer-balance': ({ ids }) => envelope({ customerId: ids.customerId }),
  'get-account-info': () => envelope(),
  'get-next-charge': () => envelope(),
  'invoice-pdf': ({ ids }) =>
    ids.invoiceId === null ? { cannot: 'the owner has no invoice' } : envelope({ invoiceId: ids.invoiceId }),
  'get-stripe-portal-url': ({ ids, adminUrl }) => envelope({ customerId: ids.customerId, redirectUrl: adminUrl }),
  'payment-method': ({ ids }) => envelope({ customerId: ids.customerId }),
  'get-invoice-preview': ({ ids, priceId, previewPriceId, period }) =>
    envelope({
      customerId: ids.customerId,
      subscriptionId: ids.subscriptionId,
      basePrices: { current: priceId, selected: previewPriceId },
      addonPrices: [],
      period,
    }),
  'get-coupon-details': ({ couponId }) =>
    couponId === null ? { cannot: 'the owner has no discount, so no coupon id to ask about' } : envelope({ couponId }),
  'check-domain': ({ ids }) => envelope({ siteId: ids.siteId }),
  // Any name will do (its registrar is looked up); the site's own domain when it has one.
  'lookup-nameserver': ({ ids, customDomain }) =>
    envelope({ siteId: ids.siteId, domain: customDomain ?? 'example.com' }),
  'check-domain-dns': ({ ids }) => envelope({ siteId: ids.siteId }),
  'get-sending-domain-records': ({ ids, hasSendingDomain }) => sendingDomainPlan(ids, hasSendingDomain),
  'check-sending-domain': ({ ids, hasSendingDomain }) => sendingDomainPlan(ids, hasSendingDomain),
  'verify-sending-domain': ({ ids, hasSendingDomain }) => sendingDomainPlan(ids, hasSendingDomain),
  'get-entri-token': () => ({
    ...envelope(),
    mayRefuse: "the registrar's widget is for staff owners, once enabled (a write the kit does not make)",
  }),
};

function sendingDomainPlan(ids: Account['ids'], hasSendingDomain: boolean): ReadPlan {
  return hasSendingDomain ? envelope({ siteId: ids.siteId }) : { cannot: "the owner's site has no sending domain" };
}

/** The writes the kit sends only in forms a backend must refuse; what they would save shows in the billing data. */
const probeWrites: Record<string, (account: Account) => Envelope> = {
  'add-invoice-details': ({ ids }) =>
    envelope({ customerId: ids.customerId, invoiceDetails: PROBE_MARKER, taxId: PROBE_TAX_ID }),
  'update-billing-contact': ({ ids }) => envelope({ userId: ids.userId, billingContact: PROBE_CONTACT }),
};

function isPlan(plan: ReadPlan): plan is Envelope & { mayRefuse?: string } {
  return !('cannot' in plan);
}

export async function runConformance(options: KitOptions): Promise<Summary> {
  const { contract, identityTokens } = options;
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const summary: Summary = { ok: 0, failed: 0, skipped: 0 };

  function report(result: CheckResult): void {
    if (result.outcome === 'ok') summary.ok += 1;
    else if (result.outcome === 'fail') summary.failed += 1;
    else summary.skipped += 1;
    options.report(result);
  }

  /**
   * Runs a check. Its verdict: null when the rule holds, else why not, or a skip (the account cannot show it); an
   * exception (no answer) fails it too.
   */
  async function check(name: string, run: () => Promise<Verdict>): Promise<void> {
    try {
      const verdict = await run();
      if (verdict === null) report({ outcome: 'ok', name });
      else if (typeof verdict === 'string') report({ outcome: 'fail', name, why: verdict });
      else report({ outcome: 'skip', name, why: verdict.skip });
    } catch (error) {
      report({ outcome: 'fail', name, why: error instanceof Error ? error.message : String(error) });
    }
  }

  async function post(name: string, body: Payload): Promise<Answer> {
    const isJson = 'json' in body;
    let response: Response;
    try {
      response = await fetch(`${baseUrl}/api/${name}`, {
        method: 'POST',
        headers: { 'content-type': isJson ? 'application/json' : body.contentType },
        body: isJson ? JSON.stringify(body.json) : body.text,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      throw new Error(
        `no answer from ${baseUrl}/api/${name}: ${cause?.code ?? cause?.message ?? (error as Error).message}`,
      );
    }
    const text = await response.text();
    try {
      return { status: response.status, body: JSON.parse(text) as unknown };
    } catch {
      return { status: response.status, body: text };
    }
  }

  /** null when the answer is a 200 with the call's documented body, else why not. */
  function answeredAsDocumented(name: string, answer: Answer): string | null {
    if (answer.status !== 200) return `answered ${describeAnswer(answer)}`;
    const problem = contract.validateAnswer(name)(answer.body);
    return problem === null ? null : `the answer does not match the document: ${problem}`;
  }

  /**
   * null when the answer is a refusal: a 4xx (not 429) with the documented error body, its code one the document
   * lists (the panel words a refusal by it), its status the HTTP status.
   */
  function refusedAsDocumented(answer: Answer): string | null {
    if (answer.status === TOO_MANY_REQUESTS)
      return 'answered 429: rate limited, so the rule could not be checked (run again, or raise the limit for this client)';
    if (answer.status < 400 || answer.status >= 500) return `answered ${describeAnswer(answer)}`;
    // A code of its own making is named as such (the schema's words would only say "one of the allowed values").
    const code = (answer.body as { error?: { code?: unknown } } | null)?.error?.code;
    if (code !== undefined && !contract.errorCodes.includes(code as string)) {
      return `answered ${describeAnswer(answer)} with error.code ${JSON.stringify(code)}, not a code the document lists`;
    }
    const problem = contract.validateError(answer.body);
    if (problem !== null) return `answered ${answer.status} without the documented error body: ${problem}`;
    const { status } = (answer.body as { error: { status: number } }).error;
    return status === answer.status ? null : `answered ${answer.status} with error.status ${status}`;
  }

  /** A rule over several requests: each must be refused as documented. */
  async function refusesAll(requests: Array<{ call: string; what?: string; body: Payload }>): Promise<string | null> {
    if (requests.length === 0) return 'no call to check it with';
    const failures: string[] = [];
    for (const request of requests) {
      const why = refusedAsDocumented(await post(request.call, request.body));
      if (why !== null)
        failures.push(`${request.call}${request.what === undefined ? '' : ` (${request.what})`} ${why}`);
    }
    return failures.length === 0 ? null : summarise(failures);
  }

  // ------------------------------------------------------------------------------------------ sessions

  async function openSession(role: 'owner' | 'other-owner', who: string): Promise<string | null> {
    // Set by the check (a closure), so not narrowed by the compiler as a plain variable would be.
    const opened: { token?: string } = {};
    await check(`billing-session answers ${who} with the documented shape`, async () => {
      const answer = await post('billing-session', {
        json: { jwt: identityTokens[role], data: {}, options: { init: true } },
      });
      const why = answeredAsDocumented('billing-session', answer);
      if (why === null) opened.token = (answer.body as { token: string }).token;
      return why;
    });
    return opened.token ?? null;
  }

  async function billingData(jwt: string): Promise<Answer> {
    return post('get-billing-data', { json: { jwt, ...envelope() } });
  }

  const ownerSession = await openSession('owner', 'the owner');
  const otherSession = await openSession('other-owner', "another site's owner");
  // Without the owner's session nothing else can be asked.
  if (ownerSession === null) return summary;

  // ------------------------------------------------------------------------------------------ reads

  const read: { owner?: Account } = {};
  await check('get-billing-data answers the owner with the documented shape', async () => {
    const answer = await billingData(ownerSession);
    const why = answeredAsDocumented('get-billing-data', answer);
    if (why === null) read.owner = accountOf(answer.body as BillingDataView, identityTokens.owner);
    return why;
  });
  // Its ids and what it has make every other call's request.
  const ownerAccount = read.owner;
  if (ownerAccount === undefined) return summary;

  let other: Account | null = null;
  if (otherSession !== null) {
    const answer = await billingData(otherSession);
    if (answeredAsDocumented('get-billing-data', answer) === null)
      other = accountOf(answer.body as BillingDataView, identityTokens['other-owner']);
  }

  /** Every call the refusals are checked on, with the owner's valid envelope. */
  const probes: Array<{ call: string; envelope: Envelope }> = [{ call: 'get-billing-data', envelope: envelope() }];

  for (const name of contract.readCalls) {
    if (name === 'billing-session' || name === 'get-billing-data') continue;
    await check(`${name} answers the owner with the documented shape`, async () => {
      const planOf = readPlans[name];
      if (planOf === undefined)
        return 'the kit does not know how to ask this read call: add it to conformance/checks.ts';
      const plan = planOf(ownerAccount);
      if (!isPlan(plan)) return { skip: plan.cannot };
      const body = { jwt: ownerSession, data: plan.data, options: plan.options };
      const requestProblem = contract.validateRequest(name)(body);
      if (requestProblem !== null)
        return `the kit's request does not match the document (${requestProblem}): update conformance/checks.ts`;
      probes.push({ call: name, envelope: plan });
      const answer = await post(name, { json: body });
      if (plan.mayRefuse !== undefined && refusedAsDocumented(answer) === null)
        return { skip: `${plan.mayRefuse}; it answered ${describeAnswer(answer)}` };
      return answeredAsDocumented(name, answer);
    });
  }

  for (const [name, envelopeOf] of Object.entries(probeWrites)) {
    if (contract.callNames.includes(name)) probes.push({ call: name, envelope: envelopeOf(ownerAccount) });
  }

  // ------------------------------------------------------------------------------------------ refusals

  const ownerBefore = (await billingData(ownerSession)).body;
  const otherBefore = otherSession === null ? null : (await billingData(otherSession)).body;
  const withJwt = (jwt: unknown) =>
    probes.map(({ call, envelope: valid }) => ({ call, body: { json: { jwt, ...valid } } }));

  await check('billing-session refuses a body without a token', () =>
    refusesAll([{ call: 'billing-session', body: { json: { data: {}, options: { init: true } } } }]),
  );
  await check('billing-session refuses a garbage identity token', () =>
    refusesAll([
      { call: 'billing-session', body: { json: { jwt: 'not-a-token', data: {}, options: { init: true } } } },
    ]),
  );
  await check('billing-session refuses an expired identity token', () =>
    refusesAll([
      { call: 'billing-session', body: { json: { jwt: identityTokens.expired, data: {}, options: { init: true } } } },
    ]),
  );
  await check('billing-session refuses the identity token with its signature altered', () =>
    refusesAll([
      {
        call: 'billing-session',
        body: { json: { jwt: alteredToken(identityTokens.owner), data: {}, options: { init: true } } },
      },
    ]),
  );
  await check('billing-session refuses a session token in place of an identity token', () =>
    refusesAll([{ call: 'billing-session', body: { json: { jwt: ownerSession, data: {}, options: { init: true } } } }]),
  );

  await check('every call refuses a body without a token', () =>
    refusesAll(probes.map(({ call, envelope: valid }) => ({ call, body: { json: valid } }))),
  );
  await check('every call refuses an empty token', () => refusesAll(withJwt('')));
  await check('every call refuses a garbage token', () => refusesAll(withJwt('not-a-token')));
  await check("every call refuses the owner's session token with its signature altered", () =>
    refusesAll(withJwt(alteredToken(ownerSession))),
  );
  const unsigned = unsignedCopy(ownerSession);
  if (unsigned === null)
    report({
      outcome: 'skip',
      name: "every call refuses an unsigned copy of the owner's session token",
      why: 'the session token is not a JWT',
    });
  else
    await check("every call refuses an unsigned copy of the owner's session token", () =>
      refusesAll(withJwt(unsigned)),
    );
  await check("every call refuses the host's identity token in place of a session token", () =>
    refusesAll(withJwt(identityTokens.owner)),
  );
  await check('every call refuses an expired identity token in place of a session token', () =>
    refusesAll(withJwt(identityTokens.expired)),
  );

  for (const { call, envelope: valid } of probes) {
    const fields = ID_FIELDS.filter((field) => typeof valid.data[field] === 'string');
    if (fields.length === 0) continue;
    const title = `${call} refuses another site's ${fields.join(', ')}`;
    const otherIds = other?.ids;
    if (otherIds === undefined) {
      report({ outcome: 'fail', name: title, why: "no billing data of another site's owner to take its ids from" });
      continue;
    }
    const missing = fields.filter((field) => otherIds[field] === null);
    if (missing.length > 0) {
      report({ outcome: 'skip', name: title, why: `the other site has no ${missing.join(', ')}` });
      continue;
    }
    const data = { ...valid.data, ...Object.fromEntries(fields.map((field) => [field, otherIds[field]])) };
    await check(title, () =>
      refusesAll([{ call, body: { json: { jwt: ownerSession, data, options: valid.options } } }]),
    );
  }

  const ownerBody = (valid: Envelope) => ({ jwt: ownerSession, ...valid });
  await check('every call refuses a body that is not JSON', () =>
    refusesAll(
      probes.map(({ call, envelope: valid }) => ({
        call,
        body: { text: JSON.stringify(ownerBody(valid)).slice(0, -1), contentType: 'application/json' },
      })),
    ),
  );
  await check('every call refuses a JSON body sent as text/plain', () =>
    refusesAll(
      probes.map(({ call, envelope: valid }) => ({
        call,
        body: { text: JSON.stringify(ownerBody(valid)), contentType: 'text/plain' },
      })),
    ),
  );
  await check('every call refuses a body that is not an object', () =>
    refusesAll(
      probes.flatMap(({ call }) =>
        [[], 'jwt', null].map((json) => ({ call, what: JSON.stringify(json), body: { json } })),
      ),
    ),
  );
  await check('every call refuses a body without one of its required envelope parts', () =>
    refusesAll(
      probes.flatMap(({ call, envelope: valid }) =>
        requiredParts(contract.requestSchema(call))
          .filter((part) => part !== 'jwt')
          .map((part) => {
            const { [part]: _left, ...rest } = ownerBody(valid) as Record<string, unknown>;
            return { call, what: `no ${part}`, body: { json: rest } };
          }),
      ),
    ),
  );
  await check('every call refuses envelope parts of the wrong type', () =>
    refusesAll(
      probes.flatMap(({ call, envelope: valid }) =>
        (
          [
            ['jwt', 12345],
            ['data', 'data'],
            ['options', ['options']],
          ] as const
        ).map(([part, wrong]) => ({
          call,
          what: `${part}: ${JSON.stringify(wrong)}`,
          body: { json: { ...ownerBody(valid), [part]: wrong } },
        })),
      ),
    ),
  );
  await check('every call refuses data members of the wrong type', () =>
    refusesAll(
      probes.flatMap(({ call, envelope: valid }) =>
        Object.entries(valid.data)
          .filter(([, value]) => typeof value === 'string')
          .map(([member]) => ({
            call,
            what: `${member}: 12345`,
            body: { json: { ...ownerBody(valid), data: { ...valid.data, [member]: 12345 } } },
          })),
      ),
    ),
  );

  const invoiceDetailsProbe = probes.find((probe) => probe.call === 'add-invoice-details');
  if (invoiceDetailsProbe !== undefined) {
    const { envelope: valid } = invoiceDetailsProbe;
    await check("add-invoice-details refuses a tax ID not of its type's format", () =>
      refusesAll(
        [
          { type: 'eu_vat', value: 'not a VAT number' },
          { type: 'gb_vat', value: 'DE123456789' },
        ].map((taxId) => ({
          call: 'add-invoice-details',
          what: `${taxId.type} ${JSON.stringify(taxId.value)}`,
          body: { json: { ...ownerBody(valid), data: { ...valid.data, taxId } } },
        })),
      ),
    );
  }

  await check("nothing changed: both owners' billing data are as before the refusals", async () => {
    const changed = [
      ...differences(ownerBefore, (await billingData(ownerSession)).body).map((where) => `the owner's ${where}`),
      ...(otherSession === null
        ? []
        : differences(otherBefore, (await billingData(otherSession)).body).map(
            (where) => `the other owner's ${where}`,
          )),
    ];
    return changed.length === 0 ? null : `changed: ${summarise(changed)}`;
  });

  if (options.platformKey !== undefined) {
    await checkPlatformApi({ baseUrl, platformKey: options.platformKey, ownerSession, contract, timeoutMs, check });
  }

  return summary;
}

/** The members of the request envelope its schema requires. */
function requiredParts(schema: JsonSchema): string[] {
  return Array.isArray(schema.required)
    ? schema.required.filter((part): part is string => typeof part === 'string')
    : [];
}
