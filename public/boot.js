// The boot script, inlined (minified) into index.html after the run-time configuration and allowed by the
// page's CSP by its hash (server/routes/panelPage.ts). It starts the session's conversation before the bundle
// has arrived: it asks the host for `token` and `forceUpgradeInfo`, exchanges the token at billing-session
// (init true) and starts get-billing-data, get-current-site-limits and what the first screen alone reads (the
// dashboard's get-next-charge, the domain screens' get-account-info), and leaves the promises on window.__panelBoot for the store
// (src/features/session/boot.ts). It keeps the host bridge's rules (src/store/hostBridge.ts): it posts only to
// the host's exact origin, detected as the bridge detects it, and accepts answers only from the configured
// origins with the parent window as their source. Anything it cannot do, the bundle does as without it.
// Its waits are the panel's own constants (core/rules/constants.ts): the build writes in their values
// (webpack.config.js, bootScript).
/* global HOST_TOKEN_INFO_WAIT_MS, HOST_TOKEN_WAIT_MS, HTTP_TIMEOUT_MS, LOCALE_CATALOG_FILES */
(function () {
  // The catalog of the browser's language downloads beside the bundle rather than after it has run (the panel
  // speaks it from its first screen: src/app/startPanel.tsx). English is part of the bundle.
  var catalogFile = LOCALE_CATALOG_FILES[(navigator.language || '').split('-')[0].toLowerCase()];
  if (catalogFile) {
    var preload = document.createElement('link');
    preload.rel = 'preload';
    preload.as = 'script';
    preload.href = catalogFile;
    document.head.appendChild(preload);
  }

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

  var token = ask('token', HOST_TOKEN_WAIT_MS);
  var forceUpgradeInfo = ask('forceUpgradeInfo', HOST_TOKEN_INFO_WAIT_MS);
  var session = token.then(function (answer) {
    return typeof answer.response === 'string' && answer.response ? call('billing-session', answer.response, { init: true, verbose: false }) : null;
  });
  function sessionTokenOf(reply) {
    return reply && reply.status === 200 && reply.body.token;
  }
  function forceUpgradeOf(infoAnswer) {
    var info = infoAnswer.answered && infoAnswer.response;
    return !!info && info.forceUpgrade === true;
  }
  // Every call below waits on this one promise, so they start in the order they are written: the server answers
  // in the order it is asked, and the billing data, which the first screen waits for, goes first.
  var sessionAndInfo = Promise.all([session, forceUpgradeInfo]);
  var billingData = sessionAndInfo.then(function (results) {
    var forceUpgrade = forceUpgradeOf(results[1]);
    return sessionTokenOf(results[0])
      ? call('get-billing-data', sessionTokenOf(results[0]), { forceUpgrade: forceUpgrade }).then(function (reply) {
          return reply && { status: reply.status, body: reply.body, forceUpgrade: forceUpgrade };
        })
      : null;
  });
  // Settles just after the billing data was asked for (or could not be).
  var dataRequested = sessionAndInfo.then(function () {});
  // Every screen shows the site's limits: asked beside the billing data rather than after it.
  var siteLimits = sessionAndInfo.then(function (results) {
    return sessionTokenOf(results[0]) ? call('get-current-site-limits', sessionTokenOf(results[0]), {}) : null;
  });
  // What only one screen reads is asked beside the billing data too, when the panel opens on that screen, and
  // handed to the bundle still in flight (src/api/bootReplies.ts): the dashboard's next charge (a preview at the card
  // provider, which the first screen does not wait for) and the domain screens' account info.
  var nextCharge = sessionAndInfo.then(function (results) {
    var dashboard = location.pathname === '/' || location.pathname === '/billing';
    return dashboard && sessionTokenOf(results[0]) ? call('get-next-charge', sessionTokenOf(results[0]), {}) : null;
  });
  var accountInfo = sessionAndInfo.then(function (results) {
    var forceUpgrade = forceUpgradeOf(results[1]);
    return location.pathname.indexOf('/domain') === 0 && sessionTokenOf(results[0])
      ? call('get-account-info', sessionTokenOf(results[0]), { forceUpgrade: forceUpgrade }).then(function (reply) {
          return reply && { status: reply.status, body: reply.body, forceUpgrade: forceUpgrade };
        })
      : null;
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
  // The first Intl object of each kind costs tens of milliseconds in a new page process (ICU loads its locale
  // data), and the bundle's first screen builds them. Built here, now, that cost falls while the host's answer
  // travels (a round trip to the host and its server): in a later task, the answer would wait for it.
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(1);
  new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(0);
  new Intl.PluralRules('en-US').select(1);
  new Intl.ListFormat('en-US').format(['a']);
})();
