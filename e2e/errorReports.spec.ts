/**
 * Error reports in a real browser: the panel's Sentry SDK reports a failure shown to the user to the demo's
 * stand-in for the service (SENTRY_DSN, e2e/fixtures.ts), and the report has passed the scrubber first.
 */
import { expect, keptPageTest } from './fixtures';

const SUPPORT_EMAIL = 'support@inkwell.test';
const SHOWN = `Error receiving billing data, try again or contact support at ${SUPPORT_EMAIL}`;
const REPORTED = 'Error receiving billing data, try again or contact support at [Filtered]';
/** More than the panel's attempts at a session, retries included: it stays failed. */
const SESSION_FAILURES = 10;

interface Envelope {
  items: { header: { type?: string }; payload: unknown }[];
}

keptPageTest(
  'a billing session that cannot start is shown with the support address and reported without it',
  async ({ request, demo, openPanel }) => {
    const fault = await request.post(`${demo.panelUrl}/__test/faults`, {
      data: { path: '/api/billing-session', status: 500, count: SESSION_FAILURES },
    });
    expect(fault.ok()).toBe(true);
    const reportsBefore = await request.get(`${demo.panelUrl}/__demo/error-reports`);
    const before = ((await reportsBefore.json()) as { reports: Envelope[] }).reports.length;

    const panel = await openPanel('active');
    await expect(panel.getByText(SHOWN)).toBeVisible();

    const reportedEvents = async () => {
      const response = await request.get(`${demo.panelUrl}/__demo/error-reports`);
      const { reports } = (await response.json()) as { reports: Envelope[] };
      return reports
        .slice(before)
        .flatMap((report) => report.items)
        .filter((item) => item.header.type === 'event')
        .map((item) => item.payload as { message?: string; level?: string; tags?: Record<string, unknown> });
    };
    await expect
      .poll(async () => (await reportedEvents()).find((event) => event.message === REPORTED))
      .toMatchObject({ level: 'warning', tags: { shown_to_user: true } });
    expect(JSON.stringify(await reportedEvents())).not.toContain(SUPPORT_EMAIL);
  },
);
