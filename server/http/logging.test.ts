/**
 * The logs' redaction applied to an error report before it leaves (redactReport, the server's Sentry beforeSend):
 * what a report could carry of a request or a user is censored at any depth, and the rest is left readable.
 */
import { redactReport } from './logging';

it("censors the fields the logs censor at any depth, a URL's query values, and the request's body, headers and query", () => {
  const report = {
    message: 'request failed',
    tags: { request_id: 'proxy-1' },
    user: { id: 'user_active', email: 'owner@example.com' },
    request: {
      method: 'POST',
      url: 'https://billing.example.com/api/update-billing-contact?jwt=eyJ.secret&site=site_1',
      data: '{"jwt":"eyJ.secret","data":{"billingContact":"ap@example.com"}}',
      headers: { authorization: 'Bearer eyJ.secret', 'x-request-id': 'proxy-1' },
      query_string: 'jwt=eyJ.secret',
    },
    extra: { context: { card: { number: '4242424242424242' }, clientSecret: 'seti_1_secret_2' } },
    breadcrumbs: [{ category: 'fetch', data: { url: 'https://api.stripe.com/v1/customers?email=owner@example.com' } }],
  };

  const redacted = redactReport(report);

  expect(redacted).toEqual({
    message: 'request failed',
    tags: { request_id: 'proxy-1' },
    user: { id: 'user_active', email: '[redacted]' },
    request: {
      method: 'POST',
      url: 'https://billing.example.com/api/update-billing-contact?jwt=[redacted]&site=[redacted]',
      data: '[redacted]',
      headers: '[redacted]',
      query_string: '[redacted]',
    },
    extra: { context: { card: '[redacted]', clientSecret: '[redacted]' } },
    breadcrumbs: [{ category: 'fetch', data: { url: 'https://api.stripe.com/v1/customers?email=[redacted]' } }],
  });
  // A copy: the SDK's own event is left as it was.
  expect(report.user.email).toBe('owner@example.com');
});
