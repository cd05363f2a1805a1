/**
 * The OpenAPI 3.1 document of the call API, generated from the call contract (core/contract/index.ts) with zod's own
 * `z.toJSONSchema`, never written by hand: `npm run openapi` writes it to docs/openapi.json (a test fails when
 * that file is not current) and the server answers it at `GET /api/openapi.json` (routes/openapiRoutes.ts).
 *
 * Requests are converted as zod reads them (io 'input': a part with a default may be left out) and answers as the
 * server writes them (io 'output': every member present, none other). The contract's entities are components
 * (components.ts). When an entity reads differently than it is written (an open object in a request, a closed one
 * in an answer) and answers use it too, the request side gets a component of its own, named `<Entity>Input`.
 */
import { z } from 'zod';
import { calls, type CallName } from '../../core/contract';
import { callKinds, type CallKind } from '../../core/rules/callKinds';
import { callDocs } from './callDocs';
import { API_ERROR_COMPONENT, componentRegistry } from './components';
import { platformPaths, platformSchemas, platformSecuritySchemes, platformTag } from './platformPaths';

type JsonSchema = Record<string, unknown>;
type Io = 'input' | 'output';

const OPENAPI_VERSION = '3.1.0';
/**
 * The contract's version: its major part changes when a call changes incompatibly (1.1: the error body's `code`;
 * 1.2: a DNS diagnosis row's `problem`; 1.3: the site's domain claim, `domain_claim_expires_at` and
 * `ended_domain_claim`, the refusals `domain_claimed`, `sending_domain_needs_proof` and `subdomain_taken`, and the
 * DNS diagnosis's `dnsLost`).
 */
const CONTRACT_VERSION = '1.3.0';
const JSON_SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';
const SCHEMA_PREFIX = '#/components/schemas/';
const JSON_MEDIA_TYPE = 'application/json';
const INPUT_SUFFIX = 'Input';

const callNames = Object.keys(calls) as CallName[];

const DESCRIPTION = [
  'The calls of the Inkwell billing panel to its server (SPEC 7). A platform running its own backend for the panel',
  'implements these; `npm run conformance` checks one (docs/conformance.md).',
  '',
  '- Every call is `POST /api/{name}` with a JSON body (`content-type: application/json`; any other type is refused',
  '  with 415), the envelope `{jwt, data, options}`.',
  "- `jwt` is the billing session token that `billing-session` gives in exchange for the host's identity token",
  "  (docs/host-protocol.md); a session is its site owner's only.",
  "- Ids in `data` (siteId, userId, customerId, subId, subscriptionId) must be the session's site's own: any other",
  '  answers 403, the same whether it belongs to another site or to nothing.',
  '- Amounts are integer cents; dates are Unix seconds.',
  '- A failed call answers a non-2xx status with `{error: {code, message, status}}` (ApiError): 400 a body the contract',
  '  refuses, 401 no valid session or identity token (`Token has expired` when it has), 403 not the owner, another',
  "  site's ids or a legacy plan, 404 nothing to act on, 409 a state that does not allow it, 415 not JSON, 429 too many",
  '  requests (billing-session and the writes are rate limited per client), 5xx a failure of the server or a provider.',
  '  `code` says which failure it is (ApiErrorCode lists them all, with their statuses), for a client to word it in',
  "  its user's language; `message` says it in English.",
  '- Calls tagged `read` change nothing when repeated; a `write` is retried by the panel only with an',
  '  `idempotency-key` header, which the writes that create or charge something honour.',
  '- The platform API (tag `platform`, under `/platform/v1/`) is server to server: how a platform provisions its sites,',
  '  authenticated by a platform key (security scheme `platformKey`), never by a session (docs/platform-api.md).',
].join('\n');

const KIND_DESCRIPTIONS: Record<CallKind, string> = {
  read: 'Changes nothing that sending it twice would repeat: the panel retries it.',
  write: 'May create, charge or change something: the panel retries it only with an idempotency key.',
};

/** The temporary id a call's schema is converted under when it is not an entity: it is then written inline. */
function callSchemaId(name: CallName, io: Io): string {
  return `${name}:${io === 'input' ? 'request' : 'response'}`;
}

function callSchema(name: CallName, io: Io): z.ZodType {
  return io === 'input' ? calls[name].request : calls[name].response;
}

interface Conversion {
  /** every schema converted, by registry id (entities and the calls' own) */
  schemas: Record<string, JsonSchema>;
  /** the registry id of each call's schema */
  callIds: Record<CallName, string>;
  entityIds: Set<string>;
}

/** Converts every entity and every call's request (input) or answer (output); `$ref`s name components by `nameOf`. */
function convert(io: Io, nameOf: (entityId: string) => string): Conversion {
  const registry = componentRegistry();
  const entityIds = new Set(registry._idmap.keys());
  const callIds = {} as Record<CallName, string>;
  for (const name of callNames) {
    const schema = callSchema(name, io);
    if (!registry.has(schema)) registry.add(schema, { id: callSchemaId(name, io) });
    callIds[name] = registry.get(schema)!.id;
  }
  const { schemas } = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    io,
    metadata: registry,
    reused: 'inline',
    uri: (id) => SCHEMA_PREFIX + nameOf(id),
  });
  // Shared definitions appear only for a schema that refers to itself, which the contract has none of.
  if ('__shared' in schemas)
    throw new Error('the contract has a recursive schema: give it a component id in server/openapi/components.ts');
  const stripped: Record<string, JsonSchema> = {};
  for (const [id, schema] of Object.entries(schemas)) {
    // Each schema is a component of the document, not a document of its own.
    const { $schema: _dialect, $id: _id, ...rest } = schema as JsonSchema;
    stripped[id] = rest;
  }
  return { schemas: stripped, callIds, entityIds };
}

