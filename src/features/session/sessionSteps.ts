/**
 * The steps of opening a session (SPEC section 4, "Session token"), written once for the two roads that take them:
 * the page's start-up script (src/startup/startConversation.ts), before the bundle has arrived, and the bundle's
 * startSession (sessionThunks.ts), when the script could not. A road says how it asks the host and how it makes a
 * call (the script with fetch; the bundle through its endpoints, so that its retries, messages and reports apply);
 * the order, the waits and the readings of the answers are here, so that the roads cannot drift apart
 * (sessionSteps.test.ts drives both). Plain functions and no store: the start-up script carries this module into
 * every page's HTML.
 */
import { HOST_TOKEN_INFO_WAIT_MS, HOST_TOKEN_WAIT_MS } from '../../../core/rules/constants';
import type { AskHost, HostAnswer } from '../../host/hostRequests';
import { forceUpgradeOf, hostTokenOf } from './hostAnswers';
import type { BillingSessionRequest, StartupRead } from './panelStartup';

/** The reads whose answer depends on the host's forceUpgrade answer, which they send (as accountApi.ts asks them). */
const READS_WITH_FORCE_UPGRADE: ReadonlySet<StartupRead> = new Set(['get-billing-data', 'get-account-info']);

export interface SessionOpening<Session> {
  token: Promise<HostAnswer>;
  forceUpgradeInfo: Promise<HostAnswer>;
  /** billing-session with init true; null when the host gave no token, and none was made */
  session: Promise<Session | null>;
}

/**
 * The host's token and forceUpgradeInfo, asked together, then billing-session (init true, naming the host page's
 * origin and the site), made by `exchange`. `afterInfo`: the start-up script opens the session as soon as the token
 * is in, since its every millisecond is the first screen's; the bundle waits for both answers, so that it has
 * recorded the forceUpgrade answer before anything of the session comes back (App.test.tsx pins it).
 * Positional parameters, because they minify and property names do not: this is in every page's HTML.
 */
export function openSession<Session>(
  ask: AskHost,
  exchange: (jwt: string, request: BillingSessionRequest) => PromiseLike<Session>,
  site: string | null,
  afterInfo: boolean,
): SessionOpening<Session> {
  const token = ask('token', HOST_TOKEN_WAIT_MS);
  const forceUpgradeInfo = ask('forceUpgradeInfo', HOST_TOKEN_INFO_WAIT_MS);
  const tokenIn = afterInfo ? Promise.all([token, forceUpgradeInfo]).then(([answer]) => answer) : token;
  const session = tokenIn.then((answer) => {
    const hostToken = hostTokenOf(answer);
    return hostToken === null ? null : exchange(hostToken.jwt, { init: true, site, hostOrigin: hostToken.origin });
  });
  return { token, forceUpgradeInfo, session };
}

/**
 * The reads, once the session opened and the host answered forceUpgradeInfo, in the order named
 * (app/routeTable.ts SCREEN_READS: the server answers in the order it is asked, and the billing data, which the
 * first screen waits for, goes first). Every read waits on one promise, so they start in that order; a read is
 * null when the session did not open. `dataRequested` settles just after they were asked for (or could not be).
 */
export function startReads<Session, Read>(
  { session, forceUpgradeInfo }: SessionOpening<Session>,
  names: readonly StartupRead[],
  sessionTokenOf: (session: NoInfer<Session> | null) => string | null,
  read: (
    name: StartupRead,
    sessionToken: string,
    options: { forceUpgrade?: boolean },
    forceUpgrade: boolean,
  ) => Promise<Read>,
): { reads: Partial<Record<StartupRead, Promise<Read | null>>>; dataRequested: Promise<void> } {
  const opened = Promise.all([session, forceUpgradeInfo]).then(
    ([reply, info]) => [sessionTokenOf(reply), forceUpgradeOf(info)] as const,
  );
  const reads: Partial<Record<StartupRead, Promise<Read | null>>> = {};
  for (const name of names) {
    reads[name] = opened.then(([sessionToken, forceUpgrade]) =>
      sessionToken === null
        ? null
        : read(name, sessionToken, READS_WITH_FORCE_UPGRADE.has(name) ? { forceUpgrade } : {}, forceUpgrade),
    );
  }
  return { reads, dataRequested: opened.then(() => undefined) };
}
