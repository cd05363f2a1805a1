/** Lenient parsing of values that come from settings, query strings and the host page. */
import { BOOLEAN_TRUE_STRINGS } from './constants';

const MAJOR_VERSION_PATTERN = /^\s*v?(\d+)(?:\.|\s*$)/i;

/** "Boolean parsing accepts true, 1, yes, on" (trimmed, any case); everything else is false. */
export function parseBoolean(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value === 1;
  return typeof value === 'string' && BOOLEAN_TRUE_STRINGS.includes(value.trim().toLowerCase());
}

/** The major part of a platform version ('5.2.0' -> 5); null when the text is not a version. */
export function parseMajorVersion(version: string): number | null {
  const match = MAJOR_VERSION_PATTERN.exec(version);
  return match ? Number(match[1]) : null;
}
