/**
 * The platform API (docs/platform-api.md): server to server, under /platform/v1/, authenticated by a platform key
 * (`Authorization: Bearer <key>`, one of PLATFORM_API_KEYS) and never by an owner's session. No CORS header is
 * ever sent, so no browser page can read an answer, and a preflight finds no route. Every change is kept in the
 * audit trail with the key that made it (platform/auditTrail.ts), readable under `/sites/{siteId}/events` and
 * `/catalog/events`.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '../domainErrors';
import { ApiError } from '../http/errors';
import { parseBody, parseQuery } from '../http/validate';
import type { PlatformApiKey } from '../config/settingSchemas';
import { keyFingerprint, type PlatformActor } from '../platform/auditTrail';
import type { CatalogueService } from '../platform/catalogue';
import {
  catalogPutSchema,
  eventListQuerySchema,
  siteIdSchema,
  siteListQuerySchema,
  sitePutSchema,
} from '../platform/contract';
import type { SiteProvisioning } from '../platform/siteProvisioning';

export const PLATFORM_PREFIX = '/platform/v1';
/**
 * A platform's documents are bigger than an owner's calls: a site with its MAX_STAFF users (each up to a 128-character
 * id, a 320-character e-mail and a 191-character name, in UTF-8) fits, where the panel's 64 KB would refuse 400 staff.
 */
const PLATFORM_BODY_LIMIT_BYTES = 1024 * 1024;
/**
 * A whole catalogue in one body: a platform's hundreds of prices, each with its limits and features. 2 MB holds the
 * most a catalogue may name (platform/contract.ts MAX_CATALOGUE_PRICES); the route's limit overrides the parser's.
 */
export const CATALOGUE_BODY_LIMIT_BYTES = 2 * 1024 * 1024;
/** Calls that carry no body: a client that sends `content-type: application/json` on them anyway is not refused. */
const BODILESS_METHODS = new Set(['GET', 'DELETE']);
const BEARER = /^Bearer ([^\s]+)$/i;

const digest = (value: string) => createHash('sha256').update(value).digest();

/** A key as the routes hold it: its digest to compare with, and who it is in the audit trail. */
interface HeldKey {
  digest: Buffer;
  name: string | null;
  fingerprint: string;
}

/**
 * Which of the keys `presented` is, if any. Compared as digests of equal length in constant time, and against every
 * key without stopping at a match, so the time says nothing about a key's length or which one matched.
 */
function heldKeyOf(presented: string, keys: readonly HeldKey[]): HeldKey | undefined {
  const candidate = digest(presented);
  let matched: HeldKey | undefined;
  for (const key of keys) if (timingSafeEqual(candidate, key.digest)) matched = key;
  return matched;
}

/** The key each platform call was made with, once its hook accepted it. */
const callers = new WeakMap<FastifyRequest, HeldKey>();

/** Who makes this call's change, for the audit trail: its key (by name and fingerprint) and its request id. */
function actorOf(request: FastifyRequest): PlatformActor {
  const key = callers.get(request)!;
  return { keyName: key.name, keyFingerprint: key.fingerprint, requestId: request.id };
}

export interface PlatformRouteDeps {
  provisioning: SiteProvisioning;
  catalogue: CatalogueService;
  platformApiKeys: readonly PlatformApiKey[];
  /**
   * What billing does after a PUT is stored: a new owner takes the site's subscription over at the card provider.
   * A provider failure answers the PUT with it (e.g. 502); the site is stored, and a replay of the PUT (or the new
   * owner's first sign-in) tries the rest again.
   */
  afterPut?: (siteId: string) => Promise<unknown>;
}

function siteIdOf(request: FastifyRequest): string {
  return parseBody(siteIdSchema, (request.params as { siteId?: unknown }).siteId);
}

export async function registerPlatformRoutes(app: FastifyInstance, deps: PlatformRouteDeps): Promise<void> {
  const keys: HeldKey[] = deps.platformApiKeys.map(({ name, key }) => ({
    digest: digest(key),
    name,
    fingerprint: keyFingerprint(key),
  }));
  await app.register(
    async (platform) => {
      platform.addHook('onRequest', async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const match = BEARER.exec(request.headers.authorization ?? '');
        if (match === null) throw new ApiError(401, 'platform_key_required', messages.platformKeyRequired);
        const key = heldKeyOf(match[1]!, keys);
        if (key === undefined) throw new ApiError(401, 'platform_key_invalid', messages.platformKeyInvalid);
        callers.set(request, key);
      });

      const parseJson = platform.getDefaultJsonParser('error', 'error');
      platform.removeContentTypeParser('application/json');
      platform.addContentTypeParser(
        'application/json',
        { parseAs: 'string', bodyLimit: PLATFORM_BODY_LIMIT_BYTES },
        (request, body, done) => {
          if (body === '' && BODILESS_METHODS.has(request.method)) return done(null, undefined);
          return parseJson(request, body as string, done);
        },
      );

      platform.get('/catalog', async () => deps.catalogue.get());
      platform.put('/catalog', { bodyLimit: CATALOGUE_BODY_LIMIT_BYTES }, async (request) => {
        const body = parseBody(catalogPutSchema, request.body);
        return (await deps.catalogue.put(body, actorOf(request))).record;
      });
      platform.get('/catalog/events', async (request) => {
        const query = parseQuery(eventListQuerySchema, request.query);
        return deps.catalogue.events(query.after, query.limit);
      });
      platform.get('/sites', async (request) => {
        const query = parseQuery(siteListQuerySchema, request.query);
        return deps.provisioning.list(query.after, query.limit);
      });
      platform.get('/sites/:siteId', async (request) => deps.provisioning.get(siteIdOf(request)));
      platform.get('/sites/:siteId/events', async (request) => {
        const siteId = siteIdOf(request);
        const query = parseQuery(eventListQuerySchema, request.query);
        return deps.provisioning.events(siteId, query.after, query.limit);
      });
      platform.put('/sites/:siteId', async (request, reply) => {
        const siteId = siteIdOf(request);
        const body = parseBody(sitePutSchema, request.body);
        const { record, created } = await deps.provisioning.put(siteId, body, actorOf(request));
        await deps.afterPut?.(siteId);
        return reply.code(created ? 201 : 200).send(record);
      });
      platform.delete('/sites/:siteId', async (request, reply) => {
        await deps.provisioning.remove(siteIdOf(request), actorOf(request));
        return reply.code(204).send();
      });
    },
    { prefix: PLATFORM_PREFIX },
  );
}
