/**
 * The servers' log settings: what pino must never write. Fastify logs each request's method and URL and each
 * answer's status; the routes log ids and errors. Tokens, e-mail addresses and card data can still reach a log
 * line through an error's properties or a URL's query string, so they are censored wherever they appear.
 */
import type { FastifyServerOptions } from 'fastify';

const CENSORED = '[redacted]';

/** Field names that carry a secret or personal data, at the top of a log line and one level down. */
const SENSITIVE_FIELDS = [
  'jwt',
  'token',
  'authorization',
  'cookie',
  'email',
  'billingContact',
  'billing_email',
  'card',
  'number',
  'cvc',
  'exp_month',
  'exp_year',
  'clientSecret',
  'client_secret',
  'billingDetails',
  'billing_details',
];

export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  ...SENSITIVE_FIELDS,
  ...SENSITIVE_FIELDS.map((field) => `*.${field}`),
  // Errors of the card provider's SDK carry the request they answered.
  'err.raw',
  'err.requestBody',
];

/** A URL with every query value censored: links carry tokens, addresses and return URLs in their queries. */
export function redactQuery(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const [name = ''] = pair.split('=', 1);
      return pair.includes('=') ? `${name}=${CENSORED}` : name;
    })
    .join('&');
  return `${url.slice(0, queryStart)}?${query}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
}

export function loggerOptions(level: string): NonNullable<FastifyServerOptions['logger']> {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: CENSORED },
    serializers: {
      // Fastify's default request line, with the query's values censored.
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: redactQuery(request.url),
        host: request.host,
        remoteAddress: request.ip,
      }),
    },
  };
}

const SENSITIVE_NAMES = new Set(SENSITIVE_FIELDS.map((field) => field.toLowerCase()));
/** Where an error report carries what a request sent: its body, query, headers and cookies are dropped whole. */
const REQUEST_PARTS = new Set(['data', 'query_string', 'cookies', 'headers']);

/**
 * A copy of an error report (the server's Sentry event) with the same fields censored as in the logs, at any depth,
 * every URL's query values censored, and the request's body, query, headers and cookies dropped: the report goes
 * to another company.
 */
export function redactReport<T>(report: T): T {
  const visit = (value: unknown, key: string, inRequest: boolean): unknown => {
    if (SENSITIVE_NAMES.has(key.toLowerCase()) && value !== undefined && value !== null) return CENSORED;
    if (inRequest && REQUEST_PARTS.has(key) && value !== undefined && value !== null) return CENSORED;
    if (typeof value === 'string') return key === 'url' ? redactQuery(value) : value;
    if (typeof value !== 'object' || value === null) return value;
    if (Array.isArray(value)) return value.map((item) => visit(item, '', inRequest));
    return Object.fromEntries(
      Object.entries(value).map(([name, item]) => [name, visit(item, name, inRequest || key === 'request')]),
    );
  };
  return visit(report, '', false) as T;
}
