/*
 * The demo host page: a publisher admin's billing screen. The host protocol (docs/host-protocol.md) is the host
 * SDK's (packages/billing-host-sdk/, served built as /host-sdk.js); this script has the page's own parts: its config, its hash
 * router (#/pro/...), status lines and alerts, the scenario picker, the demo clock and the tool buttons. An ES
 * module served as is: no build step of its own.
 */
import { isSafeRoute, mountBillingPanel } from '/host-sdk.js';

const PRO_HASH = '#/pro';
const OVERDUE_STATUSES = ['past_due', 'unpaid'];
const RENEWAL_RESULTS = {
  renewed: 'Renewed: the card was charged and a new invoice paid.',
  payment_failed: 'Renewal payment failed: the invoice is open.',
  action_required: 'Renewal payment needs authentication: the invoice is open.',
  ended: 'The subscription ended at its period end.',
};

const config = JSON.parse(document.getElementById('host-config').textContent);

const element = (id) => document.getElementById(id);
const spinner = element('panel-spinner');
const errorPage = element('panel-error');
const hostStatus = element('host-status');
const routeStatus = element('route-status');
const scenarioPicker = element('scenario-picker');

// The page is served with the picker open; on a narrow admin it starts collapsed to leave the panel the width.
if (scenarioPicker && window.matchMedia && window.matchMedia('(max-width: 47.99rem)').matches)
  scenarioPicker.open = false;

// ------------------------------------------------------------------------------------------ the hash router

/** The panel route of the admin's hash: '#/pro' -> '/', '#/pro/domain' -> '/domain'; null off the billing screen. */
function routeFromHash() {
  const hash = window.location.hash;
  if (!hash.startsWith(PRO_HASH)) return null;
  const rest = hash.slice(PRO_HASH.length);
  if (rest === '' || rest === '/') return '/';
  if (rest.charAt(0) !== '/') return null;
  return isSafeRoute(rest) ? rest : '/';
}

function hashForRoute(route) {
  return route === '/' ? PRO_HASH : PRO_HASH + route;
}

function replaceHash(hash) {
  // replaceState fires no hashchange, so the panel is not told back about its own move.
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search + hash);
}

function showRoute(route) {
  routeStatus.textContent = 'Route: ' + route;
}

// ------------------------------------------------------------------------------------------ the panel

async function identityToken() {
  // Not the owner: no token, and no call to our backend.
  if (!config.isOwner) return null;
  const response = await fetch('/admin-api/identity-token', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ scenario: config.scenario }),
  });
  if (!response.ok) throw new Error('HTTP ' + response.status);
  return (await response.json()).token;
}

function showPanelStatus(status, failure) {
  switch (status) {
    case 'ready':
      spinner.hidden = true;
      errorPage.hidden = true;
      hostStatus.textContent = 'Panel ready';
      break;
    case 'retrying':
      hostStatus.textContent = 'Panel did not answer, retrying';
      break;
    case 'failed':
      spinner.hidden = true;
      // A removed site is no outage: the panel's frame says the site was removed, and the admin says the same
      // instead of its error page (docs/host-sdk.md "A removed site").
      errorPage.hidden = failure === 'site_unknown';
      hostStatus.textContent =
        failure === 'site_unknown' ? 'This site was removed from billing' : 'Panel failed to load';
      break;
  }
}

function showSubscription({ subscription, exceededLimits, checkoutRoute }) {
  element('overdue-alert').hidden = !OVERDUE_STATUSES.includes(subscription.status);
  element('limits-warning').hidden = !exceededLimits.includes('members');
  element('limits-upgrade').setAttribute('href', hashForRoute(checkoutRoute));
  element('subscription-status').textContent = 'Subscription: ' + subscription.status;
}

// ------------------------------------------------------------------------------------------ the admin's theme

// A real admin keeps its user's choice of scheme; this one keeps it in the browser. Until the user chooses, it
// follows the system's scheme and says nothing: the panel follows the same preference on its own.
const THEME_STORAGE_KEY = 'demo-admin-theme';
const darkScheme = window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null;
const darkAdmin = element('dark-admin');

function chosenTheme() {
  const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
  return stored === 'dark' || stored === 'light' ? stored : null;
}

function showAdminTheme() {
  const theme = chosenTheme() ?? (darkScheme && darkScheme.matches ? 'dark' : 'light');
  document.documentElement.dataset.theme = theme;
  darkAdmin.checked = theme === 'dark';
}

/** The SDK keeps it and tells the panel whenever it is ready (and at once when it already is). */
function tellPanelTheTheme() {
  const chosen = chosenTheme();
  if (chosen) panel.setTheme(chosen);
}

showAdminTheme();
if (darkScheme) darkScheme.addEventListener('change', showAdminTheme);
darkAdmin.addEventListener('change', () => {
  window.localStorage.setItem(THEME_STORAGE_KEY, darkAdmin.checked ? 'dark' : 'light');
  showAdminTheme();
  tellPanelTheTheme();
});

