/**
 * Every call of the contract, fuzzed over HTTP: malformed envelopes and data, missing, forged and expired tokens,
 * another site's ids under a real session, bodies over the size limit and deeply nested JSON. The server answers
 * none of them with a 5xx, refuses each with the error body and a code the contract lists, and none of them
 * changes a row of the database. Calls are read from the contract, so a new call is fuzzed without touching this
 * file. Bounded: about 2,000 requests.
 */
import fc from 'fast-check';
import { sql } from 'kysely';
import { z } from 'zod';
import { apiErrorSchema, calls, type CallName } from '../../core/contract';
import { databaseChecksum } from '../testing/databaseChecksum';
import { setUpDemo, UNLIMITED_RATE_LIMITS_ENV } from '../testing/testKit';
import { signHs256 } from '../testing/jwt';

const RANDOM_REQUESTS_PER_CALL = 45;
const BODY_LIMIT_BYTES = 64 * 1024;
/** Deep enough to break a recursive parser or validator, small enough to stay under the body limit. */
const NESTING_DEPTH = 10_000;
const OWN_SITE = 'site_active';
const callNames = Object.keys(calls) as CallName[];
/** Fields of a call's data that name something a site owns, and the table column of another site's such ids. */
const OWNED_ID_SQL: Record<string, string> = {
  siteId: `select id from sites where id != '${OWN_SITE}'`,
  userId: `select id from users where site_id != '${OWN_SITE}'`,
  customerId: `select id from customers where user_id not in (select id from users where site_id = '${OWN_SITE}')`,
  subscriptionId: `select provider_subscription_id as id from subscriptions where site_id != '${OWN_SITE}'`,
  subId: `select id from subscriptions where site_id != '${OWN_SITE}'`,
};
/** Per owned field, the other sites' ids each call is sent: enough to vary the scenario, few enough to stay fast. */
const OTHER_SITES_PER_FIELD = 3;

// The fuzz sends hundreds of writes and provider calls a minute from one session: the rate limits are not what it tests.
const demo = setUpDemo({ env: UNLIMITED_RATE_LIMITS_ENV });
let ownSession: string;
/** Ids, domains and addresses of every site but the session's own. */
let otherSitesValues: string[];
/** For each owned field, a few of the other sites' ids. */
let otherSitesIds: Record<string, string[]>;
let requestsSent = 0;

beforeAll(async () => {
  ownSession = await demo.sessionToken('active');
  otherSitesValues = (
    await demo.query(sql<{ value: string | null }>`select id as value from sites where id != ${OWN_SITE}
     union select external_domain from sites where id != ${OWN_SITE}
     union select id from users where site_id != ${OWN_SITE}
     union select email from users where site_id != ${OWN_SITE}
     union select id from customers where user_id not in (select id from users where site_id = ${OWN_SITE})
     union select id from subscriptions where site_id != ${OWN_SITE}
     union select provider_subscription_id from subscriptions where site_id != ${OWN_SITE}`)
  )
    .map((row) => row.value)
    .filter((value): value is string => value !== null);
  otherSitesIds = {};
  for (const [field, query] of Object.entries(OWNED_ID_SQL)) {
    const rows = await demo.query(
      sql<{ id: string }>`${sql.raw(query)} order by id limit ${sql.lit(OTHER_SITES_PER_FIELD)}`,
    );
    otherSitesIds[field] = rows.map((row) => row.id);
  }
});

