/**
 * Answers kept with their bytes: a large answer many requests share (get-billing-data, 35 KB) comes gzipped, made
 * once per version (billing/billingAnswers.ts), and is sent as each client asks: the bytes as they are to a client
 * that accepts gzip (every browser), decompressed to one that does not. Compressing it on every request held the
 * server to a fifth of its plain throughput (bench/server.mjs).
 */
import { gunzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const JSON_TYPE = 'application/json; charset=utf-8';

/** Whether an Accept-Encoding header (RFC 9110 12.5.3) accepts gzip: named, or covered by `*`, with a weight above 0. */
export function acceptsGzip(header: string | undefined): boolean {
  if (header === undefined) return false;
  let gzipWeight: number | undefined;
  let anyWeight: number | undefined;
  for (const entry of header.split(',')) {
    const [coding = '', ...parameters] = entry.split(';').map((part) => part.trim().toLowerCase());
    const weightParameter = parameters.find((parameter) => parameter.startsWith('q='));
    const weight = weightParameter === undefined ? 1 : Number(weightParameter.slice(2));
    if (coding === 'gzip' || coding === 'x-gzip') gzipWeight = weight;
    else if (coding === '*') anyWeight = weight;
  }
  return (gzipWeight ?? anyWeight ?? 0) > 0;
}

/**
 * One JSON answer, as its gzip. Its plain bytes and its value are read from the gzip only when asked for: by a
 * client that does not accept gzip, and by the contract check of the demo and the tests (routes/registerCall.ts).
 */
export class PreparedReply<T extends object> {
  private plain: Buffer | undefined;
  private parsed: T | undefined;

  private constructor(private readonly gzipped: Buffer) {}

  static ofGzip<T extends object>(gzipped: Buffer): PreparedReply<T> {
    return new PreparedReply<T>(gzipped);
  }

  /** The answer's value, read from its JSON once; frozen (shallowly), as it is shared. */
  get value(): T {
    return (this.parsed ??= Object.freeze(JSON.parse(this.plainBytes().toString('utf8')) as T));
  }

  private plainBytes(): Buffer {
    return (this.plain ??= gunzipSync(this.gzipped));
  }

  /**
   * Sets the headers of `request`'s answer and returns its body: gzipped when the client accepts gzip, plain
   * otherwise. Either way the answer varies with Accept-Encoding, which caches on the way must know. An encoding
   * set here is left alone by @fastify/compress (app.ts).
   */
  send(request: FastifyRequest, reply: FastifyReply): Buffer {
    reply.type(JSON_TYPE).header('vary', 'accept-encoding');
    if (!acceptsGzip(request.headers['accept-encoding'])) return this.plainBytes();
    reply.header('content-encoding', 'gzip');
    return this.gzipped;
  }
}
