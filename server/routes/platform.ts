/**
 * The platform API (docs/platform-api.md): server to server, under /platform/v1/, authenticated by a platform key
 * (`Authorization: Bearer <key>`, one of PLATFORM_API_KEYS) and never by an owner's session. No CORS header is
 * ever sent, so no browser page can read an answer, and a preflight finds no route.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '../domainErrors';
import { ApiError } from '../http/errors';
import { parseBody } from '../http/validate';
import { siteIdSchema, siteListQuerySchema, sitePutSchema } from '../platform/contract';
import type { SiteProvisioning } from '../platform/siteProvisioning';

export const PLATFORM_PREFIX = '/platform/v1';
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
        if (!isPlatformKey(match[1]!, keys)) throw new ApiError(401, 'platform_key_invalid', messages.platformKeyInvalid);
      });

      platform.get('/sites', async (request) => {
        const query = parseBody(siteListQuerySchema, request.query);
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
