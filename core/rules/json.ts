/** JSON that serialises the same data the same way, for hashing and comparing. */
import fastJsonStableStringify from 'fast-json-stable-stringify';

// The package's types promise a string, but like JSON.stringify it gives undefined for undefined itself.
const stableStringify: (value: unknown) => string | undefined = fastJsonStableStringify;

/**
 * JSON with object keys sorted at every depth, so the same data serialises the same whichever order its keys
 * came in. Arrays keep their order (it is part of the value); undefined reads as null.
 */
export function stableJson(value: unknown): string {
  return stableStringify(value) ?? 'null';
}
