/**
 * Where the card provider's customer portal may send the owner back: a page of the site's own admin (its admin URL's
 * origin or one of its admin origins, docs/platform-api.md), never an address the caller names freely. The portal
 * is the provider's page, trusted by the owner: a free return address would make it a redirector to any site.
 */
import { adminOriginsOf } from './repositories/sites';
import type { SiteRow } from '../db/schema';
import { DomainError, messages } from '../domainErrors';

/** The return address when it is an http(s) page of one of the site's admin origins; else a refusal (400). */
export function portalReturnUrl(site: Pick<SiteRow, 'admin_url' | 'admin_origins_json'>, address: string): string {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new DomainError('invalid', 'redirect_invalid', messages.portalReturnNotOnAdmin);
  }
  const onAdmin = (url.protocol === 'http:' || url.protocol === 'https:') && adminOriginsOf(site).includes(url.origin);
  if (!onAdmin) throw new DomainError('invalid', 'redirect_invalid', messages.portalReturnNotOnAdmin);
  return url.href;
}
