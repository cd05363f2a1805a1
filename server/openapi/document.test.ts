/**
 * The published contract: docs/openapi.json is what the call contract generates today, a valid OpenAPI 3.1
 * document by an outside validator, with a path, a request example and the answer and error schemas for every
 * call, and the contract's entities as components.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { API_ERROR_CODES, calls, type CallName } from '../../core/contract';
import { callKinds } from '../../core/rules/callKinds';
import { contractDocument, DEFAULT_DOCUMENT_FILE, type OpenApiDocument } from '../../conformance/document';
import { buildOpenApiDocument, openApiJson } from './document';

const PROJECT_ROOT = path.resolve(__dirname, '..', '..');
const callNames = Object.keys(calls) as CallName[];

/** Runs @seriousme/openapi-schema-validator (ESM only) in a child process, as a CI step would, on a file. */
function validateWithOutsideValidator(file: string): { valid: boolean; version: string; errors: unknown } {
  const script = [
    "import { Validator } from '@seriousme/openapi-schema-validator';",
    'const validator = new Validator();',
    'const result = await validator.validate(process.argv[1]);',
    // Every $ref must lead somewhere: resolving them all throws on one that does not.
    'if (result.valid) validator.resolveRefs();',
    'process.stdout.write(JSON.stringify({ valid: result.valid, version: validator.version, errors: result.errors ?? null }));',
  ].join('\n');
  return JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script, file], {
      cwd: PROJECT_ROOT,
      encoding: 'utf8',
    }),
  );
}

const committed = readFileSync(DEFAULT_DOCUMENT_FILE, 'utf8');
const document = buildOpenApiDocument() as unknown as OpenApiDocument;
const contract = contractDocument(document);

it('is current in docs/openapi.json', () => {
  if (committed !== openApiJson()) {
    throw new Error(
      'docs/openapi.json is not what the call contract (core/contract/index.ts) generates: run `npm run openapi` and commit it',
    );
  }
});

it('is a valid OpenAPI 3.1 document by @seriousme/openapi-schema-validator, every $ref resolving', () => {
  expect(validateWithOutsideValidator(DEFAULT_DOCUMENT_FILE)).toEqual({ valid: true, version: '3.1', errors: null });
});

it('has every call as POST /api/{name}, tagged read or write as the panel and the server treat it', () => {
  expect(contract.callNames).toEqual(callNames);
  for (const name of callNames) {
    expect(document.paths[`/api/${name}`]?.post?.tags).toEqual([callKinds[name]]);
  }
  expect(contract.readCalls).toEqual(callNames.filter((name) => callKinds[name] === 'read'));
});

describe.each(callNames)('%s', (name) => {
  const operation = document.paths[`/api/${name}`]!.post!;

  it('gives a request example that the contract and the document both take', () => {
    const example = contract.requestExample(name);
    expect(example).toBeDefined();
    expect(calls[name].request.safeParse(example).error).toBeUndefined();
    expect(contract.validateRequest(name)(example)).toBeNull();
  });

  it('documents the 200 answer and the error answers with the error body', () => {
    expect(operation.responses['200']?.content?.['application/json']?.schema).toBeDefined();
    expect(operation.responses['4XX']).toEqual({ $ref: '#/components/responses/Refused' });
    expect(operation.responses['5XX']).toEqual({ $ref: '#/components/responses/Failed' });
  });
});

it('answers refusals and failures with the ApiError component', () => {
  const { responses } = (document as unknown as { components: { responses: Record<string, unknown> } }).components;
  const errorSchema = { schema: { $ref: '#/components/schemas/ApiError' } };
  expect(responses).toEqual({
    Refused: expect.objectContaining({ content: { 'application/json': errorSchema } }),
    Failed: expect.objectContaining({ content: { 'application/json': errorSchema } }),
  });
  expect(
    contract.validateError({ error: { code: 'invalid_session', message: 'Invalid session', status: 401 } }),
  ).toBeNull();
  expect(contract.validateError({ error: { code: 'invalid_session', message: 'Invalid session' } })).toBe(
    "/error must have required property 'status'",
  );
  expect(contract.validateError({ error: { message: 'Invalid session', status: 401 } })).toBe(
    "/error must have required property 'code'",
  );
  expect(contract.validateError({ error: { code: 'no_such_code', message: 'Invalid session', status: 401 } })).toBe(
    '/error/code must be equal to one of the allowed values',
  );
});

it('documents every error code of the contract, in its order, each with what it means', () => {
  const { ApiErrorCode: codes } = document.components.schemas;
  expect(document.components.schemas.ApiError).toMatchObject({
    properties: {
      error: {
        properties: { code: { $ref: '#/components/schemas/ApiErrorCode' } },
        required: ['code', 'message', 'status'],
      },
    },
  });
  expect(codes?.enum).toEqual([...API_ERROR_CODES]);
  expect(contract.errorCodes).toEqual([...API_ERROR_CODES]);
  for (const code of API_ERROR_CODES) expect(codes?.description).toContain(`- \`${code}\`: `);
});

it('names the shared entities as components and refers to them', () => {
  const answerOf = (name: CallName) =>
    document.paths[`/api/${name}`]!.post!.responses['200']!.content!['application/json']!.schema;
  expect(answerOf('get-billing-data')).toEqual({ $ref: '#/components/schemas/BillingData' });
  expect(answerOf('check-sending-domain')).toEqual({ $ref: '#/components/schemas/SendingDomain' });
  expect(answerOf('get-invoices')).toMatchObject({
    properties: { invoices: { items: { $ref: '#/components/schemas/Invoice' } } },
  });
  expect(document.components.schemas.BillingData).toMatchObject({
    description: expect.stringContaining('billing data aggregate'),
    properties: {
      subscription: { anyOf: [{ $ref: '#/components/schemas/Subscription' }, { type: 'null' }] },
      currentPrice: { anyOf: [{ $ref: '#/components/schemas/Price' }, { type: 'null' }] },
      availableProducts: { items: { $ref: '#/components/schemas/Product' } },
      discount: { anyOf: [{ $ref: '#/components/schemas/Discount' }, { type: 'null' }] },
    },
  });
});

it('gives a request its own component where an entity reads differently than it is written (an open object in, a closed one out)', () => {
  const { schemas } = document.components;
  expect(schemas.Blog).toMatchObject({ additionalProperties: false });
  expect(schemas.BlogInput).not.toHaveProperty('additionalProperties');
  expect(contract.requestSchema('get-current-site')).toMatchObject({
    properties: { data: { properties: { blogs: { items: { $ref: '#/components/schemas/BlogInput' } } } } },
  });
});