/** The field names of a call's `data`, from its request schema. */
function dataFieldsOf(name: CallName): string[] {
  let schema: z.ZodType = calls[name].request.shape.data;
  while (schema instanceof z.ZodDefault || schema instanceof z.ZodOptional) schema = schema.unwrap() as z.ZodType;
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

/** Session claims as the server issues them, for tokens it must refuse. */
function sessionClaims(overrides: Record<string, unknown> = {}) {
  const now = Math.floor(Date.now() / 1000);
  return {
    siteId: OWN_SITE,
    userId: 'user_active',
    sub: 'user_active',
    iss: 'inkwell-billing',
    aud: 'inkwell-billing-panel',
    iat: now,
    exp: now + 3600,
    ...overrides,
  };
}

function refusedTokens(): string[] {
  const now = Math.floor(Date.now() / 1000);
  const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify(sessionClaims())).toString('base64url')}.`;
  return [
    signHs256(sessionClaims({ iat: now - 7200, exp: now - 60 }), demo.sessionSecret),
    signHs256(sessionClaims(), 'a-secret-that-is-not-the-servers-secret'),
    signHs256(sessionClaims({ aud: 'someone-else' }), demo.sessionSecret),
    signHs256(sessionClaims({ siteId: 'site_no_card', userId: 'user_no_card' }), 'forged'),
    unsigned,
    `${ownSession.slice(0, -4)}AAAA`,
  ];
}

interface FuzzRequest {
  body: string;
  contentType: string;
  idempotencyKey: string | null;
}

/** Another site's values in every field of the call's data (a field the schema lacks when it has none). */
function otherSitesData(name: CallName): fc.Arbitrary<Record<string, unknown>> {
  const fields = dataFieldsOf(name);
  const value = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...otherSitesValues) }, fc.jsonValue({ maxDepth: 2 }));
  return fc.record(Object.fromEntries((fields.length > 0 ? fields : ['siteId']).map((field) => [field, value])));
}

function requestArbitrary(name: CallName): fc.Arbitrary<FuzzRequest> {
  const token = fc.oneof(
    fc.constantFrom(...refusedTokens()),
    fc.string({ maxLength: 200 }),
    fc.jsonValue({ maxDepth: 2 }),
  );
  const anyData = fc.oneof(fc.jsonValue({ maxDepth: 4 }), otherSitesData(name));
  const options = fc.oneof(fc.constant({}), fc.jsonValue({ maxDepth: 3 }));
  const body = fc.oneof(
    // a refused or missing token, with any data
    fc.record({ jwt: token, data: anyData, options }, { requiredKeys: [] }).map((envelope) => JSON.stringify(envelope)),
    // the session's own token, naming another site's things
    fc
      .record({ jwt: fc.constant(ownSession), data: otherSitesData(name), options })
      .map((envelope) => JSON.stringify(envelope)),
    // any JSON at all, and text that is not JSON
    fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)),
    fc.string({ maxLength: 300 }),
  );
  return fc.record({
    body,
    contentType: fc.constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'text/plain',
      'application/x-www-form-urlencoded',
    ),
    idempotencyKey: fc.option(fc.stringMatching(/^[\x20-\x7e]{0,300}$/)),
  });
}

/** The requests every call gets: the limits of size and depth, and each kind of refused token. */
function fixedRequests(): FuzzRequest[] {
  const json = (body: unknown): FuzzRequest => ({
    body: JSON.stringify(body),
    contentType: 'application/json',
    idempotencyKey: null,
  });
  const nested = `${'{"a":'.repeat(NESTING_DEPTH)}1${'}'.repeat(NESTING_DEPTH)}`;
  const nestedArray = `${'['.repeat(NESTING_DEPTH)}${']'.repeat(NESTING_DEPTH)}`;
  return [
    json({ jwt: ownSession, data: { padding: 'x'.repeat(BODY_LIMIT_BYTES) }, options: {} }),
    {
      body: `{"jwt":${JSON.stringify(ownSession)},"data":${nested},"options":${nestedArray}}`,
      contentType: 'application/json',
      idempotencyKey: 'nested',
    },
    { body: nestedArray, contentType: 'application/json', idempotencyKey: null },
    { body: '{"jwt":', contentType: 'application/json', idempotencyKey: null },
    { body: '', contentType: 'application/json', idempotencyKey: null },
    json({ data: {}, options: {} }),
    ...refusedTokens().map((jwt) => json({ jwt, data: {}, options: {} })),
  ];
}

function parsedOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function send(name: CallName, request: FuzzRequest): Promise<number> {
  requestsSent += 1;
  const headers: Record<string, string> = { 'content-type': request.contentType };
  if (request.idempotencyKey !== null) headers['idempotency-key'] = request.idempotencyKey;
  const response = await fetch(`${demo.panelUrl}/api/${name}`, { method: 'POST', headers, body: request.body });
  const text = await response.text();
  if (response.status >= 500)
    throw new Error(`${name} answered ${response.status} to ${request.body.slice(0, 500)}: ${text}`);
  // Every refusal carries the error body, with a code the contract lists.
  if (response.status >= 400 && !apiErrorSchema.safeParse(parsedOrText(text)).success) {
    throw new Error(
      `${name} answered ${response.status} without the error body to ${request.body.slice(0, 500)}: ${text}`,
    );
  }
  return response.status;
}

describe.each(callNames)('%s', (name) => {
  it('answers malformed, forged and foreign requests with no 5xx, and changes nothing', async () => {
    const before = await databaseChecksum(demo);

    for (const request of fixedRequests()) expect(await send(name, request)).toBeGreaterThanOrEqual(400);
    // Each owned id of the call set to another site's, the others to something well-formed: refused.
    const fields = dataFieldsOf(name);
    for (const field of fields.filter((candidate) => candidate in OWNED_ID_SQL)) {
      for (const otherSitesId of otherSitesIds[field]!) {
        const data = Object.fromEntries(fields.map((other) => [other, other === field ? otherSitesId : 'x']));
        const status = await send(name, {
          body: JSON.stringify({ jwt: ownSession, data, options: {} }),
          contentType: 'application/json',
          idempotencyKey: null,
        });
        expect([400, 403]).toContain(status);
      }
    }
    await fc.assert(
      fc.asyncProperty(requestArbitrary(name), async (request) => {
        await send(name, request);
      }),
      { numRuns: RANDOM_REQUESTS_PER_CALL },
    );

    expect(await databaseChecksum(demo)).toEqual(before);
  });
});

afterAll(() => {
  // The bound the issue asks for: a few thousand requests in all.
  expect(requestsSent).toBeGreaterThan(1000);
  expect(requestsSent).toBeLessThan(5000);
});
