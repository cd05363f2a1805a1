/**
 * The demo's stand-in for the error-reporting service (never in production): with SENTRY_DSN pointing at
 * `http://KEY@<panel's host:port>/__demo/error-reports/<project>`, the panel's Sentry SDK posts its envelopes to
 * `/__demo/error-reports/api/<project>/envelope/` (the SDK's DSN-to-endpoint rule), and each is appended, decoded,
 * as one JSON line to `error-reports.ndjson` in DATA_DIR. `GET /__demo/error-reports` lists them. The browser
 * tests read the file to check that what the panel reported carries no secret (e2e/logSecrets.ts).
 */
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

export const ERROR_REPORTS_FILE = 'error-reports.ndjson';
export const ERROR_REPORTS_PATH = '/__demo/error-reports';
/** Session replay segments are the largest envelopes the SDK sends; its own limit is about 1 MB. */
const ENVELOPE_LIMIT_BYTES = 2 * 1024 * 1024;
const NEWLINE = 0x0a;
const GZIP_MAGIC = [0x1f, 0x8b];

export interface ErrorReportItem {
  header: unknown;
  payload: unknown;
}

/** One envelope as the service received it: its header and items, each payload parsed as JSON when it is JSON. */
export interface ErrorReport {
  receivedAt: string;
  header: unknown;
  items: ErrorReportItem[];
}

function isGzip(bytes: Buffer): boolean {
  return GZIP_MAGIC.every((byte, index) => bytes[index] === byte);
}

function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * An item's payload as text. A replay recording is its segment header, a newline, then the recording, which the
 * SDK's worker gzips: it is inflated, so what the recording holds can be read (and checked) like any report.
 */
function payloadText(bytes: Buffer): string {
  if (isGzip(bytes)) return gunzipSync(bytes).toString('utf8');
  const newline = bytes.indexOf(NEWLINE);
  const rest = bytes.subarray(newline + 1);
  if (newline >= 0 && isGzip(rest))
    return `${bytes.subarray(0, newline + 1).toString('utf8')}${gunzipSync(rest).toString('utf8')}`;
  return bytes.toString('utf8');
}

/**
 * Sentry's envelope format, read leniently: a header line, then items, each a header line and a payload that is
 * `length` bytes when the header says so, else the rest of its line. A line that is not JSON is kept as text.
 */
export function parseEnvelope(body: Buffer, receivedAt: Date): ErrorReport {
  let rest = body;
  const take = (length: number): Buffer => {
    const taken = rest.subarray(0, length);
    rest = rest.subarray(length + 1);
    return taken;
  };
  const takeLine = (): Buffer => {
    const newline = rest.indexOf(NEWLINE);
    return take(newline < 0 ? rest.length : newline);
  };
  const header = jsonOrText(takeLine().toString('utf8'));
  const items: ErrorReportItem[] = [];
  while (rest.length > 0) {
    const itemHeader = jsonOrText(takeLine().toString('utf8'));
    if (itemHeader === '') continue;
    const length = (itemHeader as { length?: unknown } | null)?.length;
    const payload = typeof length === 'number' ? take(length) : takeLine();
    items.push({ header: itemHeader, payload: jsonOrText(payloadText(payload)) });
  }
  return { receivedAt: receivedAt.toISOString(), header, items };
}

export async function registerErrorReportRoutes(app: FastifyInstance, dataDir: string): Promise<void> {
  const file = path.join(dataDir, ERROR_REPORTS_FILE);
  // With PostgreSQL nothing else creates the data directory.
  await mkdir(dataDir, { recursive: true });
  await app.register(async (scope) => {
    // The SDK posts text (text/plain) or, once a replay is compressed, bytes with no content type: taken as sent.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: ENVELOPE_LIMIT_BYTES }, (_request, body, done) =>
      done(null, body),
    );

    scope.post(`${ERROR_REPORTS_PATH}/api/:project/envelope/`, async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const report = parseEnvelope(body, new Date());
      await appendFile(file, `${JSON.stringify(report)}\n`);
      return {};
    });

    scope.get(ERROR_REPORTS_PATH, async () => {
      const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return '';
        throw error;
      });
      const reports = text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as ErrorReport);
      return { reports };
    });
  });
}
