/**
 * Which of its three modes the server runs as (docs/deploy.md "Fail-closed start"): the demo, only when asked for;
 * the evaluation, only when asked for; or production, only with every real setting its features need. Anything else
 * stops the start before a route is served.
 */
import { isIP } from 'node:net';
import { z } from 'zod';
import { parseBoolean } from '../../core/rules/parse';
import { nonEmpty, refuse, type Env } from './settingSchemas';

export interface StartMode {
  demo: boolean;
  /** EVALUATION=1: production's shape (no demo host, seed or demo routes, an empty database) on the sandbox providers */
  evaluation: boolean;
  production: boolean;
}

type RequiredSetting = { name: string; value?: string };

/**
 * What production always runs on, in the order docs/deploy.md lists it. The card provider's entries name its real
 * provider: the sandbox, like every other default standing in for a setting here, belongs to the demo and the
 * evaluation. Each feature's switch must be said, on or off: a platform decides what it offers.
 */
const PRODUCTION_SETTINGS: readonly RequiredSetting[] = [
  { name: 'SESSION_SECRET' },
  { name: 'PLATFORM_API_KEYS' },
  { name: 'IDENTITY_AUDIENCE' },
  { name: 'PAYMENTS_PROVIDER', value: 'stripe' },
  { name: 'STRIPE_SECRET_KEY' },
  { name: 'PAYMENT_PUBLISHABLE_KEY' },
  { name: 'PAYMENTS_WEBHOOK_SECRET' },
  { name: 'CUSTOM_DOMAINS_ENABLED' },
  { name: 'SENDING_DOMAINS_ENABLED' },
  { name: 'DOMAIN_PURCHASE_ENABLED' },
  { name: 'TRUST_PROXY_HOPS' },
];

/**
 * The features a platform may offer or not, each with its switch and the real provider it needs when on (in the
 * order docs/deploy.md lists them): custom domains the edge, sending domains the mail provider, domain purchase the
 * registrar. config/serverConfig.ts reads the switches; docs/deploy.md "Features" says what an off feature shows.
 */
export const FEATURE_SETTINGS = [
  {
    setting: 'CUSTOM_DOMAINS_ENABLED',
    provider: [{ name: 'EDGE_PROVIDER', value: 'cloudflare' }, { name: 'EDGE_API_TOKEN' }, { name: 'EDGE_ZONE_ID' }],
  },
  {
    setting: 'SENDING_DOMAINS_ENABLED',
    provider: [{ name: 'MAIL_PROVIDER', value: 'mailgun' }, { name: 'MAILGUN_API_KEY' }],
  },
  {
    setting: 'DOMAIN_PURCHASE_ENABLED',
    provider: [
      { name: 'REGISTRAR_PROVIDER', value: 'entri' },
      { name: 'ENTRI_APPLICATION_ID' },
      { name: 'ENTRI_SECRET' },
    ],
  },
] as const satisfies ReadonlyArray<{ setting: string; provider: readonly RequiredSetting[] }>;

/** The settings that choose or hold a real provider: the evaluation runs the sandboxes, so it refuses every one set. */
const REAL_PROVIDER_SETTINGS = [
  'STRIPE_SECRET_KEY',
  'STRIPE_API_BASE',
  ...FEATURE_SETTINGS.flatMap(({ provider }) =>
    (provider as readonly RequiredSetting[]).filter(({ value }) => value === undefined).map(({ name }) => name),
  ),
];
const PROVIDER_CHOICES = ['PAYMENTS_PROVIDER', ...FEATURE_SETTINGS.map(({ provider }) => provider[0].name)];

function isMissing(env: Env, { name, value }: RequiredSetting): boolean {
  const set = nonEmpty(env[name]);
  return value === undefined ? set === null : set !== value;
}

const asWritten = ({ name, value }: RequiredSetting) => (value === undefined ? name : `${name}=${value}`);

/**
 * The production settings `env` lacks, each as it must be set: all of them, so one failed start names them all.
 * A feature switched on needs its provider's settings too; the database is named here as well (config/runtimeSettings.ts
 * says why), so a second start is not refused for it.
 */