// ---------------------------------------------------------------------------------------- the admin's language

// Like the theme: kept in the browser once chosen, and until then the panel follows the browser's language.
const LANGUAGE_STORAGE_KEY = 'demo-admin-language';
const adminLanguage = element('admin-language');

function chosenLanguage() {
  return window.localStorage.getItem(LANGUAGE_STORAGE_KEY) || null;
}

/** The SDK keeps it and tells the panel whenever it is ready; back to 'as the browser', the panel is told the browser's. */
function tellPanelTheLanguage() {
  const chosen = chosenLanguage();
  if (chosen) panel.setLocale(chosen);
}

adminLanguage.value = chosenLanguage() ?? '';
adminLanguage.addEventListener('change', () => {
  if (adminLanguage.value) window.localStorage.setItem(LANGUAGE_STORAGE_KEY, adminLanguage.value);
  else window.localStorage.removeItem(LANGUAGE_STORAGE_KEY);
  if (adminLanguage.value) tellPanelTheLanguage();
  else panel.setLocale(navigator.language);
});

// ------------------------------------------------------------------------------------ mounting the panel

if (routeFromHash() === null) replaceHash(PRO_HASH);
const initialRoute = routeFromHash();
showRoute(initialRoute);

const panel = mountBillingPanel({
  container: element('billing-panel'),
  panelUrl: config.panelUrl,
  // The site's own address, framed only by the site's admin origins; without it the fixed address (HOST_ORIGINS).
  site: config.site || undefined,
  route: initialRoute,
  readyTimeoutMs: config.readyTimeoutMs,
  getToken: identityToken,
  forceUpgradeInfo: {
    forceUpgrade: config.forceUpgrade === true,
    isOwner: config.isOwner,
    ownerUser: config.ownerUser,
  },
  onStatusChange: showPanelStatus,
  // The token can fail (the forced-upgrade info is a value), or the panel can speak another protocol version.
  onError(error, source) {
    hostStatus.textContent = source === 'protocolVersion' ? error.message : 'Could not get an identity token';
  },
  onRouteChange(route) {
    const hash = hashForRoute(route);
    if (window.location.hash !== hash) replaceHash(hash);
    showRoute(route);
  },
  onSubscription: showSubscription,
  navigateToAdmin(destination) {
    element('admin-status').textContent = 'Opened admin screen: ' + destination;
  },
});

tellPanelTheTheme();
tellPanelTheLanguage();

window.addEventListener('hashchange', () => {
  const route = routeFromHash();
  if (route === null) return;
  showRoute(route);
  panel.navigate(route);
});

// ------------------------------------------------------------------------------------------ the demo's tools

element('ask-subscription').addEventListener('click', () => panel.getSubscription());
element('send-limit-update').addEventListener('click', () => panel.limitUpdate());
element('panel-error-retry').addEventListener('click', () => window.location.reload());

// The demo's clock control: the sandbox renews the scenario's subscription as if its period had ended, then the
// panel is loaded again to show what the provider's events changed.
const clockStatus = element('clock-status');
const advanceRenewal = element('advance-renewal');
advanceRenewal.addEventListener('click', async () => {
  advanceRenewal.disabled = true;
  clockStatus.textContent = 'Advancing to the next renewal…';
  try {
    const response = await fetch('/demo-clock/advance-renewal', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ scenario: config.scenario }),
    });
    const body = await response.json();
    if (!response.ok) throw new Error(body.error?.message || 'HTTP ' + response.status);
    clockStatus.textContent = RENEWAL_RESULTS[body.result] || body.result;
    panel.reload();
  } catch (error) {
    clockStatus.textContent = 'Could not advance: ' + error.message;
  } finally {
    advanceRenewal.disabled = false;
  }
});

// The demo's clock control for domains: the scenario's unproven custom domain claim reaches its expiry
// (DOMAIN_CLAIM_EXPIRY_HOURS) and the claims' sweep runs, then the panel is loaded again to show why it ended.
const CLAIM_RESULTS = {
  expired: 'The unproven domain claim expired: the domain was released.',
  proven: 'The domain is proven: the claim is kept.',
  waiting: 'DNS could not be asked: the claim ends on the next sweep.',
  none: 'This site has no unproven domain claim.',
};
const expireClaim = element('expire-domain-claim');
expireClaim.addEventListener('click', async () => {
  expireClaim.disabled = true;
  clockStatus.textContent = 'Expiring the domain claim…';
  try {
    const response = await fetch('/demo-clock/expire-domain-claim', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ scenario: config.scenario }),
    });
    const body = await response.json();
    if (!response.ok) throw new Error(body.error?.message || 'HTTP ' + response.status);
    clockStatus.textContent = CLAIM_RESULTS[body.result] || body.result;
    panel.reload();
  } catch (error) {
    clockStatus.textContent = 'Could not expire the claim: ' + error.message;
  } finally {
    expireClaim.disabled = false;
  }
});
