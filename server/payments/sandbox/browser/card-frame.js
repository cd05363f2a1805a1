/*
 * The payment sandbox's card field, inside its own iframe (card-frame.html), as the card provider's is.
 *
 * The page's script (payments.js) creates this frame with `#origin=<the page's origin>&id=<element id>` and
 * talks to it with window messages:
 *
 *   page -> frame  {target: 'sandbox-card', id, type, ...}
 *     options      {options, appearance?}         options: style, hidePostalCode, disabled, value.postalCode;
 *                                                 appearance: the elements group's {theme, variables}
 *     focus | blur | clear
 *     request      {requestId, action, payload}   action: confirm-setup | confirm-payment | payment-method | token
 *   frame -> page  {source: 'sandbox-card', id, type, ...}
 *     ready        {height}
 *     change       {event: {empty, complete, error, brand, value}}
 *     focus | blur
 *     resize       {height}
 *     result       {requestId, status, body}      the sandbox API's answer (or a validation error)
 *
 * Both sides check who they talk to: this frame only accepts messages from its parent window at the origin in
 * its address, and only posts to that origin; the page only accepts messages from this frame's window at the
 * sandbox's origin. The card details never leave this frame except in its own requests to the sandbox API
 * (`/sandbox/api/*`, on this frame's origin): the page gets back intents and errors, never card numbers.
 *
 * An ES module, bundled into one script for the browser when the server serves it (server/browser/bundle.ts): the
 * card number's check digit is core's rule, and its brand the sandbox's (../cardBrand.ts), the ones the sandbox
 * applies again on the server.
 */
import { passesLuhn } from '../../../../core/rules/luhn';
import { cardBrand } from '../cardBrand';

