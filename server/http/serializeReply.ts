/**
 * JSON replies, with the text of large values many replies share (the catalogue of products, tens of KB) written
 * once rather than on every reply: it was the biggest single cost of get-billing-data (bench/server.mjs).
 */

/** Values kept with their JSON text. They must never change once kept: they are frozen (shallowly; what they hold is shared, read-only data). */
const serialized = new WeakMap<object, string>();

/** Freezes `value` (at run time: its type is left as it is) and keeps its JSON text for every reply that carries it. */
export function keepSerialized<T extends object>(value: T): T {
  serialized.set(Object.freeze(value), JSON.stringify(value));
  return value;
}

/**
 * keepSerialized for each object member of `value` not kept yet: a reply made once and answered many times, each
 * time as a copy with a few members added (the copy is written from its members' kept text).
 */
export function keepMembersSerialized<T extends object>(value: T): T {
  for (const member of Object.values(value)) {
    if (typeof member === 'object' && member !== null && !serialized.has(member)) keepSerialized(member);
  }
  return value;
}

function keptText(value: unknown): string | undefined {
  return typeof value === 'object' && value !== null ? serialized.get(value) : undefined;
}

/** JSON.stringify, except that a top-level value kept by keepSerialized is written from its kept text. */
export function serializeReply(payload: unknown): string {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return JSON.stringify(payload);
  const entries = Object.entries(payload);
  if (!entries.some(([, value]) => keptText(value) !== undefined)) return JSON.stringify(payload);
  const members: string[] = [];
  for (const [key, value] of entries) {
    const text = keptText(value) ?? JSON.stringify(value);
    // As JSON.stringify does: undefined and functions leave the member out.
    if (text !== undefined) members.push(`${JSON.stringify(key)}:${text}`);
  }
  return `{${members.join(',')}}`;
}
