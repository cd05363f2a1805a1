/**
 * Reading one setting's raw value: what every part of the configuration (config.ts, startMode.ts) reads alike, and
 * the error a setting that cannot be used stops the start with.
 */

export class ConfigError extends Error {}

export function parseInteger(name: string, raw: string | undefined, fallback: number, max: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > max) throw new ConfigError(`${name} must be an integer from 0 to ${max}, got "${raw}"`);
  return value;
}

export function nonEmpty(raw: string | undefined): string | null {
  return raw === undefined || raw.trim() === '' ? null : raw.trim();
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
export function parseOrigins(raw: string | undefined): string[] | null {
  if (nonEmpty(raw) === null) return null;
  const entries = raw!.split(',').map((entry) => entry.trim()).filter(Boolean);
  if (entries.length === 0) throw new ConfigError(`HOST_ORIGINS names no origin, got "${raw}"`);
  return entries.map((entry) => {
    const origin = exactOrigin(entry);
    if (origin === null) throw new ConfigError(`HOST_ORIGINS entry "${entry}" is not an exact origin: scheme://host[:port], http or https, without path or wildcard`);
    return origin;
  });
}

/** The demo's platform key (docs/platform-api.md's curl session uses it); never accepted outside the demo. */
export const DEMO_PLATFORM_API_KEY = 'demo-platform-key-0123456789abcdef';
/** A key is a secret the platform's backend holds: as long as the session secret, so it cannot be guessed. */
const MIN_PLATFORM_API_KEY_LENGTH = 32;

/** PLATFORM_API_KEYS: the platform API's keys, comma separated; the demo's own key when unset in the demo. */
export function parsePlatformApiKeys(raw: string | undefined, demo: boolean): string[] {
  const keys = (nonEmpty(raw) ?? '').split(',').map((key) => key.trim()).filter(Boolean);
  const short = keys.find((key) => key.length < MIN_PLATFORM_API_KEY_LENGTH);
  if (short !== undefined) throw new ConfigError(`PLATFORM_API_KEYS: every key must be at least ${MIN_PLATFORM_API_KEY_LENGTH} characters`);
  return keys.length > 0 ? keys : demo ? [DEMO_PLATFORM_API_KEY] : [];
}
