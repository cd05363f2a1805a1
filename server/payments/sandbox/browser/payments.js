/*
 * The payment sandbox's stand-in for the card provider's browser library (Stripe.js v3), served by the panel's
 * server in demo mode at /sandbox/payments.js. It implements what the panel and @stripe/react-stripe-js use, with
 * the same names, arguments and answers, so they work with it unchanged:
 *
 *   var stripe = window.Stripe('pk_test_sandbox');
 *   stripe.elements(options) -> elements                  options.appearance {theme, variables} colours the field
 *     elements.create('card', options) -> element        (one card element per elements group)
 *     elements.getElement('card') -> element | null
 *     elements.update(options)                           a new appearance restyles a mounted field at once
 *   element.mount(domElementOrSelector), unmount(), destroy(), update(options), focus(), blur(), clear()
 *   element.on(event, handler), off(event, handler?), once(event, handler)
 *     events: 'ready', 'change' {elementType, empty, complete, error, brand, value}, 'focus', 'blur'
 *   stripe.confirmCardSetup(clientSecret, {payment_method: {card: element, billing_details}})
 *       -> Promise<{setupIntent} | {error}>
 *   stripe.confirmCardPayment(clientSecret, {payment_method: {card: element, billing_details} | 'pm_...'})
 *       -> Promise<{paymentIntent} | {error}>
 *   stripe.handleCardAction(clientSecret) -> Promise<{paymentIntent} | {error}>
 *   stripe.retrievePaymentIntent(clientSecret) -> Promise<{paymentIntent} | {error}>
 *   stripe.retrieveSetupIntent(clientSecret) -> Promise<{setupIntent} | {error}>
 *   stripe.createPaymentMethod({type: 'card', card: element, billing_details}) -> Promise<{paymentMethod} | {error}>
 *   stripe.createToken(element) -> Promise<{token} | {error}>
 *   stripe.registerAppInfo(info), stripe._registerWrapper(wrapper)   (react-stripe-js calls these)
 *
 * Like the real one, the card field renders in its own iframe (card-frame.html, served next to this script),
 * which keeps the card details: confirming asks the frame, and the frame sends the card to the sandbox API. This
 * script only ever sees intents and errors. The card element is cardElement.js; see card-frame.js for the
 * messages between the two.
 *
 * When the bank asks for authentication (test card 4000 0025 0000 3155), this script shows the sandbox's
 * challenge on top of the page: a dialog with "Complete authentication" and "Fail authentication".
 *
 * Errors are values, as the real library's are: {error: {type, code, decline_code?, message}}.
 * An ES module, bundled into one script for the browser when the server serves it (server/browser/bundle.ts); the
 * challenge is the sandboxes' shared dialog (server/browser/sandboxDialog.js).
 */
import { dialogButton, openSandboxDialog, styledElement } from '../../../browser/sandboxDialog.js';
import { CONNECTION_ERROR, IntegrationError, assign, defineCardElement } from './cardElement.js';

