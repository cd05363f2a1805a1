/**
 * How the identity verifier (identity.ts) fetches a site's JWKS document from its admin: one GET, on connections
 * kept between fetches, within a size and a time limit, and under production's address rule only to public
 * addresses, checked where the connection is made. What the document means is identity.ts's.
 */
import { lookup as systemLookup, type LookupAddress } from 'node:dns';
import { Agent as HttpAgent, request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { errors } from 'jose';
import type { AdminUrlRule } from '../platform/adminUrls';

const JWKS_TIMEOUT_MS = 5000;
/**
 * The largest JWKS read: a document of 16 RSA-4096 keys is about 24 KB. A site's admin that serves more is refused
 * before it is held in memory (a key set per site is kept, up to KEY_SETS_KEPT of them).
 */
export const MAX_JWKS_BYTES = 64 * 1024;
/** JWKS fetches under way at once in a process, all sites together: a wave of new sites' tokens waits on no more. */
export const MAX_CONCURRENT_JWKS_FETCHES = 32;
/**
 * Connections to the admins kept open between fetches, per scheme, and how long an idle one is kept: a platform serves
 * many sites' admins from one host, and a connection made again for each new site's key set cost a third of the
 * fetch's CPU (bench/README.md "A site's first answer in one statement"). Below Node's servers' default keep-alive of
 * 5 s, so the admin rarely closes one as it is reused; when it does, the fetch is made once more on a new connection.
 */
const IDLE_CONNECTIONS_KEPT = 8;
const IDLE_CONNECTION_MS = 4000;

/** What a JWKS request asks for (as jose's remote key sets ask). */
const JWKS_REQUEST_HEADERS = { accept: 'application/json, application/jwk-set+json' };

/** The body of a JWKS answer as text, refused (jose's JWKSInvalid) once it is larger than MAX_JWKS_BYTES. */
async function jwksTextOf(response: IncomingMessage): Promise<string> {
  const declared = Number(response.headers['content-length']);
  if (declared > MAX_JWKS_BYTES) {
    response.destroy();
    throw new errors.JWKSInvalid(`the JSON Web Key Set is larger than ${MAX_JWKS_BYTES} bytes`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  // The length header may be absent or wrong (chunked answers): the bytes themselves are counted.
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size > MAX_JWKS_BYTES) {
      response.destroy();
      throw new errors.JWKSInvalid(`the JSON Web Key Set is larger than ${MAX_JWKS_BYTES} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A fetch that outlasted its time: its request is ended with this, which the caller reads as jose's JWKSTimeout. */
class FetchTimedOut extends Error {}

/**
 * An admin's address that production does not connect to: its name resolved (now, at fetch time) to a loopback,
 * private, link-local or reserved address. The admin URL was checked when the platform put it (a public DNS name),
 * but DNS may answer otherwise later (DNS rebinding): the address is checked where the connection is made.
 */
export class AdminAddressRefused extends errors.JOSEError {
  constructor(readonly address: string) {
    super(`the admin's address ${address} is not a public one`);
  }
}

/** Whether production connects to `address`: a public unicast address (an IPv4-mapped IPv6 one read as IPv4). */
export function isPublicAddress(address: string): boolean {
  try {
    return ipaddr.process(address).range() === 'unicast';
  } catch {
    return false;
  }
}

/**
 * How the key sets are fetched. `addresses`: production's rule (platform/adminUrls.ts), under which only public
 * addresses are connected to; `lookup`: how names resolve (the system's resolver; tests give their own).
 */
export interface KeySetNetwork {
  addresses: AdminUrlRule;
  lookup?: LookupFunction;
  /** how long a fetch may take, its answer read whole (JWKS_TIMEOUT_MS; tests make it short) */
  timeoutMs?: number;
}

/**
 * A lookup that answers only public addresses, for the connection to use: the address checked is the address
 * connected to, so a name that resolves once to a public address and then to a private one cannot pass the check
 * with the first and connect to the second.
 */
function publicOnly(lookup: LookupFunction): LookupFunction {
  return (hostname, options, callback) =>
    lookup(hostname, options, (error, address, family) => {
      if (error !== null) return callback(error, address, family);
      const found: LookupAddress[] = Array.isArray(address) ? address : [{ address, family: family ?? isIP(address) }];
      const refused = found.find((entry) => !isPublicAddress(entry.address));
      if (refused !== undefined) return callback(new AdminAddressRefused(refused.address), '', 0);
      return Array.isArray(address) ? callback(null, found) : callback(null, address, family);
    });
}

const KEPT_CONNECTIONS = {
  keepAlive: true,
  maxSockets: MAX_CONCURRENT_JWKS_FETCHES,
  maxFreeSockets: IDLE_CONNECTIONS_KEPT,
  timeout: IDLE_CONNECTION_MS,
};

/** A kept connection the other end had closed when a request was sent on it. */
class ReusedConnectionClosed extends Error {
  constructor(override readonly cause: Error) {
    super('the kept connection was closed by the admin');
  }
}

/** The JWKS documents fetched from the admins: one pool of kept connections per scheme, names resolved by the rule. */
export class KeySetDownloads {
  /** How the admins' names resolve for a fetch: under production's rule, to public addresses only. */
  private readonly lookup: LookupFunction;
  /** The connections to admins kept between fetches (IDLE_CONNECTIONS_KEPT), one pool per scheme. */
  private readonly agents = {
    http: new HttpAgent(KEPT_CONNECTIONS),
    https: new HttpsAgent(KEPT_CONNECTIONS),
  };

  /** @param network which addresses a fetch may connect to, and how names resolve */
  constructor(private readonly network: KeySetNetwork) {
    const lookup = network.lookup ?? (systemLookup as LookupFunction);
    this.lookup = network.addresses === 'public' ? publicOnly(lookup) : lookup;
  }

  /**
   * The JWKS document `url` serves, read within MAX_JWKS_BYTES and JWKS_TIMEOUT_MS; redirects are not followed.
   * Names resolve through `lookup`, which under production's rule refuses every address but public ones; an IP
   * literal (which no lookup sees) is checked here. A timeout is jose's JWKSTimeout, an answer other than 200 or a
   * network failure a generic JOSEError, a body too big JWKSInvalid.
   */
  async download(url: string): Promise<string> {
    const target = new URL(url);
    const literal = target.hostname.replace(/^\[|\]$/g, '');
    if (this.network.addresses === 'public' && isIP(literal) !== 0 && !isPublicAddress(literal))
      throw new AdminAddressRefused(literal);
    // A deadline for the whole fetch, its body included (an admin dripping its answer is cut off too). A timer
    // rather than AbortSignal.timeout(), whose signal and listeners cost a third of a fetch's CPU (bench/README.md
    // "Key sets shared in batches").
    const fetch: { request?: ClientRequest; timedOut: boolean } = { timedOut: false };
    const deadline = setTimeout(() => {
      fetch.timedOut = true;
      fetch.request?.destroy(new FetchTimedOut());
    }, this.network.timeoutMs ?? JWKS_TIMEOUT_MS);
    try {
      const response = await this.request(target, fetch).catch((error: unknown) => {
        // A kept connection the admin closed as it was reused: nothing was answered, so asked again on a new one.
        if (error instanceof ReusedConnectionClosed) return this.request(target, fetch);
        throw error;
      });
      if (response.statusCode !== 200) {
        response.destroy();
        throw new errors.JOSEError('Expected 200 OK from the JSON Web Key Set HTTP response');
      }
      return await jwksTextOf(response);
    } catch (error) {
      if (error instanceof errors.JOSEError) throw error;
      if (fetch.timedOut) throw new errors.JWKSTimeout(undefined, { cause: error });
      throw new errors.JOSEError('the JSON Web Key Set could not be fetched', { cause: error });
    } finally {
      clearTimeout(deadline);
    }
  }

  /** One GET of `target` on a kept connection, or a new one; `fetch.request` is it, for the deadline to end. */
  private request(target: URL, fetch: { request?: ClientRequest; timedOut: boolean }): Promise<IncomingMessage> {
    const https = target.protocol === 'https:';
    const send = https ? httpsRequest : httpRequest;
    const agent = https ? this.agents.https : this.agents.http;
    return new Promise<IncomingMessage>((resolve, reject) => {
      if (fetch.timedOut) return reject(new FetchTimedOut());
      const request: ClientRequest = send(target, {
        method: 'GET',
        headers: JWKS_REQUEST_HEADERS,
        lookup: this.lookup,
        agent,
      });
      fetch.request = request;
      request.once('response', resolve);
      request.once('error', (error: NodeJS.ErrnoException) =>
        reject(
          request.reusedSocket && !fetch.timedOut && error.code === 'ECONNRESET'
            ? new ReusedConnectionClosed(error)
            : error,
        ),
      );
      request.end();
    });
  }
}
