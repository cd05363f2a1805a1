/**
 * The platform API (docs/platform-api.md): server to server, under /platform/v1/, authenticated by a platform key
 * (`Authorization: Bearer <key>`, one of PLATFORM_API_KEYS) and never by an owner's session. No CORS header is
 * ever sent, so no browser page can read an answer, and a preflight finds no route.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '../domainErrors';
import { ApiError } from '../http/errors';
import { parseBody, parseQuery } from '../http/validate';
import type { CatalogueService } from '../platform/catalogue';
import { catalogPutSchema, siteIdSchema, siteListQuerySchema, sitePutSchema } from '../platform/contract';
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

/**
 * Whether `presented` is one of the keys. Compared as digests of equal length in constant time, and against every
 * key without stopping at a match, so the time says nothing about a key's length or which one matched.
 */
function isPlatformKey(presented: string, keys: readonly Buffer[]): boolean {
  const candidate = digest(presented);
  let matched = false;
  for (const key of keys) matched = timingSafeEqual(candidate, key) || matched;
  return matched;
}

export interface PlatformRouteDeps {
  provisioning: SiteProvisioning;
  catalogue: CatalogueService;
  platformApiKeys: readonly string[];
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
  const keys = deps.platformApiKeys.map(digest);
  await app.register(
    async (platform) => {
      platform.addHook('onRequest', async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const match = BEARER.exec(request.headers.authorization ?? '');
        if (match === null) throw new ApiError(401, 'platform_key_required', messages.platformKeyRequired);
        if (!isPlatformKey(match[1]!, keys))
          throw new ApiError(401, 'platform_key_invalid', messages.platformKeyInvalid);
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
        return (await deps.catalogue.put(body)).record;
      });
      platform.get('/sites', async (request) => {
        const query = parseQuery(siteListQuerySchema, request.query);
        return deps.provisioning.list(query.after, query.limit);
      });
      platform.get('/sites/:siteId', async (request) => deps.provisioning.get(siteIdOf(request)));
      platform.put('/sites/:siteId', async (request, reply) => {
        const siteId = siteIdOf(request);
        const body = parseBody(sitePutSchema, request.body);
        const { record, created } = await deps.provisioning.put(siteId, body);
        await deps.afterPut?.(siteId);
        return reply.code(created ? 201 : 200).send(record);
      });
      platform.delete('/sites/:siteId', async (request, reply) => {
        await deps.provisioning.remove(siteIdOf(request));
        return reply.code(204).send();
      });
    },
    { prefix: PLATFORM_PREFIX },
  );
}
