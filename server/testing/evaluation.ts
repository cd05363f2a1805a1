/**
 * The evaluation start (EVALUATION=1, `npm run evaluate`; docs/deploy.md "Evaluation") for tests: the compiled
 * server in a child process on free ports of 127.0.0.1, with an empty database of its own (a temporary SQLite file,
 * or a fresh PostgreSQL database when DATABASE_URL is set), the sandbox providers and a platform key, stopped by
 * close(). Production's shape: no demo host, no seed, no /__demo or /__test routes. For a test that drives the
 * platform API from an empty database to an owner's dashboard (docs/platform-api.md's walkthrough).
 */
import { startDemo, EVALUATION_PLATFORM_API_KEY, type CallResult, type Demo, type DemoOptions } from './harness';

export { EVALUATION_PLATFORM_API_KEY } from './harness';

export interface Evaluation extends Demo {
  /** the key PLATFORM_API_KEYS holds: `Authorization: Bearer <key>` */
  platformApiKey: string;
  /** A platform API call (`/platform/v1<path>`) with the key; a body goes as JSON. */
  platform<T = unknown>(method: 'GET' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<CallResult<T>>;
}

export type EvaluationOptions = Omit<DemoOptions, 'production' | 'evaluation'>;

export async function startEvaluation(options: EvaluationOptions = {}): Promise<Evaluation> {
  const server = await startDemo({ ...options, evaluation: true });
  const platformApiKey = options.env?.PLATFORM_API_KEYS ?? EVALUATION_PLATFORM_API_KEY;
  return {
    ...server,
    platformApiKey,
    async platform<T>(method: string, path: string, body?: unknown): Promise<CallResult<T>> {
      const headers: Record<string, string> = { authorization: `Bearer ${platformApiKey}` };
      if (body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(`${server.panelUrl}/platform/v1${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text === '' ? null : JSON.parse(text);
      } catch {
        // not JSON: kept as text
      }
      return { status: response.status, headers: response.headers, body: parsed as T };
    },
  };
}
