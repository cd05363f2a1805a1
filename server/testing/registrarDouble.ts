/**
 * A local stand-in for the registrar's token API (`POST /token` with `{applicationId, secret}` answers
 * `{auth_token}`), for tests of the real adapter: it checks the credentials as the registrar does, records what it
 * was sent, and can be told to fail.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RegistrarDouble {
  url: string;
  /** the JSON bodies it received, in order */
  requests: unknown[];
  /** the next answers: a status with a body, instead of a token */
  failWith(status: number, body: unknown): void;
  close(): Promise<void>;
}

export async function startRegistrarDouble(credentials: {
  applicationId: string;
  secret: string;
}): Promise<RegistrarDouble> {
  const requests: unknown[] = [];
  let failure: { status: number; body: unknown } | null = null;
  let issued = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      let body: { applicationId?: unknown; secret?: unknown } | null;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof body;
      } catch {
        body = null;
      }
      requests.push(body);
      if (request.method !== 'POST' || request.url !== '/token') return send(404, { message: 'Not found' });
      if (failure !== null) return send(failure.status, failure.body);
      if (body?.applicationId !== credentials.applicationId || body?.secret !== credentials.secret) {
        return send(401, { message: 'Invalid credentials' });
      }
      issued += 1;
      return send(200, { auth_token: `double-token-${issued}` });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    failWith(status, body) {
      failure = { status, body };
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
