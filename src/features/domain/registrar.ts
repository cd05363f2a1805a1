/**
 * The domain registrar's widget (SPEC 4 "Domain purchase"): its script loads on demand from a third-party host
 * (the sandbox stand-in in the demo), opens with `window.entri.showEntri(...)`, and says it closed with the
 * `onEntriClose` window event, whose detail is the close message of SPEC 3.
 */
import type { RegistrarCloseMessage } from '../../../core/contract';
import type { DnsRecord } from '../../../core/rules/domains';

export interface RegistrarWidgetConfig {
  applicationId: string;
  token: string;
  /** The records the bought domain is set up with: the same the custom domain setup asks for. */
  dnsRecords: Array<Pick<DnsRecord, 'type' | 'host' | 'value' | 'ttl'>>;
}

export interface RegistrarWidget {
  showEntri(config: RegistrarWidgetConfig): void;
}

declare global {
  interface Window {
    entri?: RegistrarWidget;
  }
}

export const REGISTRAR_CLOSE_EVENT = 'onEntriClose';

let loading: Promise<RegistrarWidget> | null = null;

/**
 * Loads the widget's script once: callers while it loads share the load; once loaded the global answers; a
 * failed load is forgotten, so the next purchase tries again.
 */
export function loadRegistrarWidget(url: string, page: Window = window): Promise<RegistrarWidget> {
  if (page.entri) return Promise.resolve(page.entri);
  if (loading) return loading;
  loading = new Promise<RegistrarWidget>((resolve, reject) => {
    const script = page.document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () =>
      page.entri ? resolve(page.entri) : reject(new Error('The registrar script defined no widget'));
    script.onerror = () => {
      script.remove();
      reject(new Error('The registrar script failed to load'));
    };
    page.document.head.append(script);
  }).finally(() => {
    loading = null;
  });
  return loading;
}

/** The next close message of the widget; an abort (the screen went away) stops listening. */
export function nextRegistrarClose(signal: AbortSignal, page: Window = window): Promise<RegistrarCloseMessage | null> {
  return new Promise((resolve) => {
    const onClose = (event: Event) => {
      signal.removeEventListener('abort', onAbort);
      resolve((event as CustomEvent<RegistrarCloseMessage>).detail);
    };
    const onAbort = () => {
      page.removeEventListener(REGISTRAR_CLOSE_EVENT, onClose);
      resolve(null);
    };
    page.addEventListener(REGISTRAR_CLOSE_EVENT, onClose, { once: true });
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
