/** The admin's own backend (server.mjs): who is signed in, and the identity token the billing panel asks for. */
import type { ForceUpgradeInfo } from '@inkwell/billing-host-sdk/react';

export interface AdminSession {
  /** where the billing panel is served */
  panelUrl: string;
  user: { name: string; email: string; role: string };
  /** `billingSiteId`: the site's id at the billing service, whose own panel address the admin opens */
  site: { name: string; billingSiteId: string };
  forceUpgradeInfo: ForceUpgradeInfo;
}

export async function loadAdminSession(): Promise<AdminSession> {
  const response = await fetch('/api/session');
  if (!response.ok) throw new Error(`The admin's session could not be read: HTTP ${response.status}`);
  return (await response.json()) as AdminSession;
}

/** A fresh token each time the panel asks: it lives 5 minutes. */
export async function fetchIdentityToken(): Promise<string | null> {
  const response = await fetch('/api/billing/identity-token', { method: 'POST' });
  if (!response.ok) throw new Error(`No identity token: HTTP ${response.status}`);
  return ((await response.json()) as { token: string | null }).token;
}