(function () {
  'use strict';

  if (typeof window.Stripe === 'function' && window.Stripe.sandbox === true) return;

  // The frame and the API live where this script came from (the panel's server), whatever page loads it.
  var script = document.currentScript;
  var BASE = new URL(script && script.src ? script.src : window.location.href).origin;
  var API = BASE + '/sandbox/api/';
  var CardElement = defineCardElement(BASE);

  var AUTHENTICATION_FAILED =
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

  // ------------------------------------------------------------------------------------------- the API

  /** POSTs to the sandbox API; resolves with {status, body}, never rejects. */
  function callApi(path, payload) {
    return fetch(API + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify(payload),
    })
      .then(function (response) {
        return response.json().then(function (body) {
          return { status: response.status, body: body };
        });
      })
      .catch(function () {
        return { status: 0, body: { error: CONNECTION_ERROR } };
      });
  }

  // ---------------------------------------------------------------------------------------- elements

  function Elements(stripe, options) {
    this._stripe = stripe;
    this._options = assign({}, options);
    this._card = null;
  }

  Elements.prototype.create = function (type, options) {
    if (type !== 'card')
      throw IntegrationError('The payment sandbox supports the card Element only, not ' + String(type) + '.');
    if (this._card) throw IntegrationError('Can only create one Element of type card.');
    this._card = new CardElement(this, options);
    return this._card;
  };

  /** By type name, or by react-stripe-js's component (getElement(CardElement)), as the real library allows. */
  Elements.prototype.getElement = function (type) {
    var name = type && typeof type !== 'string' ? type.__elementType : type;
    return name === 'card' ? this._card : null;
  };

  Elements.prototype.update = function (options) {
    assign(this._options, options);
    if (options && options.appearance && this._card) this._card._sendOptions();
  };

  Elements.prototype.fetchUpdates = function () {
    return Promise.resolve({});
  };

  Elements.prototype._forget = function (element) {
    if (this._card === element) this._card = null;
  };

  // ------------------------------------------------------------------------------------- the challenge

  /**
   * The sandbox's stand-in for the bank's authentication page: a dialog on top of the page. Resolves with
   * 'complete' or 'fail' (Escape fails, as closing the bank's window does).
   */
  function showChallenge(kind, intent) {
    return new Promise(function (resolve) {
      var what =
        kind === 'payment' && typeof intent.amount === 'number'
          ? 'a payment of $' + (intent.amount / 100).toFixed(2)
          : 'saving this card';
      var complete = dialogButton('Complete authentication', true);
      var fail = dialogButton('Fail authentication', false);
      var actions = styledElement('div', '', { display: 'flex', gap: '0.5rem', flexWrap: 'wrap', marginTop: '1rem' });
      actions.appendChild(complete);
      actions.appendChild(fail);

      var challenge = openSandboxDialog({
        className: 'SandboxChallenge',
        idPrefix: 'sandbox-challenge',
        title: 'Confirm your card',
        description:
          'Your bank asks you to authenticate ' +
          what +
          '. This is the payment sandbox: no bank is involved, so choose how the authentication ends.',
        width: '26rem',
        content: [actions],
        onEscape: function () {
          finish('fail');
        },
        // Tab stays between the two buttons.
        onKeyDown: function (event) {
          if (event.key !== 'Tab') return;
          event.preventDefault();
          event.stopPropagation();
          (document.activeElement === complete ? fail : complete).focus();
        },
      });

      function finish(outcome) {
        challenge.close();
        resolve(outcome);
      }

      complete.addEventListener('click', function () {
        finish('complete');
      });
      fail.addEventListener('click', function () {
        finish('fail');
      });
      complete.focus();
    });
  }

  // ------------------------------------------------------------------------------------------- Stripe

  function Stripe(key, options) {
    if (!(this instanceof Stripe)) return new Stripe(key, options);
    if (typeof key !== 'string' || key === '') {
      throw IntegrationError('Please call Stripe() with your publishable key. You used an empty string.');
    }
    this._key = key;
    this._appInfo = null;
    this._wrappers = [];
  }

  Stripe.sandbox = true;
  Stripe.version = 3;

  function checkSecret(name, clientSecret) {
    if (typeof clientSecret !== 'string' || clientSecret.indexOf('_secret_') < 0) {
      throw IntegrationError(
        'Invalid value for ' + name + ': clientSecret should be a client secret of the form ${id}_secret_${secret}.',
      );
    }
  }

  function isCardElement(value) {
    return value instanceof CardElement;
  }

  /** The intent from an answer; a challenge first when the bank asks for one. */
  Stripe.prototype._settle = function (kind, response) {
    var body = response.body || {};
    if (body.error) return Promise.resolve({ error: body.error });
    var intent = kind === 'setup' ? body.setupIntent : body.paymentIntent;
    if (!intent) return Promise.resolve({ error: CONNECTION_ERROR });
    if (intent.status !== 'requires_action')
      return Promise.resolve(kind === 'setup' ? { setupIntent: intent } : { paymentIntent: intent });
    return showChallenge(kind, intent).then((outcome) => {
      return callApi('authenticate', { key: this._key, clientSecret: intent.client_secret, outcome: outcome }).then(
        (answer) => {
          var answerBody = answer.body || {};
          // The sandbox words the failure itself; this is the provider's wording, should it ever be missing.
          if (outcome === 'fail' && answerBody.error && !answerBody.error.message)
            answerBody.error.message = AUTHENTICATION_FAILED;
          return this._settle(kind, answer);
        },
      );
    });
  };

  Stripe.prototype.elements = function (options) {
    return new Elements(this, options);
  };

  Stripe.prototype.confirmCardSetup = function (clientSecret, data) {
    checkSecret('confirmCardSetup', clientSecret);
    var method = data && data.payment_method;
    if (!method || !isCardElement(method.card)) {
      return Promise.resolve({
        error: {
          type: 'invalid_request_error',
          message: 'The payment sandbox confirms setup intents with a card Element: payment_method.card.',
        },
      });
    }
    return method.card
      ._request('confirm-setup', { key: this._key, clientSecret: clientSecret, billingDetails: method.billing_details })
      .then((response) => this._settle('setup', response));
  };

  Stripe.prototype.confirmCardPayment = function (clientSecret, data) {
    checkSecret('confirmCardPayment', clientSecret);
    var method = data && data.payment_method;
    var sent;
    if (method && typeof method === 'object' && isCardElement(method.card)) {
      sent = method.card._request('confirm-payment', {
        key: this._key,
        clientSecret: clientSecret,
        billingDetails: method.billing_details,
      });
    } else {
      // A saved payment method by id, or none: the intent's own.
      sent = callApi('confirm-payment-intent', {
        key: this._key,
        clientSecret: clientSecret,
        paymentMethod: typeof method === 'string' ? method : undefined,
      });
    }
    return sent.then((response) => this._settle('payment', response));
  };

  Stripe.prototype.handleCardAction = function (clientSecret) {
    checkSecret('handleCardAction', clientSecret);
    return callApi('retrieve-intent', { key: this._key, clientSecret: clientSecret }).then((response) =>
      this._settle('payment', response),
    );
  };

  Stripe.prototype.handleCardSetup = function (clientSecret, element, data) {
    return this.confirmCardSetup(clientSecret, {
      payment_method: assign({ card: element }, data && data.payment_method_data),
    });
  };

  Stripe.prototype.retrievePaymentIntent = function (clientSecret) {
    checkSecret('retrievePaymentIntent', clientSecret);
    return callApi('retrieve-intent', { key: this._key, clientSecret: clientSecret }).then(function (response) {
      var body = response.body || {};
      return body.error ? { error: body.error } : { paymentIntent: body.paymentIntent };
    });
  };

  Stripe.prototype.retrieveSetupIntent = function (clientSecret) {
    checkSecret('retrieveSetupIntent', clientSecret);
    return callApi('retrieve-intent', { key: this._key, clientSecret: clientSecret }).then(function (response) {
      var body = response.body || {};
      return body.error ? { error: body.error } : { setupIntent: body.setupIntent };
    });
  };

  /** createPaymentMethod({type: 'card', card, billing_details}) or the older createPaymentMethod('card', card, data). */
  Stripe.prototype.createPaymentMethod = function (typeOrData, element, data) {
    var request = typeof typeOrData === 'string' ? assign({ type: typeOrData, card: element }, data) : typeOrData || {};
    if (request.type !== 'card' || !isCardElement(request.card)) {
      return Promise.resolve({
        error: {
          type: 'invalid_request_error',
          message: 'The payment sandbox creates card payment methods from a card Element.',
        },
      });
    }
    return request.card
      ._request('payment-method', { key: this._key, billingDetails: request.billing_details })
      .then(function (response) {
        var body = response.body || {};
        return body.error ? { error: body.error } : { paymentMethod: body.paymentMethod };
      });
  };

  Stripe.prototype.createToken = function (element) {
    if (!isCardElement(element)) {
      return Promise.resolve({
        error: { type: 'invalid_request_error', message: 'The payment sandbox creates tokens from a card Element.' },
      });
    }
    return element._request('token', { key: this._key }).then(function (response) {
      var body = response.body || {};
      return body.error ? { error: body.error } : { token: body.token };
    });
  };

  Stripe.prototype.registerAppInfo = function (info) {
    this._appInfo = info || null;
  };

  Stripe.prototype._registerWrapper = function (wrapper) {
    this._wrappers.push(wrapper);
  };

  window.Stripe = Stripe;
})();
