/**
 * The real edge provider: a custom-hostnames HTTP API in the style of Cloudflare for SaaS
 * (`/zones/{zone}/custom_hostnames`), over fetch. Its certificate states are mapped to the panel's: active is
 * ACTIVE; a hostname that moved away from us (its CNAME points elsewhere) or is blocked is INVALID; a timed-out
 * validation, issuance or deployment is FAILED; everything on the way is PENDING.
 *
 * Each hostname it makes carries the site's id and target in its `custom_metadata`; a hostname is adopted, edited,
 * checked or deleted only when its metadata names the asking site (edgeProvider.ts isOwnHostname). The zone may be
 * shared with other systems, and their hostnames are theirs.
 */
import { z } from 'zod';
import {
  EdgeHostnameHeldError,
  EdgeProviderError,
  isOwnHostname,
  type Certificate,
  type CertificateStatus,
  type EdgeProvider,
  type HostnameOwner,
} from './edgeProvider';

export interface CustomHostnamesOptions {
  apiBase: string;
  apiToken: string;
  zoneId: string;
  fetch?: typeof fetch;
}

const REQUEST_TIMEOUT_MS = 15_000;
const FAILED_SSL_STATES = new Set([
  'validation_timed_out',
  'issuance_timed_out',
  'deployment_timed_out',
  'expired',
  'deleted',
]);
const INVALID_HOSTNAME_STATES = new Set(['moved', 'blocked']);

const customHostnameSchema = z.object({
  id: z.string(),
  hostname: z.string(),
  status: z.string().optional(),
  ssl: z.object({ status: z.string() }).partial().optional(),
  custom_metadata: z.record(z.string(), z.unknown()).nullish(),
});
type CustomHostname = z.infer<typeof customHostnameSchema>;

const envelopeSchema = z.object({
  success: z.boolean(),
  errors: z.array(z.object({ code: z.number().optional(), message: z.string() })).default([]),
  result: z.unknown(),
});

/** The site a hostname was made for, as its metadata records it (`site`, `target`: strings, as the API keeps them). */
function recordedOwner(record: CustomHostname): { siteId: string | null; target: string | null } {
  const { site, target } = record.custom_metadata ?? {};
  return { siteId: typeof site === 'string' ? site : null, target: typeof target === 'string' ? target : null };
}

export function certificateStatusOf(record: CustomHostname): CertificateStatus {
  if (record.status !== undefined && INVALID_HOSTNAME_STATES.has(record.status)) return 'INVALID';
  const ssl = record.ssl?.status;
  if (ssl === 'active') return 'ACTIVE';
  if (ssl !== undefined && FAILED_SSL_STATES.has(ssl)) return 'FAILED';
  return 'PENDING';
}

export class CustomHostnamesEdge implements EdgeProvider {
  readonly name = 'custom-hostnames';
  private readonly fetch: typeof fetch;

  constructor(private readonly options: CustomHostnamesOptions) {
    this.fetch = options.fetch ?? fetch;
  }

  private async request(method: string, path: string, body?: unknown): Promise<unknown> {
    const url = `${this.options.apiBase}/zones/${encodeURIComponent(this.options.zoneId)}/custom_hostnames${path}`;
    let response: Response;
    try {
      response = await this.fetch(url, {
        method,
        headers: { authorization: `Bearer ${this.options.apiToken}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new EdgeProviderError(`the edge provider is unreachable: ${String(error)}`);
    }
    const parsed = envelopeSchema.safeParse(await response.json().catch(() => null));
    if (!parsed.success)
      throw new EdgeProviderError(`the edge provider answered ${response.status} without its envelope`);
    if (!response.ok || !parsed.data.success) {
      throw new EdgeProviderError(
        parsed.data.errors.map((error) => error.message).join('; ') || `the edge provider answered ${response.status}`,
      );
    }
    return parsed.data.result;
  }

  private async find(hostname: string): Promise<CustomHostname | null> {
    const result = await this.request('GET', `?hostname=${encodeURIComponent(hostname)}`);
    const records = z.array(customHostnameSchema).parse(result);
    return records.find((record) => record.hostname === hostname) ?? null;
  }

  /** The hostname when it is `owner`'s; null when the edge has none; held when it is anyone else's. */
  private async findOwn(hostname: string, owner: HostnameOwner): Promise<CustomHostname | null | 'held'> {
    const existing = await this.find(hostname);
    if (existing === null) return null;
    return isOwnHostname(recordedOwner(existing), owner) ? existing : 'held';
  }

  async addHostname(hostname: string, owner: HostnameOwner): Promise<Certificate> {
    const existing = await this.findOwn(hostname, owner);
    if (existing === 'held') throw new EdgeHostnameHeldError(`the edge holds ${hostname} for another site`);
    const metadata = { site: owner.siteId, target: owner.target };
    if (existing !== null) {
      const status = certificateStatusOf(existing);
      const path = `/${encodeURIComponent(existing.id)}`;
      if (status === 'FAILED' || status === 'INVALID') {
        // Asking again for a failed one: the provider revalidates on an edit of its ssl settings.
        const edited = customHostnameSchema.parse(
          await this.request('PATCH', path, { ssl: { method: 'http', type: 'dv' }, custom_metadata: metadata }),
        );
        return { hostname, status: certificateStatusOf(edited) };
      }
      // One made before site ids were written gets its site, its certificate left as it is.
      if (recordedOwner(existing).siteId === null) await this.request('PATCH', path, { custom_metadata: metadata });
      return { hostname, status };
    }
    const created = customHostnameSchema.parse(
      await this.request('POST', '', { hostname, ssl: { method: 'http', type: 'dv' }, custom_metadata: metadata }),
    );
    return { hostname, status: certificateStatusOf(created) };
  }

  async checkHostname(hostname: string, owner: HostnameOwner): Promise<Certificate | null> {
    const existing = await this.findOwn(hostname, owner);
    return existing === null || existing === 'held' ? null : { hostname, status: certificateStatusOf(existing) };
  }

  async removeHostname(hostname: string, owner: HostnameOwner): Promise<void> {
    const existing = await this.findOwn(hostname, owner);
    if (existing !== null && existing !== 'held') await this.request('DELETE', `/${encodeURIComponent(existing.id)}`);
  }
}
