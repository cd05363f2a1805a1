/** The admin's own backend (server.mjs): who is signed in, to which sites, and the identity token the billing panel asks for. */
import type { ForceUpgradeInfo } from '@inkwell/billing-host-sdk/react';

/** A site the user administers here. */
export interface AdminSite {
  /** its name in this admin's addresses */
  id: string;
  /** the site's id at the billing service, whose own panel address the admin opens */
  billingSiteId: string;
  name: string;
  /** who is signed in to it */
  user: { name: string; email: string; role: string };
  forceUpgradeInfo: ForceUpgradeInfo;
}

export interface AdminSession {
  /** where the billing panel is served */
  panelUrl: string;
  /** the user's sites, the first shown first */
  sites: AdminSite[];
}

export async function loadAdminSession(): Promise<AdminSession> {
  const response = await fetch('/api/session');
  if (!response.ok) throw new Error(`The admin's session could not be read: HTTP ${response.status}`);
  return (await response.json()) as AdminSession;
}

/** A fresh token for the site each time the panel asks: it lives 5 minutes. */
export async function fetchIdentityToken(site: AdminSite): Promise<string | null> {
  const response = await fetch('/api/billing/identity-token', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ site: site.id }),
  });
  if (!response.ok) throw new Error(`No identity token: HTTP ${response.status}`);
  return ((await response.json()) as { token: string | null }).token;
}
