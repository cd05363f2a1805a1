/**
 * The kinds of setting the environment holds, as zod schemas of a variable's raw value (a string, or undefined when
 * unset), and the error a setting that cannot be used stops the start with. config/serverConfig.ts puts them together into the
 * one schema of the environment (`envSchema`); each setting's refusal is worded here, a rule between settings where
 * it is read (config/serverConfig.ts, config/runtimeSettings.ts, config/observabilitySettings.ts). zod is loaded at start anyway: the call
 * contract (core/contract) is written in it.
 */
import { isIP } from 'node:net';
import { z } from 'zod';
import { parseBoolean } from '../../core/rules/parse';

export class ConfigError extends Error {}

/** The environment as the process has it. */
export type Env = Readonly<Record<string, string | undefined>>;

/** One variable's schema, given its name (for its refusals' words). */
export type Setting<T> = (name: string) => z.ZodType<T, string | undefined>;

/** What the settings named by `S` read as. */
export type SettingValues<S extends Record<string, Setting<unknown>>> = {
  [K in keyof S]: S[K] extends Setting<infer T> ? T : never;
};

/** Refuses the setting with `message` (the start stops with it: readEnv). */
export function refuse(ctx: z.RefinementCtx, message: string): never {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
}

export function nonEmpty(raw: string | undefined): string | null {
  return raw === undefined || raw.trim() === '' ? null : raw.trim();
}

/** The schema of environment variables named by `settings`' keys; any other variable is left alone. */
export function envObject<S extends Record<string, Setting<unknown>>>(settings: S) {
  const shape = Object.fromEntries(Object.entries(settings).map(([name, setting]) => [name, setting(name)]));
  return z.object(shape as { [K in keyof S]: ReturnType<S[K]> });
}

/**
 * `env` read through `schema`; a ConfigError with the first refusal's words otherwise, the settings refused in the
 * order the schema names them.
 */
export function readEnv<T>(schema: z.ZodType<T>, env: Env): T {
  const result = schema.safeParse(env);
  if (!result.success) throw new ConfigError(result.error.issues[0]!.message);
  return result.data;
}

/** Text as set, trimmed; null when unset or blank. */
export const text: Setting<string | null> = () => z.string().optional().transform(nonEmpty);

/** An IP address to bind (a name would resolve to who knows which interface); `fallback` when unset or blank. */
export function ipAddress(fallback: string): Setting<string> {
  return (name) =>
    text(name).transform((host, ctx) => {
      const value = host ?? fallback;
      return isIP(value) === 0
        ? refuse(ctx, `${name} must be an IP address (127.0.0.1, 0.0.0.0, ::), got "${value}"`)
        : value;
    });
}

/** 1, true, yes, on (core/rules/parse.ts); null when unset or blank. */
export const flag: Setting<boolean | null> = () =>
  z
    .string()
    .optional()
    .transform((raw) => (nonEmpty(raw) === null ? null : parseBoolean(raw!.trim())));

/** A whole number from 0 to `max`; `fallback` when unset or blank. */
export function integer(fallback: number, max: number): Setting<number> {
  return (name) =>
    z
      .string()
      .optional()
      .transform((raw, ctx) => integerOf(name, raw, fallback, max, ctx));
}

/** integer, and null when unset or blank. */
export function optionalInteger(max: number): Setting<number | null> {
  return (name) =>
    z
      .string()
      .optional()
      .transform((raw, ctx) => (nonEmpty(raw) === null ? null : integerOf(name, raw, 0, max, ctx)));
}

/** A rate, a size or a count that 0 would turn off: at least one. */
export function atLeastOne(fallback: number, max: number): Setting<number> {
  return (name) => integer(fallback, max)(name).transform((value) => Math.max(1, value));
}

function integerOf(name: string, raw: string | undefined, fallback: number, max: number, ctx: z.RefinementCtx): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > max)
    return refuse(ctx, `${name} must be an integer from 0 to ${max}, got "${raw}"`);
  return value;
}

/** One setting read alone, as the schema reads it (`parseInteger('DNS_PORT', env.DNS_PORT, 5300, 65535)`). */
export function parseInteger(name: string, raw: string | undefined, fallback: number, max: number): number {
  return readEnv(envObject({ [name]: integer(fallback, max) }), { [name]: raw })[name]!;
}

/** One of `choices`, the first by default. */
export function oneOf<const C extends readonly [string, ...string[]]>(choices: C): Setting<C[number]> {
  const words = choices.map((choice) => `"${choice}"`).join(' or ');
  return (name) =>
    z
      .string()
      .optional()
      .transform((raw, ctx) => {
        const value = nonEmpty(raw) ?? choices[0];
        return (choices as readonly string[]).includes(value)
          ? (value as C[number])
          : refuse(ctx, `${name} must be ${words}, got "${value}"`);
      });
}

function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** An http(s) URL, without trailing slashes; `fallback` when unset (null: no URL). */
export function httpUrl<F extends string | null>(fallback: F): Setting<string | F> {
  return (name) =>
    z
      .string()
      .optional()
      .transform((raw, ctx) => {
        const value = nonEmpty(raw) ?? fallback;
        if (value === null) return fallback;
        return isHttpUrl(value)
          ? value.replace(/\/+$/, '')
          : refuse(ctx, `${name} must be an http(s) URL, got "${value}"`);
      });
}

