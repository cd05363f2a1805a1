/** The demo host's admin page around the panel. Pure: the host server sends it, tests load it into a DOM. */
import type { Brand } from '../config/brand';
import { escapeHtml, jsonForScript } from '../http/html';
import { scenarioNames, type Scenario, type ScenarioName } from './scenarios';

/** The page's own settings, read by host.js. */
export interface HostPageConfig {
  panelUrl: string;
  /** the site whose own address the panel opens (`<panelUrl>/sites/<site>/`, the SDK's site option); null or absent: the fixed address */
  site?: string | null;
  scenario: ScenarioName;
  isOwner: boolean;
  forceUpgrade: boolean;
  ownerUser: { name: string; email: string } | null;
  readyTimeoutMs: number;
}

/** Another demo admin, on an origin of its own, that the page links to. */
export interface OtherAdmin {
  /** its site's name */
  name: string;
  url: string;
}

/** How the page differs between the demo's two admins. */
export interface AdminPageOptions {
  /** the link to the other admin; none when it does not run */
  otherAdmin?: OtherAdmin | null;
  /** the second admin: one site of its own, no scenario picker and no registrar's DNS */
  second?: boolean;
}

export function renderHostPage(
  scenario: Scenario,
  config: HostPageConfig,
  brand: Brand,
  unknownScenario: string | null,
  admin: AdminPageOptions = {},
): string {
  const second = admin.second === true;
  const other = admin.otherAdmin ?? null;
  const otherLink =
    other === null
      ? ''
      : `\n  <a class="other-admin" href="${escapeHtml(other.url)}">${second ? 'The demo host' : 'Another admin'}: ${escapeHtml(other.name)} (${escapeHtml(new URL(other.url).host)})</a>`;
  const picker = scenarioNames
    .map((name) => {
      const current = name === scenario.name ? ' aria-current="page"' : '';
      return `<li><a href="/?scenario=${encodeURIComponent(name)}#/pro"${current}>${escapeHtml(name)}</a></li>`;
    })
    .join('');
  const signedIn = scenario.signedIn;
  const notice =
    unknownScenario === null
      ? ''
      : `<p class="notice">There is no scenario "${escapeHtml(unknownScenario)}": showing ${escapeHtml(scenario.name)}.</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(brand.platformName)} Admin: ${escapeHtml(scenario.site.subdomain)}</title>
<link rel="stylesheet" href="/host.css">
<link rel="modulepreload" href="/host-sdk.js">
</head>
<body${second ? ' class="second-admin"' : ''}>
<header class="admin-header">
  <strong class="brand">${escapeHtml(brand.platformName)} Admin</strong>
  <span>Site: ${escapeHtml(scenario.site.url)}</span>${otherLink}
  <span>Signed in as ${escapeHtml(signedIn.name)} (${escapeHtml(signedIn.role)})</span>
  <label class="theme-switch"><input type="checkbox" id="dark-admin"> Dark admin</label>
  <label class="language-picker">Language
    <select id="admin-language">
      <option value="">As the browser</option>
      <option value="en">English</option>
      <option value="de">Deutsch</option>
      <option value="fr">Français</option>
      <option value="pseudo">Pseudo-locale (tests)</option>
    </select>
  </label>
</header>
${
  second
    ? '<div class="layout layout-single">'
    : `<div class="layout">
<nav class="picker" aria-label="Demo scenarios">
  <details id="scenario-picker" open>
    <summary>Demo scenario: <strong>${escapeHtml(scenario.name)}</strong></summary>
    <p class="scenario-description">${escapeHtml(scenario.description)}</p>
    <ul>${picker}</ul>
  </details>
</nav>
`
}
<main>
  ${notice}
  <h1>Billing</h1>
  <p role="alert" id="overdue-alert" class="alert" hidden>Your subscription payment is overdue. Update your payment details to keep your site online. <a href="#/pro">Update payment</a></p>
  <p role="alert" id="limits-warning" class="warning" hidden>Your site has exceeded its member limit. Upgrade your plan to keep adding members. <a id="limits-upgrade" href="#/pro/plans">Upgrade</a></p>
  <div class="status-bar">
    <output id="host-status" aria-label="Host status">Loading billing panel…</output>
    <output id="subscription-status" aria-label="Subscription status">Subscription: not received</output>
    <output id="route-status" aria-label="Panel route"></output>
    <output id="admin-status" aria-label="Admin navigation"></output>
  </div>
  <div class="tools">
    <button type="button" id="ask-subscription">Ask the panel for the subscription</button>
    <button type="button" id="send-limit-update">Send a limit update</button>
    <button type="button" id="advance-renewal">Advance to next renewal</button>
    <button type="button" id="expire-domain-claim">Expire the unproven domain claim</button>
    <output id="clock-status" aria-label="Demo clock"></output>
  </div>
  <div id="panel-spinner" class="spinner" role="status" aria-label="Loading billing">Loading billing…</div>
  <section id="panel-error" class="panel-error" hidden aria-labelledby="panel-error-title">
    <h2 id="panel-error-title">The billing panel could not be loaded</h2>
    <p>Check your connection and try again. If the problem persists, contact ${escapeHtml(brand.supportEmail)}.</p>
    <button type="button" id="panel-error-retry">Try again</button>
  </section>
  <div id="billing-panel"></div>
${
  second
    ? ''
    : `  <details id="dns-panel" class="dns-panel">
    <summary>Your registrar's DNS</summary>
    <p>The records of this scenario's domains, as their registrar holds them. Add the records the billing panel asks for to activate a domain; the server checks them through the demo's DNS server.</p>
    <div id="dns-zones"></div>
    <form id="dns-add" class="dns-add">
      <label>Host <input name="host" placeholder="www, or @ for the domain itself" autocomplete="off"></label>
      <label>Domain <select id="dns-zone" name="zone"></select></label>
      <label>Type <select name="type"><option>CNAME</option><option>A</option><option>TXT</option><option>MX</option></select></label>
      <label>Value <input name="value" required autocomplete="off"></label>
      <button type="submit">Add record</button>
    </form>
    <p id="dns-status" role="status"></p>
  </details>
`
}</main>
</div>
<script id="host-config" type="application/json">${jsonForScript(config)}</script>
<script type="module" src="/host.js"></script>
${second ? '' : '<script src="/dns-panel.js"></script>'}
</body>
</html>
`;
}
