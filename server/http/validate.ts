/** Request bodies are checked against the call contract before anything else happens. */
import type { z } from 'zod';
import { ApiError } from './errors';

/** Which part of the request a value came from, as an error names it. */
type RequestPart = 'request body' | 'query';

/** "data.customerId: Invalid input: expected string, received undefined" (the first problem, by field path). */
export function describeIssue(error: z.ZodError, part: RequestPart = 'request body'): string {
  const issue = error.issues[0];
  const label = `Invalid ${part}`;
  if (issue === undefined) return label;
  const field = issue.path.length > 0 ? issue.path.map(String).join('.') : part === 'query' ? 'query' : 'body';
  return `${label}: ${field}: ${issue.message}`;
}

function parsePart<S extends z.ZodType>(schema: S, value: unknown, part: RequestPart): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new ApiError(400, 'validation_failed', describeIssue(result.error, part));
  return result.data;
}

export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  return parsePart(schema, body, 'request body');
}

/** A query string's parameters: an error names the query, not a body the request never had. */
export function parseQuery<S extends z.ZodType>(schema: S, query: unknown): z.output<S> {
  return parsePart(schema, query, 'query');
}