/** The component names a schema refers to. */
function referencedNames(schema: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) {
    for (const item of schema) referencedNames(item, found);
  } else if (schema !== null && typeof schema === 'object') {
    for (const [key, value] of Object.entries(schema)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith(SCHEMA_PREFIX))
        found.add(value.slice(SCHEMA_PREFIX.length));
      else referencedNames(value, found);
    }
  }
  return found;
}

/** The component names reachable from some roots, through the components' own references. */
function reachableNames(roots: readonly JsonSchema[], componentByName: (name: string) => JsonSchema): Set<string> {
  const seen = new Set<string>();
  const pending = roots.flatMap((root) => [...referencedNames(root)]);
  while (pending.length > 0) {
    const name = pending.pop()!;
    if (seen.has(name)) continue;
    seen.add(name);
    pending.push(...referencedNames(componentByName(name)));
  }
  return seen;
}

/** The schema of a call, as its path writes it: a `$ref` when the call's schema is an entity, else inline. */
function pathSchema(conversion: Conversion, name: CallName, nameOf: (entityId: string) => string): JsonSchema {
  const id = conversion.callIds[name];
  return conversion.entityIds.has(id) ? { $ref: SCHEMA_PREFIX + nameOf(id) } : conversion.schemas[id]!;
}

/** Entities whose request form differs from their answer form, in themselves or through an entity they refer to. */
function entitiesReadDifferently(output: Conversion, input: Conversion): Set<string> {
  const differ = new Set(
    [...input.entityIds].filter((id) => JSON.stringify(input.schemas[id]) !== JSON.stringify(output.schemas[id])),
  );
  let grew = true;
  while (grew) {
    grew = false;
    for (const id of input.entityIds) {
      if (differ.has(id)) continue;
      if ([...referencedNames(input.schemas[id])].some((name) => differ.has(name))) {
        differ.add(id);
        grew = true;
      }
    }
  }
  return differ;
}

function sortedByKey<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
}

function operationId(name: CallName): string {
  return name.replace(/-([a-z])/g, (_match, letter: string) => letter.toUpperCase());
}

export function buildOpenApiDocument(): Record<string, unknown> {
  const sameName = (id: string) => id;
  const output = convert('output', sameName);
  const plainInput = convert('input', sameName);
  // The answers: every call's 200, and the error body of its refusals and failures.
  const answerNames = reachableNames(
    [...callNames.map((name) => pathSchema(output, name, sameName)), { $ref: SCHEMA_PREFIX + API_ERROR_COMPONENT }],
    (name) => output.schemas[name]!,
  );
  const readDifferently = entitiesReadDifferently(output, plainInput);
  const inputName = (id: string) => (readDifferently.has(id) && answerNames.has(id) ? `${id}${INPUT_SUFFIX}` : id);
  const input = convert('input', inputName);
  const inputIdByName = new Map([...input.entityIds].map((id) => [inputName(id), id]));
  const requestNames = reachableNames(
    callNames.map((name) => pathSchema(input, name, inputName)),
    (name) => input.schemas[inputIdByName.get(name)!]!,
  );

  const schemas: Record<string, JsonSchema> = {};
  for (const name of answerNames) schemas[name] = output.schemas[name]!;
  for (const name of requestNames) {
    const schema = input.schemas[inputIdByName.get(name)!]!;
    if (name in schemas && JSON.stringify(schemas[name]) !== JSON.stringify(schema)) {
      throw new Error(`component ${name} would have two forms; rename one in server/openapi/components.ts`);
    }
    schemas[name] = schema;
  }

  const errorAnswer = (description: string) => ({
    description,
    content: { [JSON_MEDIA_TYPE]: { schema: { $ref: SCHEMA_PREFIX + API_ERROR_COMPONENT } } },
  });

  const paths: Record<string, unknown> = {};
  for (const name of callNames) {
    const { summary, example } = callDocs[name];
    paths[`/api/${name}`] = {
      post: {
        operationId: operationId(name),
        summary,
        tags: [callKinds[name]],
        requestBody: {
          required: true,
          content: { [JSON_MEDIA_TYPE]: { schema: pathSchema(input, name, inputName), example } },
        },
        responses: {
          '200': {
            description: 'The answer.',
            content: { [JSON_MEDIA_TYPE]: { schema: pathSchema(output, name, sameName) } },
          },
          '4XX': { $ref: '#/components/responses/Refused' },
          '5XX': { $ref: '#/components/responses/Failed' },
        },
      },
    };
  }

  return {
    openapi: OPENAPI_VERSION,
    jsonSchemaDialect: JSON_SCHEMA_DIALECT,
    info: { title: 'Inkwell billing panel API', version: CONTRACT_VERSION, description: DESCRIPTION },
    tags: [
      ...(Object.keys(KIND_DESCRIPTIONS) as CallKind[]).map((kind) => ({
        name: kind,
        description: KIND_DESCRIPTIONS[kind],
      })),
      platformTag,
    ],
    paths: { ...paths, ...platformPaths() },
    components: {
      schemas: sortedByKey({ ...schemas, ...platformSchemas() }),
      securitySchemes: platformSecuritySchemes,
      responses: {
        Refused: errorAnswer(
          "Refused: a body the contract refuses, no valid session, not the owner, another site's ids, a state that does not allow it, not JSON, or too many requests.",
        ),
        Failed: errorAnswer('The server or one of its providers failed.'),
      },
    },
  };
}

/** The document as docs/openapi.json holds it. */
export function openApiJson(): string {
  return `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`;
}
