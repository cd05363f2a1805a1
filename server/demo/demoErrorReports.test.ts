/**
 * The error-reporting service's stand-in, over HTTP as the panel's Sentry SDK reaches it: envelopes posted to the
 * endpoint a DSN with the `/__demo/error-reports` prefix names are stored, decoded, one line each in DATA_DIR.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { setUpDemo } from '../testing/testKit';
import { ERROR_REPORTS_FILE, type ErrorReport } from './demoErrorReports';

/** Where @sentry/core sends the envelopes of DSN `http://publickey@<panel>/__demo/error-reports/1`. */
const ENDPOINT =
  '/__demo/error-reports/api/1/envelope/?sentry_version=7&sentry_key=publickey&sentry_client=sentry.javascript.react%2F11.12.0';

const envelopeHeader = { event_id: '4f1c0a6e3b2d4c5e8f9a0b1c2d3e4f50', sent_at: '2025-01-01T00:00:00.000Z' };
const event = {
  message: 'Error receiving billing data, try again or contact support at [Filtered]',
  level: 'warning',
  tags: { shown_to_user: true },
};

const demo = setUpDemo();

async function storedReports(): Promise<ErrorReport[]> {
  const text = await readFile(path.join(demo.dataDir, ERROR_REPORTS_FILE), 'utf8');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ErrorReport);
}

it('stores an event envelope posted as text, as the SDK sends it, and answers 200 {}', async () => {
  const body = [JSON.stringify(envelopeHeader), JSON.stringify({ type: 'event' }), JSON.stringify(event)].join('\n');

  const response = await fetch(demo.panelUrl + ENDPOINT, {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
    body,
  });

  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({});
  const stored = await storedReports();
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({ header: envelopeHeader, items: [{ header: { type: 'event' }, payload: event }] });
  const listed = await demo.get('/__demo/error-reports');
  expect(JSON.parse(listed.body)).toEqual({ reports: stored });
});

it('stores a replay envelope sent as bytes with no content type, its gzipped recording inflated', async () => {
  const recording = JSON.stringify([{ type: 2, data: { text: '***** ** *****' } }]);
  const payload = Buffer.concat([Buffer.from('{"segment_id":0}\n'), gzipSync(recording)]);
  const body = Buffer.concat([
    Buffer.from(`${JSON.stringify(envelopeHeader)}\n${JSON.stringify({ type: 'replay_event' })}\n{"replay_id":"r1"}\n`),
    Buffer.from(`${JSON.stringify({ type: 'replay_recording', length: payload.length })}\n`),
    payload,
  ]);

  const response = await fetch(demo.panelUrl + ENDPOINT, { method: 'POST', body: new Uint8Array(body) });

  expect(response.status).toBe(200);
  const stored = await storedReports();
  expect(stored).toHaveLength(2);
  expect(stored[1]!.items).toEqual([
    { header: { type: 'replay_event' }, payload: { replay_id: 'r1' } },
    { header: { type: 'replay_recording', length: payload.length }, payload: `{"segment_id":0}\n${recording}` },
  ]);
});

it('keeps a line that is not JSON as its text', async () => {
  const response = await fetch(demo.panelUrl + ENDPOINT, {
    method: 'POST',
    headers: { 'content-type': 'text/plain' },
    body: 'not json\n{"type":"event"}\n{oops',
  });

  expect(response.status).toBe(200);
  const stored = await storedReports();
  expect(stored[2]).toMatchObject({ header: 'not json', items: [{ header: { type: 'event' }, payload: '{oops' }] });
});
