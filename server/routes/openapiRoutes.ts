/**
 * GET /api/openapi.json: the OpenAPI document of the call API, in production too, so a platform's tools read the
 * contract of the server they talk to. Made from the contract on first request and kept: it is the text that
 * `npm run openapi` writes to docs/openapi.json (a test keeps that file current).
 */
import type { FastifyInstance } from 'fastify';
import { openApiJson } from '../openapi/document';

export const OPENAPI_PATH = '/api/openapi.json';

export function registerOpenApiRoute(app: FastifyInstance): void {
  let document: string | undefined;
  app.get(OPENAPI_PATH, async (_request, reply) => {
    document ??= openApiJson();
    return reply.type('application/json; charset=utf-8').send(document);
  });
}
