/**
 * The published contract (docs/openapi.json) as validators: each call's request and 200 answer, and the error body.
 * Ajv's JSON Schema 2020-12 validator reads the document as it is, so what it checks is what platforms read: the
 * document's `$ref`s to its components resolve within it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

export const DEFAULT_DOCUMENT_FILE = path.join(__dirname, '..', 'docs', 'openapi.json');

const DOCUMENT_KEY = 'openapi.json';
const JSON_MEDIA_TYPE = 'application/json';
const ERROR_COMPONENT = '#/components/schemas/ApiError';
const CALL_PATH = /^\/api\/([a-z0-9-]+)$/;
/** The top-level members of an OpenAPI document: not JSON Schema keywords, so ajv is told to leave them alone. */
const OPENAPI_MEMBERS = [
  'openapi',
  'jsonSchemaDialect',
  'info',
  'servers',
  'tags',
  'paths',
  'components',
  'webhooks',
  'security',
  'externalDocs',
];

export type JsonSchema = Record<string, unknown>;

interface Operation {
  tags?: string[];
  requestBody: { content: Record<string, { schema: JsonSchema; example?: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
}

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, { post?: Operation }>;
  components: { schemas: Record<string, JsonSchema> };
}

/** A body checked against a schema: null when it matches, else why not, in a line. */
export type Validate = (body: unknown) => string | null;

export interface ContractDocument {
  document: OpenApiDocument;
  /** every call the document has a path for, in its order */
  callNames: string[];
  /** the calls tagged `read` */
  readCalls: string[];
  requestSchema(name: string): JsonSchema;
  /** the example request the document gives for the call */
  requestExample(name: string): unknown;
  validateRequest(name: string): Validate;
  validateAnswer(name: string): Validate;
  validateError: Validate;
  /** a component schema of the document, e.g. `PlatformSite` (the platform API's bodies) */
  validateComponent(name: string): Validate;
  /** the codes the error body's `error.code` may take (the ApiError component's enum) */
  errorCodes: string[];
}

/** "/subscription/status must be equal to one of the allowed values" (the first three problems). */
export function describeErrors(errors: ErrorObject[] | null | undefined): string {
  const shown = (errors ?? []).slice(0, 3).map((error) => {
    const where = error.instancePath || '(the body)';
    // Ajv's own words do not name the member.
    if (error.keyword === 'additionalProperties')
      return `${where} has a member the document does not have: ${String(error.params.additionalProperty)}`;
    return `${where} ${error.message ?? 'is invalid'}`;
  });
  const more = (errors?.length ?? 0) - shown.length;
  return shown.join('; ') + (more > 0 ? ` (+${more} more)` : '');
}

function pointerSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

function asValidate(validate: ValidateFunction): Validate {
  return (body) => (validate(body) ? null : describeErrors(validate.errors));
}

/** A schema as written, or the component its `$ref` names. */
function resolved(document: OpenApiDocument, schema: JsonSchema | undefined): JsonSchema | undefined {
  const ref = schema?.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/components/schemas/')) return schema;
  return document.components.schemas[ref.slice('#/components/schemas/'.length)];
}

/** The enum of the error body's `error.code`: the codes a refusal may carry. */
function errorCodesOf(document: OpenApiDocument): string[] {
  const member = (schema: JsonSchema | undefined, name: string) =>
    resolved(document, (schema?.properties as Record<string, JsonSchema> | undefined)?.[name]);
  const code = member(member(resolved(document, { $ref: ERROR_COMPONENT }), 'error'), 'code');
  const values = code?.enum;
  if (!Array.isArray(values)) throw new Error("the document's ApiError has no enum of codes at error.code");
  return values.filter((value): value is string => typeof value === 'string');
}

export function contractDocument(document: OpenApiDocument): ContractDocument {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats(ajv);
  ajv.addVocabulary(OPENAPI_MEMBERS);
  ajv.addSchema(document, DOCUMENT_KEY);

  const operations = new Map<string, Operation>();
  for (const [urlPath, item] of Object.entries(document.paths)) {
    const name = CALL_PATH.exec(urlPath)?.[1];
    if (name !== undefined && item.post !== undefined) operations.set(name, item.post);
  }

  function operation(name: string): Operation {
    const found = operations.get(name);
    if (found === undefined) throw new Error(`the document has no call ${name}`);
    return found;
  }

  function validatorAt(pointer: string): Validate {
    const validate = ajv.getSchema(`${DOCUMENT_KEY}#${pointer}`);
    if (validate === undefined) throw new Error(`the document has no schema at ${pointer}`);
    return asValidate(validate);
  }

  /** A schema of the call's operation, e.g. `requestBody/content/application~1json/schema`. */
  function callValidator(name: string, within: string): Validate {
    operation(name);
    return validatorAt(`/paths/${pointerSegment(`/api/${name}`)}/post/${within}`);
  }
  const media = pointerSegment(JSON_MEDIA_TYPE);

  return {
    document,
    callNames: [...operations.keys()],
    readCalls: [...operations].filter(([, found]) => found.tags?.includes('read') === true).map(([name]) => name),
    requestSchema: (name) => operation(name).requestBody.content[JSON_MEDIA_TYPE]!.schema,
    requestExample: (name) => operation(name).requestBody.content[JSON_MEDIA_TYPE]!.example,
    validateRequest: (name) => callValidator(name, `requestBody/content/${media}/schema`),
    validateAnswer: (name) => callValidator(name, `responses/200/content/${media}/schema`),
    validateError: validatorAt(ERROR_COMPONENT.slice(1)),
    validateComponent: (name) => validatorAt(`/components/schemas/${name}`),
    errorCodes: errorCodesOf(document),
  };
}

export function loadContractDocument(file: string = DEFAULT_DOCUMENT_FILE): ContractDocument {
  return contractDocument(JSON.parse(readFileSync(file, 'utf8')) as OpenApiDocument);
}
