/**
 * The platform API's part of the OpenAPI document (docs/platform-api.md): its paths under the `platform` tag, its
 * bodies from its zod contract (server/platform/contract.ts), and its own security scheme, a bearer platform key.
 * The panel's calls carry their session in the body and need no scheme; these carry a key and no session.
 */
import { z } from 'zod';
import {
  catalogPutSchema,
  catalogRecordSchema,
  platformEventPageSchema,
  platformEventSchema,
  sitePageSchema,
  sitePutSchema,
  siteRecordSchema,
} from '../platform/contract';

type JsonSchema = Record<string, unknown>;

const JSON_MEDIA_TYPE = 'application/json';
const SCHEMA_PREFIX = '#/components/schemas/';
export const PLATFORM_TAG = 'platform';
export const PLATFORM_SECURITY_SCHEME = 'platformKey';

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io }) as JsonSchema;
  return rest;
}

export const platformTag = {
  name: PLATFORM_TAG,
  description:
    'Server to server: how a platform provisions its sites, their owners and staff, and says what it sells (its catalogue) (docs/platform-api.md). Authenticated by a platform key ' +
    "(`Authorization: Bearer <key>`, one of PLATFORM_API_KEYS), never by an owner's session; no CORS.",
};

export const platformSecuritySchemes = {
  [PLATFORM_SECURITY_SCHEME]: {
    type: 'http',
    scheme: 'bearer',
    description: "A platform key, one of the server's PLATFORM_API_KEYS.",
  },
};

export function platformSchemas(): Record<string, JsonSchema> {
  return {
    PlatformSite: jsonSchema(siteRecordSchema, 'output'),
    PlatformSitePage: {
      ...jsonSchema(sitePageSchema, 'output'),
      properties: {
        sites: { type: 'array', items: { $ref: `${SCHEMA_PREFIX}PlatformSite` } },
        next: { type: ['string', 'null'] },
      },
    },
    PlatformSitePut: jsonSchema(sitePutSchema, 'input'),
    PlatformCatalog: jsonSchema(catalogRecordSchema, 'output'),
    PlatformCatalogPut: jsonSchema(catalogPutSchema, 'input'),
    PlatformEvent: jsonSchema(platformEventSchema, 'output'),
    PlatformEventPage: {
      ...jsonSchema(platformEventPageSchema, 'output'),
      properties: {
        events: { type: 'array', items: { $ref: `${SCHEMA_PREFIX}PlatformEvent` } },
        next: { type: ['integer', 'null'] },
      },
    },
  };
}

const siteIdParameter = {
  name: 'siteId',
  in: 'path',
  required: true,
  description: "The platform's id of the site: 1 to 64 letters, digits, _ or -, starting with a letter or digit.",
  schema: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$' },
};

/** `?after=&limit=` of an audit trail. */
const eventPageParameters = [
  {
    name: 'after',
    in: 'query',
    required: false,
    description: "The `next` of the previous page (an event's `seq`).",
    schema: { type: 'integer', minimum: 0 },
  },
  {
    name: 'limit',
    in: 'query',
    required: false,
    description: 'Events per page, 1 to 1000 (100).',
    schema: { type: 'integer', minimum: 1, maximum: 1000 },
  },
];

const json = (name: string) => ({ content: { [JSON_MEDIA_TYPE]: { schema: { $ref: SCHEMA_PREFIX + name } } } });
const refused = { '4XX': { $ref: '#/components/responses/Refused' }, '5XX': { $ref: '#/components/responses/Failed' } };
const common = { tags: [PLATFORM_TAG], security: [{ [PLATFORM_SECURITY_SCHEME]: [] }] };

export function platformPaths(): Record<string, unknown> {
  return {
    '/platform/v1/catalog': {
      get: {
        ...common,
        operationId: 'getCatalog',
        summary:
          'The catalogue in force with its version, and the prices kept as legacy for the subscriptions on them (version 0 and empty lists before the first PUT).',
        responses: { '200': { description: 'The catalogue.', ...json('PlatformCatalog') }, ...refused },
      },
      put: {
        ...common,
        operationId: 'putCatalog',
        summary:
          "Replaces the whole catalogue (plans with their member tiers, limits and features, prices per currency and period, add-ons, coupons), idempotently: the same document again writes nothing and keeps its version. Every price must be the card provider's, at the same amount, currency and interval (400 catalog_price_mismatch naming it); a price never changes in place (400 catalog_price_changed); a plan dropped while subscriptions use it is kept as legacy. Bodies up to 2 MB.",
        requestBody: { required: true, ...json('PlatformCatalogPut') },
        responses: {
          '200': {
            description: 'The catalogue now in force (changed, or the same document again).',
            ...json('PlatformCatalog'),
          },
          ...refused,
        },
      },
    },
    '/platform/v1/catalog/events': {
      get: {
        ...common,
        operationId: 'listCatalogEvents',
        summary:
          "The catalogue's audit trail, oldest first: each change a platform key made, with the key's name (null: unnamed) and fingerprint (never the key), when, the request id, and each field changed before and after.",
        parameters: eventPageParameters,
        responses: { '200': { description: 'A page of events.', ...json('PlatformEventPage') }, ...refused },
      },
    },
    '/platform/v1/sites': {
      get: {
        ...common,
        operationId: 'listSites',
        summary: 'Pages through every live site in id order (a nightly reconciliation).',
        parameters: [
          {
            name: 'after',
            in: 'query',
            required: false,
            description: 'The `next` of the previous page.',
            schema: { type: 'string' },
          },
          {
            name: 'limit',
            in: 'query',
            required: false,
            description: 'Sites per page, 1 to 1000 (100).',
            schema: { type: 'integer', minimum: 1, maximum: 1000 },
          },
        ],
        responses: { '200': { description: 'A page of sites.', ...json('PlatformSitePage') }, ...refused },
      },
    },
    '/platform/v1/sites/{siteId}': {
      parameters: [siteIdParameter],
      get: {
        ...common,
        operationId: 'getSite',
        summary: 'The site as provisioned; 404 when unknown or removed.',
        responses: { '200': { description: 'The site.', ...json('PlatformSite') }, ...refused },
      },
      put: {
        ...common,
        operationId: 'putSite',
        summary:
          "Creates or updates the site, its owner and staff, and the plan it starts on (a trial begun on the owner's first sign-in), idempotently. Whoever it no longer names is removed, and their sessions end.",
        requestBody: { required: true, ...json('PlatformSitePut') },
        responses: {
          '200': { description: 'Updated (or unchanged).', ...json('PlatformSite') },
          '201': { description: 'Created, or brought back after its removal.', ...json('PlatformSite') },
          ...refused,
        },
      },
      delete: {
        ...common,
        operationId: 'deleteSite',
        summary:
          'Removes the site: its sessions end at once and it can no longer sign in; its records stay; nothing is told to the providers.',
        responses: { '204': { description: 'Removed.' }, ...refused },
      },
    },
    '/platform/v1/sites/{siteId}/events': {
      parameters: [siteIdParameter],
      get: {
        ...common,
        operationId: 'listSiteEvents',
        summary:
          "The site's audit trail, oldest first: each change a platform key made (created, updated, removed, restored), with the key's name (null: unnamed) and fingerprint (never the key), when, the request id, and each field changed before and after. Kept after the site's removal; 404 for a site never put.",
        parameters: eventPageParameters,
        responses: { '200': { description: 'A page of events.', ...json('PlatformEventPage') }, ...refused },
      },
    },
  };
}
