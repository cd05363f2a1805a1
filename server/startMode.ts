/**
 * Which of its two modes the server runs as (docs/deploy.md "Fail-closed start"): the demo, only when asked for, or
 * production, only with every real setting. Anything else stops the start before a route is served.
 */
import { z } from 'zod';
import { parseBoolean } from '../core/rules/parse';
import { nonEmpty, refuse, type Env } from './configValues';

export interface StartMode {
  demo: boolean;
  production: boolean;
}

/**
 * What production runs on, in the order docs/deploy.md lists it. A provider's entry names its real provider: the
 * sandboxes, like every other default standing in for a setting here, belong to the demo.
 */
const PRODUCTION_SETTINGS: ReadonlyArray<{ name: string; value?: string }> = [
  { name: 'SESSION_SECRET' },
  { name: 'PLATFORM_API_KEYS' },
  { name: 'IDENTITY_AUDIENCE' },
  { name: 'PAYMENTS_PROVIDER', value: 'stripe' },
  { name: 'STRIPE_SECRET_KEY' },
  { name: 'PAYMENT_PUBLISHABLE_KEY' },
  { name: 'PAYMENTS_WEBHOOK_SECRET' },
  { name: 'EDGE_PROVIDER', value: 'cloudflare' },
  { name: 'EDGE_API_TOKEN' },
  { name: 'EDGE_ZONE_ID' },
  { name: 'MAIL_PROVIDER', value: 'mailgun' },
  { name: 'MAILGUN_API_KEY' },
  { name: 'REGISTRAR_PROVIDER', value: 'entri' },
  { name: 'ENTRI_APPLICATION_ID' },
  { name: 'ENTRI_SECRET' },
  { name: 'TRUST_PROXY_HOPS' },
];

/** The production settings `env` lacks, each as it must be set: all of them, so one failed start names them all. */
function missingProductionSettings(env: Env): string[] {
  return PRODUCTION_SETTINGS.filter(({ name, value }) => {
    const set = nonEmpty(env[name]);
    return value === undefined ? set === null : set !== value;
  }).map(({ name, value }) => (value === undefined ? name : `${name}=${value}`));
}

/**
 * Fails closed: the server runs as the demo only when asked to (DEMO=1), as production only with every real
 * setting, and refuses to start otherwise. Never both: the demo serves test routes and a public webhook secret.
 * Reads the whole environment (production's settings among it); config.ts reads it first, before any setting.
 */
export const startModeSchema = z.looseObject({ DEMO: z.string().optional(), NODE_ENV: z.string().optional() }).transform((env, ctx): StartMode => {
  // DEMO=1, read as the project's other boolean settings are.
  const demo = parseBoolean(env.DEMO ?? '');
  const production = env.NODE_ENV === 'production';
  if (demo && production) {
    return refuse(ctx, 'DEMO=1 and NODE_ENV=production exclude each other: the demo serves test routes and sandboxes (docs/deploy.md)');
  }
  if (!demo && !production) return refuse(ctx, 'set DEMO=1 to run the demo, or NODE_ENV=production with the real settings (docs/deploy.md)');
  const missing = production ? missingProductionSettings(env as Env) : [];
  if (missing.length > 0) return refuse(ctx, `NODE_ENV=production needs ${missing.join(', ')} (docs/deploy.md)`);
  return { demo, production };
});
