// The boot script, inlined (minified) into index.html after the run-time configuration and allowed by the
// page's CSP by its hash (server/routes/panelPage.ts). It starts the session's conversation before the bundle
// has arrived: it asks the host for `token` and `forceUpgradeInfo`, exchanges the token at billing-session
// (init true) and starts get-billing-data, get-current-site-limits and what the first screen alone reads (the
// dashboard's get-next-charge, the domain screens' get-account-info), and leaves the promises on window.__panelBoot for the store
// (src/features/session/boot.ts). It keeps the host bridge's rules (src/store/hostBridge.ts): it posts only to
// the host's exact origin, detected as the bridge detects it, and accepts answers only from the configured
// origins with the parent window as their source. Anything it cannot do, the bundle does as without it.
(function () {
  var TOKEN_WAIT_MS = 10000; // HOST_TOKEN_WAIT_MS
  var INFO_WAIT_MS = 2000; // HOST_TOKEN_INFO_WAIT_MS
  var HTTP_TIMEOUT_MS = 18000; // HTTP_TIMEOUT_MS
  var parent = window.parent;
  if (parent === window) return;
  var origins;
  try {
    origins = JSON.parse(document.getElementById('panel-config').textContent).hostOrigins;
  } catch {
    return;
  }
  function originOf(url) {
    try {
      return url ? new URL(url).origin : undefined;
    } catch {
      return undefined;
    }
  }
  var ancestors = location.ancestorOrigins;
  var host = [ancestors && ancestors[0], originOf(document.referrer)].filter(function (origin) {
    return origin && origins.indexOf(origin) >= 0;
  })[0];
  if (!host) return;

  var waiting = Object.create(null);
  addEventListener('message', function (event) {
    var data = event.data;
    if (!data || event.source !== parent || origins.indexOf(event.origin) < 0 || !waiting[data.request]) return;
    waiting[data.request]({ answered: true, response: data.response });
  });
  function ask(request, timeoutMs) {
    return new Promise(function (resolve) {
      waiting[request] = function (answer) {
        delete waiting[request];
        resolve(answer);
      };
      setTimeout(function () {
        if (waiting[request]) waiting[request]({ answered: false });
      }, timeoutMs);
      parent.postMessage({ request: request }, host);
    });
  }
  /** The call's status and body; null when it could not be made (the bundle then makes it). */
  function call(name, jwt, options) {
    return fetch('/api/' + name, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jwt: jwt, data: {}, options: options }),
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    })
      .then(function (response) {
        return response.json().then(function (body) {
          return { status: response.status, body: body };
        });
      })
      .catch(function () {
        return null;
      });
  }

  var token = ask('token', TOKEN_WAIT_MS);
  var forceUpgradeInfo = ask('forceUpgradeInfo', INFO_WAIT_MS);
  var session = token.then(function (answer) {
    return typeof answer.response === 'string' && answer.response ? call('billing-session', answer.response, { init: true, verbose: false }) : null;
  });
  function sessionTokenOf(reply) {
    return reply && reply.status === 200 && reply.body.token;
  }
  var billingData = Promise.all([session, forceUpgradeInfo]).then(function (results) {
    var info = results[1].answered && results[1].response;
    var forceUpgrade = !!info && info.forceUpgrade === true;
    return sessionTokenOf(results[0])
      ? call('get-billing-data', sessionTokenOf(results[0]), { forceUpgrade: forceUpgrade }).then(function (reply) {
          return reply && { status: reply.status, body: reply.body, forceUpgrade: forceUpgrade };
        })
      : null;
  });
  // Settles just after the billing data was asked for (or could not be): the bundle waits for it before
  // running its modules (src/index.tsx), so their running does not hold up that call.
  var dataRequested = Promise.all([session, forceUpgradeInfo]).then(function () {});
  // Every screen shows the site's limits: asked beside the billing data rather than after it.
  var siteLimits = session.then(function (reply) {
    return sessionTokenOf(reply) ? call('get-current-site-limits', sessionTokenOf(reply), {}) : null;
  });
  // What only one screen reads is asked beside the billing data too, when the panel opens on that screen, and
  // handed to the bundle still in flight (src/api/bootReplies.ts): the dashboard's next charge (a preview at the card
  // provider, which the first screen does not wait for) and the domain screens' account info.
  var nextCharge = session.then(function (reply) {
    var dashboard = location.pathname === '/' || location.pathname === '/billing';
    return dashboard && sessionTokenOf(reply) ? call('get-next-charge', sessionTokenOf(reply), {}) : null;
  });
  var accountInfo = Promise.all([session, forceUpgradeInfo]).then(function (results) {
    var info = results[1].answered && results[1].response;
    var forceUpgrade = !!info && info.forceUpgrade === true;
    return location.pathname.indexOf('/domain') === 0 && sessionTokenOf(results[0])
      ? call('get-account-info', sessionTokenOf(results[0]), { forceUpgrade: forceUpgrade }).then(function (reply) {
          return reply && { status: reply.status, body: reply.body, forceUpgrade: forceUpgrade };
        })
      : null;
  });
  // The first Intl object of each kind costs tens of milliseconds (ICU loads its locale data). The bundle's
  // modules build theirs as they load: built here first, that cost falls while the page waits on the host and
  // the network instead of while the bundle runs (after this task, so the page's parsing goes on first).
  setTimeout(function () {
    new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(1);
    new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(0);
    new Intl.PluralRules('en-US').select(1);
    new Intl.ListFormat('en-US').format(['a']);
  });
  window.__panelBoot = {
    token: token,
    forceUpgradeInfo: forceUpgradeInfo,
    session: session,
    billingData: billingData,
    siteLimits: siteLimits,
    nextCharge: nextCharge,
    accountInfo: accountInfo,
    dataRequested: dataRequested,
  };
})();
