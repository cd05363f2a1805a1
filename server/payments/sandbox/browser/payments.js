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
 * script only ever sees intents and errors. See card-frame.js for the messages between the two.
 *
 * When the bank asks for authentication (test card 4000 0025 0000 3155), this script shows the sandbox's
 * challenge on top of the page: a dialog with "Complete authentication" and "Fail authentication".
 *
 * Errors are values, as the real library's are: {error: {type, code, decline_code?, message}}.
 * A plain script with no build step: it runs as it is written.
 */
(function () {
  'use strict';

  if (typeof window.Stripe === 'function' && window.Stripe.sandbox === true) return;

  // The frame and the API live where this script came from (the panel's server), whatever page loads it.
  var script = document.currentScript;
  var BASE = new URL(script && script.src ? script.src : window.location.href).origin;
  var FRAME_URL = BASE + '/sandbox/card-frame.html';
  var API = BASE + '/sandbox/api/';
  var FRAME_HEIGHT_PX = 42;
  /** A frame that never answers (blocked, crashed) fails the request rather than hanging the page. */
  var REQUEST_TIMEOUT_MS = 60000;

  var AUTHENTICATION_FAILED = 'We are unable to authenticate your payment method. Please choose a different payment method and try again.';
  var CONNECTION_ERROR = {
    type: 'api_connection_error',
    message: 'We could not reach the payment sandbox. Check your connection and try again.',
  };

  var elementCount = 0;
  var requestCount = 0;
  /** Mounted card elements by id: where the frames' messages go. */
  var registry = {};

  function IntegrationError(message) {
    var error = new Error(message);
    error.name = 'IntegrationError';
    return error;
  }

  function assign(target, source) {
    if (source) {
      Object.keys(source).forEach(function (key) {
        target[key] = source[key];
      });
    }
    return target;
  }

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

  // -------------------------------------------------------------------------------------- card element

  function CardElement(group, options) {
    elementCount += 1;
    this.id = 'sandbox-card-' + elementCount;
    this._group = group;
    this._options = assign({}, options);
    this._listeners = {};
    this._wrapper = null;
    this._frame = null;
    this._ready = false;
    this._destroyed = false;
    /** messages for the frame, held until it says it is ready */
    this._queue = [];
    this._pending = {};
  }

  CardElement.prototype.mount = function (target) {
    if (this._destroyed) throw IntegrationError('This Element has already been destroyed. Please create a new one.');
    var node = typeof target === 'string' ? document.querySelector(target) : target;
    if (!node || typeof node.appendChild !== 'function') {
      throw IntegrationError('The selector you specified (' + String(target) + ') applies to no DOM elements that are currently on the page.');
    }
    if (this._wrapper) this.unmount();

    var wrapper = document.createElement('div');
    wrapper.className = 'SandboxElement';
    var frame = document.createElement('iframe');
    frame.name = '__privateSandboxFrame' + this.id;
    frame.title = 'Secure card payment input frame';
    frame.setAttribute('frameborder', '0');
    frame.setAttribute('allowtransparency', 'true');
    frame.setAttribute('scrolling', 'no');
    frame.style.display = 'block';
    frame.style.width = '100%';
    frame.style.border = '0';
    frame.style.height = FRAME_HEIGHT_PX + 'px';
    // The frame learns who may talk to it from its address; it checks every message against it.
    frame.src = FRAME_URL + '#origin=' + encodeURIComponent(window.location.origin) + '&id=' + encodeURIComponent(this.id);
    wrapper.appendChild(frame);
    node.appendChild(wrapper);

    this._wrapper = wrapper;
    this._frame = frame;
    this._ready = false;
    registry[this.id] = this;
  };

  CardElement.prototype.unmount = function () {
    if (this._wrapper && this._wrapper.parentNode) this._wrapper.parentNode.removeChild(this._wrapper);
    this._wrapper = null;
    this._frame = null;
    this._ready = false;
    delete registry[this.id];
    this._failPending('The card field was removed before it answered.');
  };

  CardElement.prototype.destroy = function () {
    this.unmount();
    this._destroyed = true;
    this._listeners = {};
    this._group._forget(this);
  };

  CardElement.prototype.on = function (event, handler) {
    if (typeof handler !== 'function') throw IntegrationError('The handler for ' + event + ' must be a function.');
    (this._listeners[event] = this._listeners[event] || []).push(handler);
    return this;
  };

  CardElement.prototype.off = function (event, handler) {
    if (!this._listeners[event]) return this;
    this._listeners[event] = handler
      ? this._listeners[event].filter(function (candidate) {
          return candidate !== handler && candidate._original !== handler;
        })
      : [];
    return this;
  };

  CardElement.prototype.once = function (event, handler) {
    var wrapped = (payload) => {
      this.off(event, wrapped);
      handler(payload);
    };
    wrapped._original = handler;
    return this.on(event, wrapped);
  };

  CardElement.prototype.update = function (options) {
    assign(this._options, options);
    this._sendOptions();
  };

  /**
   * The element's own options and its group's appearance, always together: the frame works out its look from
   * both at once (the element's style over the group's appearance), so neither message undoes the other.
   */
  CardElement.prototype._sendOptions = function () {
    var message = { type: 'options', options: this._options };
    if (this._group._options.appearance) message.appearance = this._group._options.appearance;
    this._send(message);
  };

  CardElement.prototype.focus = function () {
    if (this._frame) this._frame.focus();
    this._send({ type: 'focus' });
  };

  CardElement.prototype.blur = function () {
    this._send({ type: 'blur' });
  };

  CardElement.prototype.clear = function () {
    this._send({ type: 'clear' });
  };

  CardElement.prototype._emit = function (event, payload) {
    (this._listeners[event] || []).slice().forEach(function (handler) {
      handler(payload);
    });
  };

  /** A message for the frame, now if it is ready, else once it is. */
  CardElement.prototype._send = function (message) {
    message.target = 'sandbox-card';
    message.id = this.id;
    if (this._ready && this._frame && this._frame.contentWindow) {
      this._frame.contentWindow.postMessage(message, BASE);
    } else {
      this._queue.push(message);
    }
  };

  /** Asks the frame to send the card to the sandbox API; resolves with {status, body}. */
  CardElement.prototype._request = function (action, payload) {
    if (this._destroyed || !this._frame) {
      return Promise.resolve({
        status: 0,
        body: { error: { type: 'invalid_request_error', message: 'The card Element is not mounted.' } },
      });
    }
    requestCount += 1;
    var requestId = 'request-' + requestCount;
    return new Promise((resolve) => {
      var timer = setTimeout(() => {
        delete this._pending[requestId];
        resolve({ status: 0, body: { error: CONNECTION_ERROR } });
      }, REQUEST_TIMEOUT_MS);
      this._pending[requestId] = (result) => {
        clearTimeout(timer);
        delete this._pending[requestId];
        resolve(result);
      };
      this._send({ type: 'request', requestId: requestId, action: action, payload: payload });
    });
  };

  CardElement.prototype._failPending = function (message) {
    var pending = this._pending;
    this._pending = {};
    Object.keys(pending).forEach(function (requestId) {
      pending[requestId]({ status: 0, body: { error: { type: 'invalid_request_error', message: message } } });
    });
  };

  /** A message from this element's frame (already checked: our origin, our frame's window). */
  CardElement.prototype._receive = function (data) {
    switch (data.type) {
      case 'ready': {
        this._ready = true;
        if (data.height) this._frame.style.height = data.height + 'px';
        var queued = this._queue;
        this._queue = [];
        this._sendOptions();
        for (var i = 0; i < queued.length; i += 1) {
          if (queued[i].type !== 'options') this._send(queued[i]);
        }
        this._emit('ready', { elementType: 'card' });
        break;
      }
      case 'change':
        this._emit('change', data.event);
        break;
      case 'focus':
      case 'blur':
        this._emit(data.type, { elementType: 'card' });
        break;
      case 'resize':
        if (data.height && this._frame) this._frame.style.height = data.height + 'px';
        break;
      case 'result':
        if (this._pending[data.requestId]) this._pending[data.requestId]({ status: data.status, body: data.body });
        break;
      default:
        break;
    }
  };

  window.addEventListener('message', function (event) {
    // Only our frames, at the sandbox's origin, from the very window we created for that element.
    if (event.origin !== BASE) return;
    var data = event.data;
    if (!data || data.source !== 'sandbox-card' || typeof data.id !== 'string') return;
    var element = registry[data.id];
    if (!element || !element._frame || event.source !== element._frame.contentWindow) return;
    element._receive(data);
  });

  // ---------------------------------------------------------------------------------------- elements

  function Elements(stripe, options) {
    this._stripe = stripe;
    this._options = assign({}, options);
    this._card = null;
  }

  Elements.prototype.create = function (type, options) {
    if (type !== 'card') throw IntegrationError('The payment sandbox supports the card Element only, not ' + String(type) + '.');
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
      var opener = document.activeElement;
      var backdrop = document.createElement('div');
      backdrop.className = 'SandboxChallenge';
      assign(backdrop.style, {
        position: 'fixed',
        inset: '0',
        zIndex: '2147483647',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: 'rgba(21, 23, 26, 0.55)',
      });

      var dialog = document.createElement('div');
      dialog.setAttribute('role', 'dialog');
      dialog.setAttribute('aria-modal', 'true');
      dialog.setAttribute('aria-labelledby', 'sandbox-challenge-title');
      dialog.setAttribute('aria-describedby', 'sandbox-challenge-text');
      assign(dialog.style, {
        background: '#ffffff',
        color: '#15171a',
        font: '15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif',
        maxWidth: '26rem',
        margin: '1rem',
        padding: '1.5rem',
        borderRadius: '8px',
        boxShadow: '0 12px 40px rgba(0, 0, 0, 0.3)',
      });

      var title = document.createElement('h2');
      title.id = 'sandbox-challenge-title';
      title.textContent = 'Confirm your card';
      assign(title.style, { margin: '0 0 0.5rem', fontSize: '1.2rem' });

      var text = document.createElement('p');
      text.id = 'sandbox-challenge-text';
      var what =
        kind === 'payment' && typeof intent.amount === 'number'
          ? 'a payment of $' + (intent.amount / 100).toFixed(2)
          : 'saving this card';
      text.textContent =
        'Your bank asks you to authenticate ' + what + '. This is the payment sandbox: no bank is involved, so choose how the authentication ends.';

      var actions = document.createElement('div');
      assign(actions.style, { display: 'flex', gap: '0.5rem', flexWrap: 'wrap', marginTop: '1rem' });

      function button(label, primary) {
        var element = document.createElement('button');
        element.type = 'button';
        element.textContent = label;
        assign(element.style, {
          font: 'inherit',
          padding: '0.5rem 1rem',
          borderRadius: '4px',
          cursor: 'pointer',
          border: primary ? '1px solid #1d4ed8' : '1px solid #8e969d',
          background: primary ? '#1d4ed8' : '#ffffff',
          color: primary ? '#ffffff' : '#15171a',
        });
        return element;
      }
      var complete = button('Complete authentication', true);
      var fail = button('Fail authentication', false);

      function finish(outcome) {
        document.removeEventListener('keydown', onKeyDown, true);
        if (backdrop.parentNode) backdrop.parentNode.removeChild(backdrop);
        if (opener && typeof opener.focus === 'function') opener.focus();
        resolve(outcome);
      }

      // Escape fails; Tab stays between the two buttons. Captured first, so the page's own dialog keeps out.
      function onKeyDown(event) {
        if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          finish('fail');
        } else if (event.key === 'Tab') {
          event.preventDefault();
          event.stopPropagation();
          (document.activeElement === complete ? fail : complete).focus();
        }
      }

      complete.addEventListener('click', function () {
        finish('complete');
      });
      fail.addEventListener('click', function () {
        finish('fail');
      });
      document.addEventListener('keydown', onKeyDown, true);

      actions.appendChild(complete);
      actions.appendChild(fail);
      dialog.appendChild(title);
      dialog.appendChild(text);
      dialog.appendChild(actions);
      backdrop.appendChild(dialog);
      document.body.appendChild(backdrop);
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
      throw IntegrationError('Invalid value for ' + name + ': clientSecret should be a client secret of the form ${id}_secret_${secret}.');
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
    if (intent.status !== 'requires_action') return Promise.resolve(kind === 'setup' ? { setupIntent: intent } : { paymentIntent: intent });
    return showChallenge(kind, intent).then((outcome) => {
      return callApi('authenticate', { key: this._key, clientSecret: intent.client_secret, outcome: outcome }).then((answer) => {
        var answerBody = answer.body || {};
        // The sandbox words the failure itself; this is the provider's wording, should it ever be missing.
        if (outcome === 'fail' && answerBody.error && !answerBody.error.message) answerBody.error.message = AUTHENTICATION_FAILED;
        return this._settle(kind, answer);
      });
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
        error: { type: 'invalid_request_error', message: 'The payment sandbox confirms setup intents with a card Element: payment_method.card.' },
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
      sent = method.card._request('confirm-payment', { key: this._key, clientSecret: clientSecret, billingDetails: method.billing_details });
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
    return callApi('retrieve-intent', { key: this._key, clientSecret: clientSecret }).then((response) => this._settle('payment', response));
  };

  Stripe.prototype.handleCardSetup = function (clientSecret, element, data) {
    return this.confirmCardSetup(clientSecret, { payment_method: assign({ card: element }, data && data.payment_method_data) });
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
      return Promise.resolve({ error: { type: 'invalid_request_error', message: 'The payment sandbox creates card payment methods from a card Element.' } });
    }
    return request.card._request('payment-method', { key: this._key, billingDetails: request.billing_details }).then(function (response) {
      var body = response.body || {};
      return body.error ? { error: body.error } : { paymentMethod: body.paymentMethod };
    });
  };

  Stripe.prototype.createToken = function (element) {
    if (!isCardElement(element)) {
      return Promise.resolve({ error: { type: 'invalid_request_error', message: 'The payment sandbox creates tokens from a card Element.' } });
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
