/**
 * The call contract: request and response shapes of every POST call of SPEC section 7, as zod schemas.
 * The reference server validates every body with these; the panel and core/rules import only the inferred
 * types (`import type`), so zod never reaches the browser bundle; the few plain values both sides use at run
 * time are in values.ts (re-exported here), which the panel imports directly.
 *
 * Conventions (ours, where the spec says "not shown"):
 * - every request body is the envelope `{jwt, data, options}`;
 * - amounts are integer cents, dates are Unix seconds;
 * - a failed call answers with a non-2xx status and `{error: {code, message, status}}`, `code` one of errorCodes.ts.
 *
 * By area: billing.ts (the entities and the Billing data aggregate), planChange.ts, domains.ts, calls.ts (the call
 * registry and the types derived from it), panelConfig.ts (the run-time configuration of the page), errorCodes.ts (the
 * codes of the failures, plain values like values.ts); every importer takes them from here.
 */
export * from './values';
export * from './errorCodes';
export * from './billing';
export * from './planChange';
export * from './domains';
export * from './calls';
export * from './panelConfig';
