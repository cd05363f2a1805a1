/** The MSW server every panel test shares: handlers per test, and any unhandled request fails the test. */
import { http, HttpResponse } from 'msw';
import type { HttpResponseResolver } from 'msw';
import { setupServer } from 'msw/node';
import type { CallName } from '../../core/contract';

export const server = setupServer();

export interface RecordedCall {
  jwt: string;
  data: unknown;
  options: Record<string, unknown>;
  headers: Headers;
}

/** A handler for one call of the contract; `calls` records every body it received. */
export function onCall(
  name: CallName | string,
  resolver: (call: RecordedCall, attempt: number) => Response | Promise<Response>,
) {
  const calls: RecordedCall[] = [];
  const handler: HttpResponseResolver = async ({ request }) => {
    const body = (await request.json()) as Omit<RecordedCall, 'headers'>;
    const call = { ...body, headers: request.headers };
    calls.push(call);
    return resolver(call, calls.length);
  };
  server.use(http.post(`${window.location.origin}/api/${name}`, handler));
  return calls;
}

export const json = (body: unknown, status = 200) => HttpResponse.json(body as Record<string, unknown>, { status });
export const apiError = (status: number, message: string) => json({ error: { message, status } }, status);
