/*
 * The sandbox card element of payments.js (Stripe.js v3's card Element, with the same methods and events): it
 * mounts the card field's own iframe (card-frame.html) and talks to it with window messages (see card-frame.js for
 * them), so the card details stay in the frame; confirming asks the frame, which sends the card to the sandbox API
 * and answers with what it said. Also the helpers payments.js shares with it.
 */

export var CONNECTION_ERROR = {
  type: 'api_connection_error',
  message: 'We could not reach the payment sandbox. Check your connection and try again.',
};

export function IntegrationError(message) {
  var error = new Error(message);
  error.name = 'IntegrationError';
  return error;
}

export function assign(target, source) {
  if (source) {
    Object.keys(source).forEach(function (key) {
      target[key] = source[key];
    });
  }
  return target;
}

/**
 * The card element's type, its frames served from `base` (the sandbox's origin). Call it once per script run: it
 * listens for its frames' messages.
 */
export function defineCardElement(base) {
  // The frame's frame-ancestors must name every page above it, the admin that frames the panel included: on a
  // site's own address (/sites/<id>/...) that is the site's admin, which the sandbox learns from the site's id. The
  // real provider's frames allow any ancestor.
  var site = /^\/sites\/([^/]+)/.exec(window.location.pathname);
  var FRAME_URL = base + '/sandbox/card-frame.html' + (site ? '?site=' + site[1] : '');
  var FRAME_HEIGHT_PX = 42;
  /** A frame that never answers (blocked, crashed) fails the request rather than hanging the page. */
  var REQUEST_TIMEOUT_MS = 60000;
  var elementCount = 0;
  var requestCount = 0;
  /** Mounted card elements by id: where the frames' messages go. */
  var registry = {};

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
      throw IntegrationError(
        'The selector you specified (' +
          String(target) +
          ') applies to no DOM elements that are currently on the page.',
      );
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
    frame.src =
      FRAME_URL + '#origin=' + encodeURIComponent(window.location.origin) + '&id=' + encodeURIComponent(this.id);
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
      this._frame.contentWindow.postMessage(message, base);
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
    if (event.origin !== base) return;
    var data = event.data;
    if (!data || data.source !== 'sandbox-card' || typeof data.id !== 'string') return;
    var element = registry[data.id];
    if (!element || !element._frame || event.source !== element._frame.contentWindow) return;
    element._receive(data);
  });

  return CardElement;
}
