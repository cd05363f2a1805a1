import { createContext, useContext } from 'react';

/**
 * Run-time configuration. The panel's server injects it into index.html as
 * `<script id="panel-config" type="application/json">`, so one build serves every environment; without it (unit
 * tests, a bare build) the demo defaults of DEMO.md apply.
 */
export interface PanelConfig {
  /** Origins of the host pages allowed to talk to the panel; messages from any other origin are ignored. */
  hostOrigins: string[];
  /** Error reporting is off when null. */
  sentryDsn: string | null;
  supportEmail: string;
  platformName: string;
  /** The hosted ("pro") domain, e.g. inkwell.test. */
  proDomain: string;
  companySite: string;
  /** The card provider's browser script (the sandbox stand-in in the demo). */
  paymentScriptUrl: string;
  /** The card provider's publishable key. */
  paymentPublishableKey: string;
  /** Where custom plans go when the customer portal URL cannot be fetched. */
  portalLoginUrl: string;
  environment: string;
}

export const defaultConfig: PanelConfig = {
  hostOrigins: ['http://127.0.0.1:4000', 'http://localhost:4000'],
  sentryDsn: null,
  supportEmail: 'support@inkwell.test',
  platformName: 'Inkwell',
  proDomain: 'inkwell.test',
  companySite: 'https://inkwell.test',
  paymentScriptUrl: '/sandbox/payments.js',
  paymentPublishableKey: 'pk_test_sandbox',
  portalLoginUrl: 'https://inkwell.test/billing/login',
  environment: 'production',
};

export function readConfig(doc: Document): PanelConfig {
  const element = doc.getElementById('panel-config');
  if (!element?.textContent) return defaultConfig;
  try {
    const injected = JSON.parse(element.textContent) as Partial<PanelConfig>;
    return { ...defaultConfig, ...injected };
  } catch {
    return defaultConfig;
  }
}

/** The configuration as components read it; the app provides it once at boot. */
export const ConfigContext = createContext<PanelConfig>(defaultConfig);

export function useConfig(): PanelConfig {
  return useContext(ConfigContext);
}
