/*
 * The demo host page's side of the window-message protocol (docs/host-protocol.md). Plain browser JavaScript,
 * served as is: no build step.
 */
(function () {
  'use strict';

  var PRO_HASH = '#/pro';
  var DEFAULT_CHECKOUT_ROUTE = '/plans';
  var ADMIN_DESTINATIONS = ['theme', 'analytics', 'staff', 'stripe', 'integrations', 'newsletters'];
  var OVERDUE_STATUSES = ['past_due', 'unpaid'];
  var MAX_DECODE_ROUNDS = 3;

  var config = JSON.parse(document.getElementById('host-config').textContent);
  var panelBase = String(config.panelUrl).replace(/\/+$/, '');
  var panelOrigin = new URL(panelBase).origin;

  var frame = document.getElementById('billing-frame');
  var spinner = document.getElementById('panel-spinner');
  var errorPage = document.getElementById('panel-error');
  var hostStatus = document.getElementById('host-status');
  var subscriptionStatus = document.getElementById('subscription-status');
  var routeStatus = document.getElementById('route-status');
  var adminStatus = document.getElementById('admin-status');
  var overdueAlert = document.getElementById('overdue-alert');
  var limitsWarning = document.getElementById('limits-warning');
  var limitsUpgrade = document.getElementById('limits-upgrade');
  var scenarioPicker = document.getElementById('scenario-picker');

  // The page is served with the picker open; on a narrow admin it starts collapsed to leave the panel the width.
  if (scenarioPicker && window.matchMedia && window.matchMedia('(max-width: 47.99rem)').matches) scenarioPicker.open = false;

  var state = {
    ready: false,
    retried: false,
    readyTimer: null,
    forceUpgrade: config.forceUpgrade === true,
    subscription: null,
    checkoutRoute: DEFAULT_CHECKOUT_ROUTE,
  };

  function setText(element, text) {
    element.textContent = text;
  }

  // ------------------------------------------------------------------------------------------ routes

  /** Every reading of a route: as given and percent-decoded (repeatedly, against double encoding). */
  function routeReadings(route) {
    var readings = [route];
    var current = route;
    for (var round = 0; round < MAX_DECODE_ROUNDS; round += 1) {
      var decoded;
      try {
        decoded = decodeURIComponent(current);
      } catch {
        return null;
      }
      if (decoded === current) break;
      readings.push(decoded);
      current = decoded;
    }
    return readings;
  }

  var FIRST_PRINTABLE = 0x20;
  var DELETE = 0x7f;

  function hasControlCharacter(text) {
    for (var index = 0; index < text.length; index += 1) {
      var code = text.charCodeAt(index);
      if (code < FIRST_PRINTABLE || code === DELETE) return true;
    }
    return false;
  }

  /** Starts with one '/', no backslash, no '.' or '..' segment, in any encoding. */
  function isSafeRoute(route) {
    if (typeof route !== 'string' || route === '') return false;
    var readings = routeReadings(route);
    if (readings === null) return false;
    return readings.every(function (reading) {
      if (reading.charAt(0) !== '/' || reading.charAt(1) === '/') return false;
      if (reading.indexOf('\\') !== -1) return false;
      if (hasControlCharacter(reading)) return false;
      var path = reading.split(/[?#]/)[0];
      return path.split('/').every(function (segment) {
        return segment !== '.' && segment !== '..';
      });
    });
  }

  /** The panel route of the admin's hash: '#/pro' -> '/', '#/pro/domain' -> '/domain'; null off the billing screen. */
  function routeFromHash() {
    var hash = window.location.hash;
    if (hash.indexOf(PRO_HASH) !== 0) return null;
    var rest = hash.slice(PRO_HASH.length);
    if (rest === '' || rest === '/') return '/';
    if (rest.charAt(0) !== '/') return null;
    return isSafeRoute(rest) ? rest : '/';
  }

  function hashForRoute(route) {
    return route === '/' ? PRO_HASH : PRO_HASH + route;
  }

  function showRoute(route) {
    setText(routeStatus, 'Route: ' + route);
  }

  // ------------------------------------------------------------------------------------------ messages

  function post(message) {
    if (frame.contentWindow) frame.contentWindow.postMessage(message, panelOrigin);
  }

  function answerToken() {
    if (!config.isOwner) {
      // Not the owner: answer at once, without asking our backend.
      post({ request: 'token', response: null });
      return;
    }
    fetch('/admin-api/identity-token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ scenario: config.scenario }),
    })
      .then(function (response) {
        if (!response.ok) throw new Error('HTTP ' + response.status);
        return response.json();
      })
      .then(function (body) {
        post({ request: 'token', response: body.token });
      })
      .catch(function () {
        setText(hostStatus, 'Could not get an identity token');
      });
  }

  function answerForceUpgradeInfo() {
    post({
      request: 'forceUpgradeInfo',
      response: { forceUpgrade: state.forceUpgrade, isOwner: config.isOwner, ownerUser: config.ownerUser },
    });
  }

  function markReady() {
    state.ready = true;
    window.clearTimeout(state.readyTimer);
    spinner.hidden = true;
    errorPage.hidden = true;
    frame.hidden = false;
    setText(hostStatus, 'Panel ready');
  }

  function receiveSubscription(message) {
    var subscription = message.subscription;
    if (!subscription || typeof subscription.status !== 'string') return;
    state.subscription = subscription;
    state.checkoutRoute =
      typeof message.checkoutRoute === 'string' && message.checkoutRoute !== '' ? message.checkoutRoute : DEFAULT_CHECKOUT_ROUTE;
    if (subscription.status === 'active') state.forceUpgrade = false;
    overdueAlert.hidden = OVERDUE_STATUSES.indexOf(subscription.status) === -1;
    var exceeded = Array.isArray(message.exceededLimits) ? message.exceededLimits : [];
    limitsWarning.hidden = exceeded.indexOf('members') === -1;
    if (isSafeRoute(state.checkoutRoute)) limitsUpgrade.setAttribute('href', hashForRoute(state.checkoutRoute));
    setText(subscriptionStatus, 'Subscription: ' + subscription.status);
  }

  function followRoute(route) {
    if (!isSafeRoute(route)) return;
    var hash = hashForRoute(route);
    if (window.location.hash !== hash) {
      // replaceState does not fire hashchange, so the panel is not told back about its own move.
      window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search + hash);
    }
    showRoute(route);
  }

  function navigateToAdmin(destination) {
    if (ADMIN_DESTINATIONS.indexOf(destination) === -1) return;
    setText(adminStatus, 'Opened admin screen: ' + destination);
  }

  window.addEventListener('message', function (event) {
    if (!event.data) return;
    if (event.origin !== panelOrigin) return;
    if (event.source !== frame.contentWindow) return;
    var message = event.data;
    if (typeof message !== 'object') return;

    if (message.request === 'token') answerToken();
    else if (message.request === 'forceUpgradeInfo') answerForceUpgradeInfo();
    else if (message.request === 'billingAppReady') markReady();
    else if (message.request === 'navigateToAdmin') navigateToAdmin(message.destination);

    if (message.subscription !== undefined) receiveSubscription(message);
    if (typeof message.route === 'string') followRoute(message.route);
  });

  // ------------------------------------------------------------------------------------------ host -> panel

  window.addEventListener('hashchange', function () {
    var route = routeFromHash();
    if (route === null) return;
    showRoute(route);
    if (state.ready) post({ query: 'routeUpdate', response: route });
  });

  document.addEventListener('visibilitychange', function () {
    if (document.visibilityState === 'visible' && state.ready) post({ query: 'limitUpdate' });
  });

  document.getElementById('ask-subscription').addEventListener('click', function () {
    post({ query: 'getSubscription', response: 'subscription' });
  });

  document.getElementById('send-limit-update').addEventListener('click', function () {
    post({ query: 'limitUpdate' });
  });

  // The demo's clock control: the sandbox renews the scenario's subscription as if its period had ended, then the
  // panel is loaded again to show what the provider's events changed.
  var RENEWAL_RESULTS = {
    renewed: 'Renewed: the card was charged and a new invoice paid.',
    payment_failed: 'Renewal payment failed: the invoice is open.',
    action_required: 'Renewal payment needs authentication: the invoice is open.',
    ended: 'The subscription ended at its period end.',
  };
  var clockStatus = document.getElementById('clock-status');
  var advanceRenewal = document.getElementById('advance-renewal');
  advanceRenewal.addEventListener('click', function () {
    advanceRenewal.disabled = true;
    setText(clockStatus, 'Advancing to the next renewal…');
    fetch('/demo-clock/advance-renewal', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ scenario: config.scenario }),
    })
      .then(function (response) {
        return response.json().then(function (body) {
          if (!response.ok) throw new Error((body.error && body.error.message) || 'HTTP ' + response.status);
          return body;
        });
      })
      .then(function (body) {
        setText(clockStatus, RENEWAL_RESULTS[body.result] || body.result);
        state.ready = false;
        loadPanel();
      })
      .catch(function (error) {
        setText(clockStatus, 'Could not advance: ' + error.message);
      })
      .then(function () {
        advanceRenewal.disabled = false;
      });
  });

  document.getElementById('panel-error-retry').addEventListener('click', function () {
    window.location.reload();
  });

  // ------------------------------------------------------------------------------------------ loading

  function waitForReady() {
    window.clearTimeout(state.readyTimer);
    state.readyTimer = window.setTimeout(function () {
      if (state.ready) return;
      if (!state.retried) {
        state.retried = true;
        setText(hostStatus, 'Panel did not answer, retrying');
        loadPanel();
        return;
      }
      spinner.hidden = true;
      frame.hidden = true;
      errorPage.hidden = false;
      setText(hostStatus, 'Panel failed to load');
    }, config.readyTimeoutMs);
  }

  function loadPanel() {
    var route = routeFromHash() || '/';
    // The panel's base plus the sub-route; our own query string (the scenario) stays here.
    frame.setAttribute('src', panelBase + route);
    showRoute(route);
    waitForReady();
  }

  if (routeFromHash() === null) {
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search + PRO_HASH);
  }
  loadPanel();
})();
