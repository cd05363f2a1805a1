/**
 * A server's reply as the store keeps it. Immer, inside every reducer, walks each value new to the state to find
 * drafts in it and freezes it key by key; a value already frozen it leaves alone. For the billing data (tens of
 * kilobytes) that walk costs milliseconds on the first screen's path, so the reply comes frozen: whole in
 * development and tests, where a component mutating it should fail loudly, and at its top only in production,
 * where the walk would be the cost and no one would read the failure.
 */
import { freeze } from '@reduxjs/toolkit';

export function frozenReply<T>(data: T): T {
  return freeze(data, process.env.NODE_ENV !== 'production');
}
