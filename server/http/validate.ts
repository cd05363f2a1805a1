/** Request bodies are checked against the call contract before anything else happens. */
import type { z } from 'zod';
import { ApiError } from './errors';

/** "data.customerId: Invalid input: expected string, received undefined" (the first problem, by field path). */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (issue === undefined) return 'Invalid request body';
  const field = issue.path.length > 0 ? issue.path.map(String).join('.') : 'body';
  return `Invalid request body: ${field}: ${issue.message}`;
}

export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (!result.success) throw new ApiError(400, 'validation_failed', describeIssue(result.error));
  return result.data;
}
