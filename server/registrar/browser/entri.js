/*
 * The registrar sandbox's stand-in for the domain-registrar widget's script (Entri), served by the panel's server
 * in demo mode at /sandbox/entri.js. It implements what the panel uses, with the same names:
 *
 *   window.entri.showEntri(config)      config: {applicationId, token, dnsRecords?: [{type, host, value, ttl}], ...}
 *   window.entri.close()
 *
 * showEntri opens a purchase dialog on top of the page: a person searches a name, picks an available domain and
 * "buys" it. The sandbox registers it (its zone appears in the demo's DNS server, with the config's dnsRecords
 * published, as the real service sets them up), then the dialog closes with the close message of SPEC section 3:
 * an `onEntriClose` window event whose detail is {success, domain, provider, setupType, lastStatus, freeDomain}.
 * Closing without buying sends success false.
 *
 * An ES module, bundled into one script for the browser when the server serves it (server/browser/bundle.ts); the
 * dialog is the sandboxes' shared one (server/browser/sandboxDialog.js).
 */
import { dialogButton, openSandboxDialog, styledElement } from '../../browser/sandboxDialog.js';

(function () {
  'use strict';

  if (window.entri && window.entri.sandbox === true) return;

  // The sandbox's API lives where this script came from (the panel's server), whatever page loads it.
  var script = document.currentScript;
  var BASE = new URL(script && script.src ? script.src : window.location.href).origin;
  var API = BASE + '/sandbox/registrar/';
  var PROVIDER = 'Sandbox Registrar';
  var CLOSE_EVENT = 'onEntriClose';
  var STATUS_SEARCH = 'SHOW_PURCHASE_DOMAINS';
  var STATUS_DONE = 'FINISHED_SUCCESSFULLY';
  var NAME_PATTERN = /^[a-z\d](?:[a-z\d-]{0,61}[a-z\d])?$/;

  var open = null;

  function request(method, path, body) {
    return fetch(API + path, {
      method: method,
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    }).then(function (response) {
      return response.json().then(function (json) {
        if (!response.ok)
          throw new Error(
            (json && json.error && json.error.message) || 'The registrar sandbox answered ' + response.status,
          );
        return json;
      });
    });
  }

  function showEntri(config) {
    if (open) return;
    if (
      !config ||
      typeof config.applicationId !== 'string' ||
      typeof config.token !== 'string' ||
      config.token === ''
    ) {
      // The real widget refuses to open without its credentials.
      throw new Error('entri.showEntri needs an applicationId and a token');
    }
    var dnsRecords = Array.isArray(config.dnsRecords) ? config.dnsRecords : [];
    var lastStatus = STATUS_SEARCH;

    var note = styledElement('p', 'This is the registrar sandbox: nothing is charged.', {
      margin: '0 0 1rem',
      color: '#5b636b',
    });

    var form = styledElement('form', '', { display: 'flex', gap: '0.5rem', alignItems: 'flex-end' });
    var label = styledElement('label', 'Domain name', {
      display: 'flex',
      flexDirection: 'column',
      flex: '1',
      fontWeight: '600',
    });
    var input = styledElement('input', '', {
      font: 'inherit',
      padding: '0.4rem',
      marginTop: '0.25rem',
      fontWeight: '400',
    });
    input.type = 'text';
    input.autocomplete = 'off';
    input.placeholder = 'mynewsletter';
    label.appendChild(input);
    var search = dialogButton('Search', true);
    search.type = 'submit';
    form.appendChild(label);
    form.appendChild(search);

    var status = styledElement('p', '', { minHeight: '1.5rem', margin: '0.75rem 0 0.25rem' });
    status.setAttribute('role', 'status');
    var results = styledElement('ul', '', { listStyle: 'none', padding: '0', margin: '0' });
    results.setAttribute('aria-label', 'Available domains');
    var footer = styledElement('div', '', { display: 'flex', justifyContent: 'flex-end', marginTop: '1rem' });
    var close = dialogButton('Close', false);
    footer.appendChild(close);

    function finish(detail) {
      purchase.close();
      open = null;
      window.dispatchEvent(new CustomEvent(CLOSE_EVENT, { detail: detail }));
    }

    function cancel() {
      finish({
        success: false,
        domain: null,
        provider: null,
        setupType: null,
        lastStatus: lastStatus,
        freeDomain: false,
      });
    }

    function buy(domain) {
      lastStatus = 'PURCHASE_IN_PROGRESS';
      status.textContent = 'Buying ' + domain + '…';
      request('POST', 'purchase', { domain: domain, dnsRecords: dnsRecords }).then(
        function () {
          finish({
            success: true,
            domain: domain,
            provider: PROVIDER,
            setupType: 'purchase',
            lastStatus: STATUS_DONE,
            freeDomain: false,
          });
        },
        function (error) {
          lastStatus = STATUS_SEARCH;
          status.textContent = error.message;
        },
      );
    }

    function show(offers) {
      results.textContent = '';
      offers.forEach(function (offer) {
        var item = styledElement('li', '', {
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'center',
          padding: '0.4rem 0',
          borderTop: '1px solid #e4e7eb',
        });
        var name = styledElement(
          'span',
          offer.domain + (offer.available ? ' · $' + (offer.price / 100).toFixed(2) + '/year' : ' · taken'),
        );
        item.appendChild(name);
        if (offer.available) {
          var choose = dialogButton('Buy ' + offer.domain, true);
          choose.addEventListener('click', function () {
            buy(offer.domain);
          });
          item.appendChild(choose);
        }
        results.appendChild(item);
      });
    }

    form.addEventListener('submit', function (event) {
      event.preventDefault();
      var name = input.value.trim().toLowerCase().split('.')[0];
      if (!NAME_PATTERN.test(name)) {
        status.textContent = 'Enter a name: letters, digits and hyphens.';
        return;
      }
      status.textContent = 'Searching…';
      request('GET', 'availability?name=' + encodeURIComponent(name)).then(
        function (answer) {
          status.textContent = answer.offers.length + ' domains found';
          show(answer.offers);
        },
        function (error) {
          status.textContent = error.message;
        },
      );
    });
    close.addEventListener('click', cancel);

    var purchase = openSandboxDialog({
      className: 'SandboxRegistrar',
      idPrefix: 'sandbox-registrar',
      title: 'Buy a domain',
      width: '28rem',
      content: [note, form, status, results, footer],
      // Escape closes, as the real widget's close button does.
      onEscape: cancel,
    });
    open = { cancel: cancel };
    input.focus();
  }

  window.entri = {
    sandbox: true,
    showEntri: showEntri,
    close: function () {
      if (open) open.cancel();
    },
  };
})();
