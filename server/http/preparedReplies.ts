/**
 * Answers kept with their bytes: the JSON text and its gzip, made once and sent as each client asks. A large
 * answer that many requests share (get-billing-data, 35 KB, the same while the site's version holds) then costs
 * neither its serialization nor its compression per request: compressing it on every request held the server to
 * a fifth of its plain throughput (bench/server.mjs).
 */
import { constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { serializeReply } from './serializeReply';

/**
 * Made once per version of an answer: the smallest output is worth the CPU. For this JSON the best level costs
 * about 15% more than the default one (218 against 189 us for the demo's active site, 35 KB) for 1% fewer bytes.
 */
const KEPT_GZIP_LEVEL = constants.Z_BEST_COMPRESSION;
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
 * One answer and its bytes. The value must not change once prepared: it is frozen (shallowly, as keepSerialized
 * does). The gzip is made with it, as every browser asks for it; the plain bytes only once a client asks for them.
 */
export class PreparedReply<T extends object> {
  private plain: Buffer | undefined;

  private constructor(
    readonly value: T,
    private readonly gzipped: Buffer,
  ) {}

  /**
   * Compressed on the calling thread: with many sites most versions of an answer are made for one request or a
   * few (a uniform spread over 100,000 sites hits a read model of 2000 one time in fifty: bench/sites.mjs), so this
   * is paid on most of them. zlib's callback form, through a stream and the thread pool, took twice the CPU of the
   * compression itself (437 against 218 us for the 35 KB above) to spare the event loop a fifth of a millisecond.
   */
  static of<T extends object>(value: T): PreparedReply<T> {
    return new PreparedReply(Object.freeze(value), gzipSync(serializeReply(value), { level: KEPT_GZIP_LEVEL }));
  }

  /**
   * Sets the headers of `request`'s answer and returns its body: gzipped when the client accepts gzip, plain
   * otherwise. Either way the answer varies with Accept-Encoding, which caches on the way must know. An encoding
   * set here is left alone by @fastify/compress (app.ts).
   */
  send(request: FastifyRequest, reply: FastifyReply): Buffer {
    reply.type(JSON_TYPE).header('vary', 'accept-encoding');
    if (!acceptsGzip(request.headers['accept-encoding']))
      return (this.plain ??= Buffer.from(serializeReply(this.value)));
    reply.header('content-encoding', 'gzip');
    return this.gzipped;
  }
}