/** An http(s) URL kept as written; null when unset. */
export const httpUrlAsWritten: Setting<string | null> = (name) =>
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const value = nonEmpty(raw);
      return value === null || isHttpUrl(value) ? value : refuse(ctx, `${name} must be an http(s) URL, got "${value}"`);
    });

/** Comma-separated entries each `entryOf` accepts (or refuses, with its words); null when unset. */
export function list<T>(entryOf: (entry: string, name: string, ctx: z.RefinementCtx) => T): Setting<T[] | null> {
  return (name) =>
    z
      .string()
      .optional()
      .transform((raw, ctx) =>
        nonEmpty(raw) === null ? null : raw!.split(',').map((entry) => entryOf(entry.trim(), name, ctx)),
      );
}

/**
 * One origin exactly, as WHATWG URL writes it (lower case, no default port, no trailing slash), so it compares
 * equal to a message's event.origin and stands for itself alone in CSP frame-ancestors. null for anything else: a
 * pattern such as 'https://*.example.com' would let every matching site frame the panel, and a path, query or
 * credentials would say more than an origin can.
 */
function exactOrigin(entry: string): string | null {
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    return null;
  }
  const isOrigin =
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    !url.hostname.includes('*') &&
    url.username === '' &&
    url.password === '' &&
    url.pathname === '/' &&
    url.search === '' &&
    url.hash === '';
  return isOrigin ? url.origin : null;
}

/** HOST_ORIGINS: exact origins, comma separated; null when unset. */
export const origins: Setting<string[] | null> = (name) =>
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (nonEmpty(raw) === null) return null;
      const entries = raw!
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      if (entries.length === 0) return refuse(ctx, `${name} names no origin, got "${raw}"`);
      return entries.map((entry) => {
        const origin = exactOrigin(entry);
        if (origin === null)
          return refuse(
            ctx,
            `${name} entry "${entry}" is not an exact origin: scheme://host[:port], http or https, without path or wildcard`,
          );
        return origin;
      });
    });

/** The demo's platform key (docs/platform-api.md's curl session uses it); never accepted outside the demo. */
export const DEMO_PLATFORM_API_KEY = 'demo-platform-key-0123456789abcdef';
/** A key is a secret the platform's backend holds: as long as the session secret, so it cannot be guessed. */
const MIN_PLATFORM_API_KEY_LENGTH = 32;

/**
 * A platform key as PLATFORM_API_KEYS names it: `name:key`, or the key alone. The name is what the audit trail
 * says made a change (platform/auditTrail.ts); a key alone is told there by its fingerprint. Naming each key lets
 * a rotation show in the trail (`ops-2026:<new key>` beside `ops-2025:<old key>`).
 */
export interface PlatformApiKey {
  name: string | null;
  key: string;
}

/** A key's name: short, printable, no comma or colon (which split the setting), so it stands for itself in the trail. */
export const PLATFORM_KEY_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

/** One entry of PLATFORM_API_KEYS: `name:key` when it holds a colon (a key's own characters hold none), else a key alone. */
function platformKeyOf(entry: string, name: string, ctx: z.RefinementCtx): PlatformApiKey | null {
  const colon = entry.indexOf(':');
  if (colon < 0) return { name: null, key: entry };
  const keyName = entry.slice(0, colon).trim();
  if (!PLATFORM_KEY_NAME_PATTERN.test(keyName)) {
    refuse(
      ctx,
      `${name}: "${keyName}" is not a key's name: 1 to 64 letters, digits, _ . or -, starting with a letter or digit (name:key)`,
    );
    return null;
  }
  return { name: keyName, key: entry.slice(colon + 1).trim() };
}

/**
 * PLATFORM_API_KEYS: the platform API's keys, comma separated, each `name:key` or a key alone; none when unset (the
 * demo then takes its own).
 */
export const platformApiKeys: Setting<PlatformApiKey[]> = (name) =>
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const read = (nonEmpty(raw) ?? '')
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean)
        .map((entry) => platformKeyOf(entry, name, ctx));
      // A refused name was reported: the keys go no further.
      if (read.includes(null)) return z.NEVER;
      const keys = read as PlatformApiKey[];
      if (keys.some(({ key }) => key.length < MIN_PLATFORM_API_KEY_LENGTH))
        return refuse(ctx, `${name}: every key must be at least ${MIN_PLATFORM_API_KEY_LENGTH} characters`);
      const names = keys.flatMap((key) => (key.name === null ? [] : [key.name]));
      const twice = names.find((keyName, index) => names.indexOf(keyName) !== index);
      // One name, one key: the trail must say which key made a change.
      if (twice !== undefined) return refuse(ctx, `${name}: the name "${twice}" is given to two keys`);
      if (new Set(keys.map(({ key }) => key)).size !== keys.length)
        return refuse(ctx, `${name}: a key is listed twice`);
      return keys;
    });
