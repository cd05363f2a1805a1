/** The shell (SPEC section 2): header, heading, navigation, and the routed screen behind the session gate. */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useGetBillingDataQuery, useGetCurrentSiteLimitsQuery } from '../api/accountApi';
import { limitsHash } from '../../core/rules/limits';
import { usePageNavigation } from '../features/common/pageNavigation';
import { SessionGate } from '../features/session/SessionGate';
import { selectSessionStatus } from '../features/session/sessionSlice';
import { firstScreenRendered, panelNavigated, selectRequestedRoute } from '../host/hostBridge';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { DEFAULT_TITLE, ShellProvider, useShellState } from '../ui/shell';
import { Logo } from './logos';
import { Navigation } from './Navigation';
import { ProtocolVersionNotice } from './ProtocolVersionNotice';
import { AppRoutes } from './routes';
import { DocumentTheme } from './theme';

/** Reports every navigation to the host and follows the routes the host asks for. */
function useHostRouteSync() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const requested = useAppSelector(selectRequestedRoute);

  useEffect(() => {
    dispatch(panelNavigated(pathname));
  }, [dispatch, pathname]);

  // Only a new request moves the panel; the panel's own navigation must not bounce back to an old one.
  const followedSeq = useRef(0);
  useEffect(() => {
    if (!requested || requested.seq === followedSeq.current) return;
    followedSeq.current = requested.seq;
    navigate(requested.path);
  }, [navigate, requested]);
}

/**
 * A number that changes when the site limits change (their hash), so the routed screens remount and read
 * them afresh; the first arrival of the limits is not a change. A later reading (the host said the limits
 * changed) with nothing to compare with, or that fails, reloads the page instead (SPEC 4 "Sending domain").
 */
function useLimitsVersion(): number {
  const ready = useAppSelector(selectSessionStatus) === 'ready';
  const navigation = usePageNavigation();
  const { data, isError, isFetching, requestId } = useGetCurrentSiteLimitsQuery(undefined, { skip: !ready });
  const settled = useRef<{ requestId: string | undefined; hadLimits: boolean }>({
    requestId: undefined,
    hadLimits: false,
  });
  useEffect(() => {
    if (isFetching || requestId === undefined || requestId === settled.current.requestId) return;
    const isRereading = settled.current.requestId !== undefined;
    const hadLimits = settled.current.hadLimits;
    settled.current = { requestId, hadLimits: data !== undefined };
    if (isRereading && (isError || !hadLimits)) navigation.reload();
  }, [data, isError, isFetching, navigation, requestId]);
  const hash = data ? limitsHash(data.currentSiteLimits) : null;
  const seen = useRef<{ hash: string | null; version: number }>({ hash: null, version: 0 });
  if (hash !== null && hash !== seen.current.hash) {
    seen.current = { hash, version: seen.current.hash === null ? seen.current.version : seen.current.version + 1 };
  }
  return seen.current.version;
}

/**
 * Loads the billing data as soon as the session is ready, whatever the screen: the host needs the subscription
 * on every route, and the dashboard's call then starts beside the site limits instead of after its code.
 */
function useBillingDataForHost() {
  const ready = useAppSelector(selectSessionStatus) === 'ready';
  useGetBillingDataQuery(undefined, { skip: !ready });
}

/** The page's title (the tab's, and what a screen reader names the frame by), in the owner's language. */
function useDocumentTitle() {
  const { t } = useLingui();
  const title = t(DEFAULT_TITLE);
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/**
 * The screen's title. A change announced on leaving its screen gives it the focus on the next one (the
 * control the user pressed went with the old screen), unless the user has already put the focus somewhere.
 */
function ShellHeading({ title, focusRequest }: { title: string; focusRequest: number }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusRequest === 0) return;
    const focused = document.activeElement;
    if (focused && focused !== document.body) return;
    heading.current?.focus();
  }, [focusRequest]);
  return (
    <h1 className="title" ref={heading} tabIndex={-1}>
      {title}
    </h1>
  );
}

function Shell({ logoVariant }: { logoVariant: number }) {
  const { t } = useLingui();
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const { title, navigationHidden, announcement, headingFocusRequest } = useShellState();
  const limitsVersion = useLimitsVersion();
  useBillingDataForHost();
  useHostRouteSync();
  useDocumentTitle();

  const initialPath = useRef(pathname);
  useEffect(() => {
    dispatch(firstScreenRendered(initialPath.current));
  }, [dispatch]);

  return (
    <div className="panel">
      <header className="header">
        <Link to="/" className="header__home" aria-label={t`Billing home`}>
          <Logo variant={logoVariant} />
        </Link>
        <span className="badge">pro</span>
        <ShellHeading title={title} focusRequest={headingFocusRequest} />
      </header>
      {!navigationHidden && <Navigation />}
      <main className="content">
        <ProtocolVersionNotice />
        <SessionGate>
          <AppRoutes key={limitsVersion} />
        </SessionGate>
      </main>
      {/* There from the first render and on every route, so what it says is heard after its screen has gone;
          each message is a new node, so that a repeated one is announced again. */}
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement && <span key={announcement.id}>{announcement.message}</span>}
      </p>
    </div>
  );
}

export function App({ logoVariant }: { logoVariant: number }) {
  return (
    <ShellProvider>
      <DocumentTheme />
      <Shell logoVariant={logoVariant} />
    </ShellProvider>
  );
}
