import { createContext, useContext } from 'react';
import type { PanelConfig } from '../core/contract';
import { DEFAULT_BRAND, defaultDomainSettings, defaultPortalLoginUrl } from '../core/contract/values';
import { ERROR_REPORTING } from '../core/rules/constants';
import { injectedConfig } from './injectedConfig';

/**
 * Run-time configuration (its shape is in the call contract, shared with the server that injects it). Without
 * the injected script the demo defaults of docs/demo.md apply in unit tests and a development build; a production
 * build falls back on none of the demo's origins or keys (UNCONFIGURED).
 */
export type { PanelConfig };

export const defaultConfig: PanelConfig = {
  hostOrigins: ['http://127.0.0.1:4000', 'http://localhost:4000'],
  site: null,
  sentryDsn: null,
  ...DEFAULT_BRAND,
  paymentScriptUrl: '/sandbox/payments.js',
  paymentPublishableKey: 'pk_test_sandbox',
  portalLoginUrl: defaultPortalLoginUrl(DEFAULT_BRAND),
  environment: ERROR_REPORTING.environment,
  ...defaultDomainSettings(DEFAULT_BRAND),
};

/**
 * What a production page the server did not configure (served from a bare file host, say) runs with: it trusts no
 * host, so it talks to none and signs nobody in, and holds no payment key or error-reporting address of the demo's.
 */
const UNCONFIGURED: Partial<PanelConfig> = { hostOrigins: [], site: null, paymentPublishableKey: '', sentryDsn: null };

export function readConfig(doc: Document): PanelConfig {
  const injected = injectedConfig(doc);
  if (injected === null && process.env.NODE_ENV === 'production') return { ...defaultConfig, ...UNCONFIGURED };
  return { ...defaultConfig, ...injected };
}

/** The configuration as components read it; the app provides it once at boot. */
export const ConfigContext = createContext<PanelConfig>(defaultConfig);

export function useConfig(): PanelConfig {
  return useContext(ConfigContext);
}