function missingProductionSettings(env: Env): string[] {
  const missing = PRODUCTION_SETTINGS.filter((setting) => isMissing(env, setting)).map(asWritten);
  for (const { setting, provider } of FEATURE_SETTINGS) {
    if (parseBoolean(env[setting] ?? ''))
      missing.push(...provider.filter((needed) => isMissing(env, needed)).map(asWritten));
  }
  if (nonEmpty(env.DATABASE_URL) === null && !parseBoolean(env.SINGLE_NODE ?? ''))
    missing.push('DATABASE_URL (or SINGLE_NODE=1)');
  return missing;
}

/** What keeps the evaluation on its sandboxes and on this machine: a real provider's setting, or a public address. */
function evaluationRefusals(env: Env): string[] {
  const refusals = [
    ...PROVIDER_CHOICES.filter((name) => nonEmpty(env[name]) !== null && nonEmpty(env[name]) !== 'sandbox').map(
      (name) => `${name}=${nonEmpty(env[name])}`,
    ),
    ...REAL_PROVIDER_SETTINGS.filter((name) => nonEmpty(env[name]) !== null),
  ];
  const listenHost = nonEmpty(env.LISTEN_HOST);
  if (listenHost !== null && isIP(listenHost) !== 0 && !isLoopback(listenHost))
    refusals.push(`LISTEN_HOST=${listenHost}`);
  return refusals;
}

function isLoopback(address: string): boolean {
  return address === '::1' || /^127\./.test(address);
}

/**
 * Fails closed: the server runs as the demo only when asked to (DEMO=1), as the evaluation only when asked to
 * (EVALUATION=1), as production only with every real setting, and refuses to start otherwise. Never two at once: the
 * demo serves test routes and a public webhook secret, and the evaluation takes sandbox cards. Reads the whole
 * environment (production's settings among it); config/serverConfig.ts reads it first, before any setting.
 */
export const startModeSchema = z
  .looseObject({ DEMO: z.string().optional(), EVALUATION: z.string().optional(), NODE_ENV: z.string().optional() })
  .transform((env, ctx): StartMode => {
    // DEMO=1 and EVALUATION=1, read as the project's other boolean settings are.
    const demo = parseBoolean(env.DEMO ?? '');
    const evaluation = parseBoolean(env.EVALUATION ?? '');
    const production = env.NODE_ENV === 'production';
    if (demo && production) {
      return refuse(
        ctx,
        'DEMO=1 and NODE_ENV=production exclude each other: the demo serves test routes and sandboxes (docs/deploy.md)',
      );
    }
    if (evaluation && production) {
      return refuse(
        ctx,
        'EVALUATION=1 and NODE_ENV=production exclude each other: the evaluation takes sandbox cards (docs/deploy.md)',
      );
    }
    if (demo && evaluation)
      return refuse(
        ctx,
        'DEMO=1 and EVALUATION=1 exclude each other: choose the demo or the evaluation (docs/deploy.md)',
      );
    if (!demo && !evaluation && !production) {
      return refuse(
        ctx,
        'set DEMO=1 to run the demo, EVALUATION=1 to evaluate, or NODE_ENV=production with the real settings (docs/deploy.md)',
      );
    }
    if (production) {
      const missing = missingProductionSettings(env as Env);
      if (missing.length > 0) return refuse(ctx, `NODE_ENV=production needs ${missing.join(', ')} (docs/deploy.md)`);
    }
    if (evaluation) {
      // The demo's public key never opens the platform API outside the demo: the evaluator chooses one.
      if (nonEmpty((env as Env).PLATFORM_API_KEYS) === null) {
        return refuse(
          ctx,
          'EVALUATION=1 needs PLATFORM_API_KEYS, a key of your own of 32+ characters (docs/deploy.md "Evaluation")',
        );
      }
      const refused = evaluationRefusals(env as Env);
      if (refused.length > 0) {
        return refuse(
          ctx,
          `EVALUATION=1 runs the sandbox providers on this machine only: unset ${refused.join(', ')} (docs/deploy.md "Evaluation")`,
        );
      }
    }
    return { demo, evaluation, production };
  });
