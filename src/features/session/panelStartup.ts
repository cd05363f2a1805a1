/**
 * What the page's start-up script (src/startup/) did before the bundle arrived, as it hands it to the bundle: it
 * asked the host for the token and forceUpgradeInfo, exchanged the token at billing-session and started the reads
 * of the first screen (app/routeTable.ts SCREEN_READS). The session starts from these promises (startSession in
 * sessionThunks.ts) instead of asking again; without them (a page outside a host, tests) it takes the same steps
 * itself. The rules both follow are here and in hostAnswers.ts, and the steps themselves in sessionSteps.ts.
 */
import type { CallName, CallRequest } from '../../../core/contract';
import type { HostAnswer } from '../../host/hostRequests';

/** A call the start-up script made: its HTTP status and JSON body; null when it made none or it failed to arrive. */
export interface StartupReply {
  status: number;
  body: unknown;
}

/** The reads the start-up script may make: what screens read first (app/routeTable.ts SCREEN_READS). */
export type StartupRead = Extract<
  CallName,
  'get-billing-data' | 'get-current-site-limits' | 'get-next-charge' | 'get-account-info'
>;

/** The reads every screen shows, which its first render waits for: the billing data and the site limits. */
export type FirstRenderRead = Extract<StartupRead, 'get-billing-data' | 'get-current-site-limits'>;

export function isFirstRenderRead(name: StartupRead): name is FirstRenderRead {
  return name === 'get-billing-data' || name === 'get-current-site-limits';
}

/** A read the start-up script made, with the forceUpgrade it knew when it asked (null: it could not make it). */
export type StartupReadReply = (StartupReply & { forceUpgrade: boolean }) | null;

export interface PanelStartup {
  token: Promise<HostAnswer>;
  forceUpgradeInfo: Promise<HostAnswer>;
  /** billing-session with init true */
  session: Promise<StartupReply | null>;
  /** the reads the first screen makes (app/routeTable.ts SCREEN_READS), by call; a read not made is absent */
  reads: Partial<Record<StartupRead, Promise<StartupReadReply>>>;
  /** settles once get-billing-data was asked for, or could not be */
  dataRequested: Promise<void>;
}

export interface BillingSessionRequest {
  /** true opens a session, false renews it */
  init: boolean;
  /** the site whose own address the panel is served at (PanelConfig.site); null on the fixed address */
  site: string | null;
  /** the origin of the host page that framed the panel and gave the identity token */
  hostOrigin: string;
}

/**
 * The options of billing-session, for the start-up script and the bundle alike. The site and the host's origin
 * bind the token to the page that framed the panel: the server takes it only for that site, from one of its admin
 * origins. The fixed address names no site.
 */
export function billingSessionOptions({
  init,
  site,
  hostOrigin,
}: BillingSessionRequest): CallRequest<'billing-session'>['options'] {
  return { init, verbose: false, hostOrigin, ...(site === null ? {} : { site }) };
}

/** The session token of a billing-session reply, if it carries one. */
export function sessionTokenOf(reply: StartupReply | null): string | null {
  const token = reply?.status === 200 ? (reply.body as { token?: unknown } | null)?.token : undefined;
  return typeof token === 'string' && token !== '' ? token : null;
}
