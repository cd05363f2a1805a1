import { createContext, useContext } from 'react';
import type { PanelConfig } from '../core/contract';
import { DEFAULT_BRAND, defaultDomainSettings, defaultPortalLoginUrl } from '../core/contract/values';
import { ERROR_REPORTING } from '../core/rules/constants';
import { injectedConfig } from './injectedConfig';

/**
 * Run-time configuration (its shape is in the call contract, shared with the server that injects it). Without
 * the injected script (unit tests, a bare build) the demo defaults of docs/demo.md apply.
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

export function readConfig(doc: Document): PanelConfig {
  return { ...defaultConfig, ...injectedConfig(doc) };
}

/** The configuration as components read it; the app provides it once at boot. */
export const ConfigContext = createContext<PanelConfig>(defaultConfig);

export function useConfig(): PanelConfig {
  return useContext(ConfigContext);
}
