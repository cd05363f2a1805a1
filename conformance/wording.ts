/** How the kit words what it saw: an answer, the members two bodies differ in, a list of failures. */

const SHOWN_FAILURES = 3;

export interface Answer {
  status: number;
  /** parsed JSON, or the text when the body is not JSON */
  body: unknown;
}

/** The first few failures, and how many more there were. */
export function summarise(failures: string[]): string {
  const shown = failures.slice(0, SHOWN_FAILURES).join('; ');
  return failures.length > SHOWN_FAILURES ? `${shown} (+${failures.length - SHOWN_FAILURES} more)` : shown;
}

/** An answer as a report names it: its status, and its error message when it has one. */
export function describeAnswer(answer: Answer): string {
  const message = (answer.body as { error?: { message?: unknown } } | null)?.error?.message;
  return typeof message === 'string' ? `${answer.status} "${message}"` : String(answer.status);
}

/** The members of two JSON values that differ, by path (the first few). */
export function differences(before: unknown, after: unknown, at = ''): string[] {
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  const isObject = (value: unknown): value is Record<string, unknown> =>
    value !== null && typeof value === 'object' && !Array.isArray(value);
  if (!isObject(before) || !isObject(after)) return [at || '(the body)'];
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys.flatMap((key) => differences(before[key], after[key], `${at}/${key}`));
}
