/*
 * The dialog the sandboxes' browser scripts show on top of the page in place of a real service's window: the
 * payment sandbox's authentication challenge (payments/sandbox/browser/payments.js) and the registrar sandbox's
 * purchase dialog (registrar/browser/entri.js). One look and one way of behaving as a modal dialog: a backdrop
 * over everything, the dialog named by its title, Escape handled before the page's own dialogs see it, and the
 * focus given back to where it was on close.
 *
 * An ES module: the scripts that import it are bundled for the browser by server/browser/bundle.ts.
 */

/** Above everything the host page and the panel can draw. */
var TOP_LAYER = '2147483647';

/** An element with its text and inline style (the sandboxes' scripts bring no stylesheet). */
export function styledElement(tag, text, style) {
  var node = document.createElement(tag);
  if (text) node.textContent = text;
  if (style) Object.assign(node.style, style);
  return node;
}

/** A dialog's button: the primary action filled, the others outlined. */
export function dialogButton(label, primary) {
  var node = styledElement('button', label, {
    font: 'inherit',
    padding: '0.5rem 1rem',
    borderRadius: '4px',
    cursor: 'pointer',
    border: primary ? '1px solid #1d4ed8' : '1px solid #8e969d',
    background: primary ? '#1d4ed8' : '#ffffff',
    color: primary ? '#ffffff' : '#15171a',
  });
  node.type = 'button';
  return node;
}

/**
 * Opens a modal dialog titled `options.title`, its body the `options.content` nodes. `options.onEscape` runs on
 * Escape, `options.onKeyDown` (if any) sees every other key first; both are captured on the document, so the
 * page's own dialog keeps out. Answers the dialog and `close()`, which removes it and gives the focus back.
 *
 * options: {className, idPrefix, title, description?, width, content: Node[], onEscape, onKeyDown?}
 */
export function openSandboxDialog(options) {
  var opener = document.activeElement;
  var titleId = options.idPrefix + '-title';
  var descriptionId = options.idPrefix + '-text';

  var backdrop = styledElement('div', '', {
    position: 'fixed',
    inset: '0',
    zIndex: TOP_LAYER,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    background: 'rgba(21, 23, 26, 0.55)',
  });
  backdrop.className = options.className;
  var dialog = styledElement('div', '', {
    background: '#ffffff',
    color: '#15171a',
    font: '15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif',
    width: options.width,
    maxWidth: 'calc(100vw - 2rem)',
    padding: '1.5rem',
    borderRadius: '8px',
    boxShadow: '0 12px 40px rgba(0, 0, 0, 0.3)',
  });
  dialog.setAttribute('role', 'dialog');
  dialog.setAttribute('aria-modal', 'true');
  dialog.setAttribute('aria-labelledby', titleId);
  var title = styledElement('h2', options.title, { margin: '0 0 0.5rem', fontSize: '1.2rem' });
  title.id = titleId;
  dialog.appendChild(title);
  if (options.description) {
    var description = styledElement('p', options.description, { margin: '0 0 1rem' });
    description.id = descriptionId;
    dialog.setAttribute('aria-describedby', descriptionId);
    dialog.appendChild(description);
  }
  options.content.forEach(function (node) {
    dialog.appendChild(node);
  });

  function onKeyDown(event) {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      options.onEscape();
    } else if (options.onKeyDown) {
      options.onKeyDown(event);
    }
  }

  function close() {
    document.removeEventListener('keydown', onKeyDown, true);
    if (backdrop.parentNode) backdrop.parentNode.removeChild(backdrop);
    if (opener && typeof opener.focus === 'function') opener.focus();
  }

  document.addEventListener('keydown', onKeyDown, true);
  backdrop.appendChild(dialog);
  document.body.appendChild(backdrop);
  return { dialog: dialog, close: close };
}