(function () {
  'use strict';

  var API = '/sandbox/api/';
  var params = new URLSearchParams(window.location.hash.slice(1));
  var parentOrigin = params.get('origin');
  var elementId = params.get('id');

  var form = document.getElementById('card-form');
  var brandBadge = document.getElementById('card-brand');
  var postalField = document.getElementById('postal-field');
  var inputs = {
    number: document.getElementById('cardnumber'),
    exp: document.getElementById('exp-date'),
    cvc: document.getElementById('cvc'),
    postal: document.getElementById('postal'),
  };
  var ORDER = ['number', 'exp', 'cvc', 'postal'];

  // Opened on its own (or by a page that is not ours): nothing to talk to.
  if (!parentOrigin || !elementId || window.parent === window) {
    form.hidden = true;
    document.getElementById('standalone-note').hidden = false;
    return;
  }

  /** Fields the user has left at least once: their "incomplete" errors show from then on. */
  var touched = { number: false, exp: false, cvc: false, postal: false };
  var hidePostal = false;
  var focused = false;

  // ------------------------------------------------------------------------------------------ card rules

  function numberLength(brand) {
    if (brand === 'amex') return 15;
    if (brand === 'diners') return 14;
    return 16;
  }

  /** Digit groups as printed on the card: 4-6-5 for American Express, 4-4-4-4 otherwise. */
  function formatNumber(digits) {
    var groups = cardBrand(digits) === 'amex' ? [4, 6, 5] : [4, 4, 4, 4];
    var parts = [];
    var at = 0;
    for (var i = 0; i < groups.length && at < digits.length; i += 1) {
      parts.push(digits.slice(at, at + groups[i]));
      at += groups[i];
    }
    return parts.join(' ');
  }

  function digitsOf(value) {
    return String(value).replace(/\D/g, '');
  }

  function expiryDigits() {
    return digitsOf(inputs.exp.value).slice(0, 4);
  }

  function cvcLength() {
    return cardBrand(digitsOf(inputs.number.value)) === 'amex' ? 4 : 3;
  }

  /**
   * One field's state: empty, complete, and its error. `definite` errors (an invalid number, a past date) show
   * at once; "incomplete" ones only once the user has left the field, as the provider's field does.
   */
  function fieldState(name) {
    var now = new Date();
    if (name === 'number') {
      var digits = digitsOf(inputs.number.value);
      if (!digits) return { empty: true, complete: false };
      if (digits.length < numberLength(cardBrand(digits))) {
        return {
          empty: false,
          complete: false,
          error: { code: 'incomplete_number', message: 'Your card number is incomplete.' },
        };
      }
      if (!passesLuhn(digits)) {
        return {
          empty: false,
          complete: false,
          definite: true,
          error: { code: 'invalid_number', message: 'Your card number is invalid.' },
        };
      }
      return { empty: false, complete: true };
    }
    if (name === 'exp') {
      var exp = expiryDigits();
      if (!exp) return { empty: true, complete: false };
      var month = Number(exp.slice(0, 2));
      if (exp.length >= 2 && (month < 1 || month > 12)) {
        return {
          empty: false,
          complete: false,
          definite: true,
          error: { code: 'invalid_expiry_month', message: "Your card's expiration month is invalid." },
        };
      }
      if (exp.length < 4) {
        return {
          empty: false,
          complete: false,
          error: { code: 'incomplete_expiry', message: "Your card's expiration date is incomplete." },
        };
      }
      var year = 2000 + Number(exp.slice(2, 4));
      if (year < now.getFullYear()) {
        return {
          empty: false,
          complete: false,
          definite: true,
          error: { code: 'invalid_expiry_year_past', message: "Your card's expiration year is in the past." },
        };
      }
      if (year === now.getFullYear() && month < now.getMonth() + 1) {
        return {
          empty: false,
          complete: false,
          definite: true,
          error: { code: 'invalid_expiry_month_past', message: "Your card's expiration date is in the past." },
        };
      }
      if (year > now.getFullYear() + 50) {
        return {
          empty: false,
          complete: false,
          definite: true,
          error: { code: 'invalid_expiry_year', message: "Your card's expiration year is invalid." },
        };
      }
      return { empty: false, complete: true };
    }
    if (name === 'cvc') {
      var cvc = digitsOf(inputs.cvc.value);
      if (!cvc) return { empty: true, complete: false };
      if (cvc.length < cvcLength()) {
        return {
          empty: false,
          complete: false,
          error: { code: 'incomplete_cvc', message: "Your card's security code is incomplete." },
        };
      }
      return { empty: false, complete: true };
    }
    // Postal code: any code will do, as in the provider's test mode.
    if (hidePostal) return { empty: true, complete: true };
    var postal = inputs.postal.value.trim();
    return { empty: !postal, complete: Boolean(postal) };
  }

  /** An empty field's error, when the card is submitted with it empty. */
  var EMPTY_ERRORS = {
    number: { code: 'incomplete_number', message: 'Your card number is incomplete.' },
    exp: { code: 'incomplete_expiry', message: "Your card's expiration date is incomplete." },
    cvc: { code: 'incomplete_cvc', message: "Your card's security code is incomplete." },
    postal: { code: 'incomplete_zip', message: 'Your postal code is incomplete.' },
  };

  /** The whole element's state: what its change event carries. `submitting` shows every field's error. */
  function elementState(submitting) {
    var empty = true;
    var complete = true;
    var error;
    ORDER.forEach(function (name) {
      var state = fieldState(name);
      if (!(name === 'postal' && hidePostal)) empty = empty && state.empty;
      complete = complete && state.complete;
      var shown = state.error && (state.definite || touched[name] || submitting) ? state.error : undefined;
      if (!shown && submitting && !state.complete) shown = EMPTY_ERRORS[name];
      inputs[name].setAttribute('aria-invalid', shown ? 'true' : 'false');
      if (!error && shown) error = { type: 'validation_error', code: shown.code, message: shown.message };
    });
    return {
      elementType: 'card',
      empty: empty,
      complete: complete,
      error: error,
      brand: cardBrand(digitsOf(inputs.number.value)),
      value: { postalCode: hidePostal ? '' : inputs.postal.value.trim() },
    };
  }

  // ----------------------------------------------------------------------------------------- messages

  function post(message) {
    message.source = 'sandbox-card';
    message.id = elementId;
    window.parent.postMessage(message, parentOrigin);
  }

  function emitChange() {
    var state = elementState(false);
    brandBadge.setAttribute('data-brand', state.brand);
    post({ type: 'change', event: state });
  }

  function reportHeight() {
    post({
      type: 'resize',
      height: Math.ceil(document.documentElement.getBoundingClientRect().height) || form.offsetHeight,
    });
  }

  // ------------------------------------------------------------------------------------ typing and focus

  function reformat(name, event) {
    var input = inputs[name];
    if (name === 'number') {
      var digits = digitsOf(input.value);
      input.value = formatNumber(digits.slice(0, numberLength(cardBrand(digits))));
      inputs.cvc.maxLength = cvcLength();
    } else if (name === 'exp') {
      var exp = digitsOf(input.value);
      // "4" can only be April: 04.
      if (exp.length === 1 && Number(exp) > 1) exp = '0' + exp;
      exp = exp.slice(0, 4);
      var deleting = event && event.inputType && event.inputType.indexOf('delete') === 0;
      input.value = exp.length > 2 || (exp.length === 2 && !deleting) ? exp.slice(0, 2) + ' / ' + exp.slice(2) : exp;
    } else if (name === 'cvc') {
      input.value = digitsOf(input.value).slice(0, cvcLength());
    } else {
      input.value = input.value.replace(/[^A-Za-z0-9 -]/g, '').slice(0, 10);
    }
  }

  /** Moves on to the next field when one is complete, as the provider's field does. */
  function advance(name, event) {
    if (!event || !event.inputType || event.inputType.indexOf('insert') !== 0) return;
    if (!fieldState(name).complete) return;
    var next = ORDER[ORDER.indexOf(name) + 1];
    if (next && !(next === 'postal' && hidePostal)) inputs[next].focus();
  }

  ORDER.forEach(function (name) {
    var input = inputs[name];
    input.addEventListener('input', function (event) {
      reformat(name, event);
      emitChange();
      advance(name, event);
    });
    input.addEventListener('blur', function () {
      if (input.value) touched[name] = true;
      emitChange();
    });
  });

  // The element as a whole is focused while any of its fields is.
  form.addEventListener('focusin', function () {
    if (focused) return;
    focused = true;
    post({ type: 'focus' });
  });
  form.addEventListener('focusout', function () {
    setTimeout(function () {
      if (!focused || form.contains(document.activeElement)) return;
      focused = false;
      post({ type: 'blur' });
    }, 0);
  });
  form.addEventListener('submit', function (event) {
    event.preventDefault();
  });
  // The page made the field wider or narrower: its fields may wrap onto another line, or back.
  window.addEventListener('resize', reportHeight);

  /** The colours card-frame.css draws with, and where each comes from in the provider's options. */
  var COLOURS = [
    {
      property: '--background',
      variable: 'colorBackground',
      style: function (style) {
        return style.base && style.base.backgroundColor;
      },
    },
    {
      property: '--text',
      variable: 'colorText',
      style: function (style) {
        return style.base && style.base.color;
      },
    },
    {
      property: '--placeholder',
      variable: 'colorTextPlaceholder',
      style: function (style) {
        return style.base && style.base['::placeholder'] && style.base['::placeholder'].color;
      },
    },
    {
      property: '--invalid',
      variable: 'colorDanger',
      style: function (style) {
        return style.invalid && style.invalid.color;
      },
    },
    {
      property: '--focus',
      variable: 'colorPrimary',
      style: function () {
        return undefined;
      },
    },
    {
      property: '--icon',
      variable: 'iconColor',
      style: function (style) {
        return style.base && style.base.iconColor;
      },
    },
  ];

  /**
   * The field's look, worked out afresh from each options message: the group's appearance theme ('night' is the
   * provider's dark one, anything else its light one), then its variables, then the element's own style, each
   * over the one before, as with the provider.
   */
  function applyAppearance(appearance, style) {
    var root = document.documentElement;
    var variables = appearance.variables || {};
    root.setAttribute('data-theme', appearance.theme === 'night' ? 'night' : 'stripe');
    COLOURS.forEach(function (colour) {
      var value = colour.style(style) || variables[colour.variable];
      if (value) root.style.setProperty(colour.property, String(value));
      else root.style.removeProperty(colour.property);
    });
  }

  function applyOptions(options, appearance) {
    options = options || {};
    var style = options.style || {};
    var base = style.base || {};
    applyAppearance(appearance || {}, style);
    if (base.fontSize) document.body.style.fontSize = String(base.fontSize);
    if (base.fontFamily) document.body.style.fontFamily = String(base.fontFamily);
    if (typeof options.hidePostalCode === 'boolean') {
      hidePostal = options.hidePostalCode;
      postalField.hidden = hidePostal;
    }
    if (typeof options.disabled === 'boolean') {
      ORDER.forEach(function (name) {
        inputs[name].disabled = options.disabled;
      });
    }
    if (options.value && typeof options.value.postalCode === 'string') inputs.postal.value = options.value.postalCode;
    reportHeight();
  }

  function clear() {
    ORDER.forEach(function (name) {
      inputs[name].value = '';
      touched[name] = false;
    });
    emitChange();
  }

  // ---------------------------------------------------------------------------------------- requests

  function cardDetails() {
    var exp = expiryDigits();
    return {
      number: digitsOf(inputs.number.value),
      exp_month: Number(exp.slice(0, 2)),
      exp_year: 2000 + Number(exp.slice(2, 4)),
      cvc: digitsOf(inputs.cvc.value),
      postal_code: hidePostal ? undefined : inputs.postal.value.trim() || undefined,
    };
  }

  var PATHS = {
    'confirm-setup': 'confirm-setup-intent',
    'confirm-payment': 'confirm-payment-intent',
    'payment-method': 'payment-methods',
    token: 'tokens',
  };

  /** Sends the card to the sandbox API; answers the page with the API's status and body. */
  function handleRequest(requestId, action, payload) {
    function reply(status, body) {
      post({ type: 'result', requestId: requestId, status: status, body: body });
    }
    var path = PATHS[action];
    if (!path) {
      reply(400, {
        error: { type: 'invalid_request_error', code: 'unknown_action', message: 'Unknown card field request.' },
      });
      return;
    }
    // The provider's library checks the fields before it sends anything.
    var state = elementState(true);
    ORDER.forEach(function (name) {
      touched[name] = true;
    });
    post({ type: 'change', event: state });
    if (state.error) {
      reply(400, { error: state.error });
      return;
    }
    var body = {
      key: payload.key,
      clientSecret: payload.clientSecret,
      card: cardDetails(),
      billingDetails: payload.billingDetails || undefined,
    };
    fetch(API + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify(body),
    })
      .then(function (response) {
        return response.json().then(function (json) {
          reply(response.status, json);
        });
      })
      .catch(function () {
        reply(0, {
          error: {
            type: 'api_connection_error',
            message: 'We could not reach the payment sandbox. Check your connection and try again.',
          },
        });
      });
  }

  window.addEventListener('message', function (event) {
    if (event.source !== window.parent || event.origin !== parentOrigin) return;
    var data = event.data;
    if (!data || data.target !== 'sandbox-card' || data.id !== elementId) return;
    switch (data.type) {
      case 'options':
        applyOptions(data.options, data.appearance);
        break;
      case 'focus':
        inputs.number.focus();
        break;
      case 'blur':
        if (form.contains(document.activeElement)) document.activeElement.blur();
        break;
      case 'clear':
        clear();
        break;
      case 'request':
        handleRequest(data.requestId, data.action, data.payload || {});
        break;
      default:
        break;
    }
  });

  post({
    type: 'ready',
    height: Math.ceil(document.documentElement.getBoundingClientRect().height) || form.offsetHeight,
  });
})();
