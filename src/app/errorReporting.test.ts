import * as Sentry from '@sentry/react';
import { waitFor } from '@testing-library/react';
import { defaultConfig, readConfig } from '../config';
import { createErrorReporter } from './errorReporting';

jest.mock('@sentry/react', () => ({
  init: jest.fn(),
  captureException: jest.fn(),
  captureMessage: jest.fn(),
  browserTracingIntegration: jest.fn(() => ({ name: 'BrowserTracing' })),
  replayIntegration: jest.fn(() => ({ name: 'Replay' })),
}));

const init = jest.mocked(Sentry.init);

/** The panel config as the server injects it into index.html. */
function injectedConfig(injected: Record<string, unknown>) {
  const doc = document.implementation.createHTMLDocument();
  const script = doc.createElement('script');
  script.id = 'panel-config';
  script.type = 'application/json';
  script.textContent = JSON.stringify(injected);
  doc.body.append(script);
  return readConfig(doc);
}

async function reportedEnvironment(config: Parameters<typeof createErrorReporter>[0]): Promise<unknown> {
  const reporter = createErrorReporter(config);
  reporter.exception(new Error('boom'));
  // The service's chunk loads asynchronously; the queued report is sent once it has started.
  await waitFor(() => expect(Sentry.captureException).toHaveBeenCalled());
  return init.mock.calls.at(-1)?.[0]?.environment;
}

beforeEach(() => jest.clearAllMocks());

describe('error reporting', () => {
  it('reports under the environment the server injected', async () => {
    const config = injectedConfig({ sentryDsn: 'https://key@errors.example/1', environment: 'staging' });
    expect(await reportedEnvironment(config)).toBe('staging');
  });

  it("defaults to SPEC 9's 'production' when the server names none", async () => {
    const config = injectedConfig({ sentryDsn: 'https://key@errors.example/1' });
    expect(config.environment).toBe('production');
    expect(await reportedEnvironment(config)).toBe('production');
  });

  it('starts nothing without a DSN', () => {
    createErrorReporter(defaultConfig).exception(new Error('boom'));
    expect(init).not.toHaveBeenCalled();
  });

  it('scrubs every report before it is sent', async () => {
    await reportedEnvironment(injectedConfig({ sentryDsn: 'https://key@errors.example/1' }));
    const beforeSend = init.mock.calls.at(-1)?.[0]?.beforeSend;

    const sent = beforeSend?.({ type: undefined, extra: { jwt: 'eyJa.eyJb.c', contact: 'ap@northwind.example' } }, {});

    expect(sent).toEqual({ type: undefined, extra: { jwt: '[Filtered]', contact: '[Filtered]' } });
  });

  it('scrubs every span of a trace before it is sent', async () => {
    await reportedEnvironment(injectedConfig({ sentryDsn: 'https://key@errors.example/1' }));
    const beforeSendSpan = init.mock.calls.at(-1)?.[0]?.beforeSendSpan;
    const span = {
      trace_id: 't',
      span_id: 's',
      name: 'POST /api/update-billing-contact',
      start_timestamp: 1,
      status: 'ok',
      is_segment: false,
    } as const;

    const sent = beforeSendSpan?.({
      ...span,
      attributes: { 'url.full': 'https://panel.example/?jwt=eyJa.eyJb.c', 'user.email': 'ap@northwind.example' },
    });

    expect(sent).toEqual({
      ...span,
      attributes: { 'url.full': 'https://panel.example/?jwt=[Filtered]', 'user.email': '[Filtered]' },
    });
  });
});
