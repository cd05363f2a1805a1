/** The payments provider the configuration names: the sandbox (default) or the real provider. */
import type { PaymentsConfig } from '../config/serverConfig';
import type { Db } from '../db/database';
import type { PaymentsProvider } from './provider';
import { SandboxProvider } from './sandbox/sandboxProvider';
import { StripeProvider } from './stripe';

export interface ProviderContext {
  db: Db;
  now: () => number;
  /** the panel server's own address, once it listens */
  publicUrl: () => string;
  /** who issues the invoices: the sandbox prints it on its invoice PDFs (the real provider has it in its account) */
  platformName: string;
}

export function createPaymentsProvider(config: PaymentsConfig, context: ProviderContext): PaymentsProvider {
  if (config.provider === 'stripe') {
    // loadConfig refuses PAYMENTS_PROVIDER=stripe without a key; checked again for callers that build a config by hand.
    if (config.stripeSecretKey === null) throw new Error('the stripe payments provider needs a secret key');
    return new StripeProvider({
      secretKey: config.stripeSecretKey,
      apiBase: config.stripeApiBase,
      webhookSecret: config.webhookSecret,
      now: context.now,
    });
  }
  return new SandboxProvider({
    db: context.db,
    now: context.now,
    publicUrl: context.publicUrl,
    webhookSecret: config.webhookSecret,
    platformName: context.platformName,
  });
}
