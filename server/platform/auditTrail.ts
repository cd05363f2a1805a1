/**
 * The platform API's audit trail (docs/platform-api.md "Who changed what"): every change a platform key makes through
 * the API (a site's PUT or DELETE, the catalogue's PUT) is kept as an event, written in the change's own
 * transaction, so a change is never without its event and a refused one leaves none. An event says which key made
 * the change (its name in PLATFORM_API_KEYS, and always its fingerprint, never the key), when, under which request
 * id, and what changed: the fields that differ, each with its value before and after.
 *
 * Each site has its stream of events, and the catalogue one: numbered 1, 2, ... within the stream. Two changes of
 * one stream at once both take the next number; the table's key refuses the second, whose transaction runs again.
 * Events are kept with the site's history: a removed site's stay, and are read back by the platform.
 */
import { createHash } from 'node:crypto';
import { stableJson } from '../../core/rules/json';
import type { Db } from '../db/database';
import type { PlatformEvent, PlatformEventPage } from './contract';

/** Who made a change: the key's name (null: it has none) and fingerprint, and the request that carried it. */
export interface PlatformActor {
  keyName: string | null;
  keyFingerprint: string;
  requestId: string;
}

/** How many hex digits of the key's SHA-256 tell it apart: enough for a handful of keys, far too few to find it. */
const FINGERPRINT_HEX_DIGITS = 12;

/** The first 12 hex digits of the key's SHA-256: what the trail (and the docs' rotation steps) tell a key by. */
export function keyFingerprint(key: string): string {
  return createHash('sha256').update(key).digest('hex').slice(0, FINGERPRINT_HEX_DIGITS);
}

export type PlatformEventAction = PlatformEvent['action'];
export type FieldChange = PlatformEvent['changes'][number];

/** The catalogue's stream; a site's is `site:<id>`. */
export const CATALOGUE_STREAM = 'catalog';
export const siteStream = (siteId: string) => `site:${siteId}`;

/** A JSON Pointer's reference token (RFC 6901): `~` and `/` escaped, so an id with either still names one field. */
const pointerToken = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The fields that differ between two views of one thing, each named by its JSON Pointer with its value before and
 * after (null: absent). Objects are compared field by field; a list or a plain value is one field, compared whole.
 */
export function changesBetween(before: unknown, after: unknown, at = ''): FieldChange[] {
  if (isPlainObject(before) && isPlainObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return keys.flatMap((key) => changesBetween(before[key], after[key], `${at}/${pointerToken(key)}`));
  }
  const was = before ?? null;
  const is = after ?? null;
  return stableJson(was) === stableJson(is) ? [] : [{ field: at, before: was, after: is }];
}

/**
 * Appends an event to `stream`, inside the caller's transaction (the change's own). Nothing when nothing changed.
 * Takes the stream's next number: a concurrent change of the stream that took it first makes this insert a unique
 * violation, and the caller's transaction runs again.
 */
export async function recordEvent(
  trx: Db,
  stream: string,
  actor: PlatformActor,
  action: PlatformEventAction,
  changes: FieldChange[],
): Promise<void> {
  if (changes.length === 0) return;
  const last = await trx
    .selectFrom('platform_events')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('stream', '=', stream)
    .executeTakeFirst();
  await trx
    .insertInto('platform_events')
    .values({
      stream,
      seq: Number(last?.seq ?? 0) + 1,
      action,
      // The process's own clock, never the demo's adjustable one: when the change was made.
      at_ms: Date.now(),
      key_name: actor.keyName,
      key_fingerprint: actor.keyFingerprint,
      request_id: actor.requestId,
      changes_json: JSON.stringify(changes),
    })
    .execute();
}

/** A page of `stream`'s events, oldest first, after the event numbered `after`. */
export async function readEvents(
  db: Db,
  stream: string,
  after: number | undefined,
  limit: number,
): Promise<PlatformEventPage> {
  const rows = await db
    .selectFrom('platform_events')
    .selectAll()
    .where('stream', '=', stream)
    .where('seq', '>', after ?? 0)
    .orderBy('seq')
    .limit(limit)
    .execute();
  return {
    events: rows.map((row) => ({
      seq: Number(row.seq),
      action: row.action as PlatformEventAction,
      at: Math.floor(Number(row.at_ms) / 1000),
      key: { name: row.key_name, fingerprint: row.key_fingerprint },
      requestId: row.request_id,
      changes: JSON.parse(row.changes_json) as FieldChange[],
    })),
    next: rows.length === limit ? Number(rows.at(-1)!.seq) : null,
  };
}
