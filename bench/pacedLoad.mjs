// Requests at an even pace, for a latency "at R requests/s" that means one every 1/R s (bench/sites.mjs).
//
// autocannon's rate limit is a budget per second: each connection sends back to back until it has made its share
// of the second, then waits for the next one. At 500 req/s over 10 connections the server is handed ten requests at
// once, again and again, until the second's 500 are made: its latency is that of a saturated server at a concurrency
// of ten, whatever the rate (bench/README.md "The tail of the latency"). Here the load is an open loop: request i is
// due at i/R s from the start, sent then (on one of `connections` kept connections, waiting for a free one when all
// are busy), and its latency counts from when it was due, so a server that falls behind is charged for the wait too.
import { Agent, request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

/** A request with no answer after this long counts as a timeout. */
const TIMEOUT_MS = 10_000;

/**
 * POSTs to `url` at `rate` a second for `seconds`, each with the body `nextBody()` gives. Answers what autocannon's
 * result says of the same: requests answered (in all and a second), p50 and p99 latency in ms, errors (no answer),
 * timeouts and answers other than 2xx.
 */
export async function pacedLoad({ url, rate, seconds, connections, nextBody, headers = {} }) {
  const target = new URL(url);
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const latencies = [];
  const counts = { errors: 0, timeouts: 0, non2xx: 0 };
  const total = Math.round(rate * seconds);
  const underWay = new Set();

  const send = (dueAt) => {
    const body = nextBody();
    const sent = new Promise((resolve) => {
      let settled = false;
      const settle = (outcome) => {
        if (settled) return;
        settled = true;
        if (outcome === null) latencies.push(performance.now() - dueAt);
        else counts[outcome] += 1;
        resolve();
      };
      const outgoing = request(
        {
          host: target.hostname,
          port: target.port,
          path: target.pathname,
          method: 'POST',
          agent,
          headers: { ...headers, 'content-length': Buffer.byteLength(body) },
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            if (response.statusCode < 200 || response.statusCode > 299) counts.non2xx += 1;
            settle(null);
          });
          response.on('error', () => settle('errors'));
        },
      );
      outgoing.setTimeout(TIMEOUT_MS, () => {
        settle('timeouts');
        outgoing.destroy();
      });
      outgoing.on('error', () => settle('errors'));
      outgoing.end(body);
    });
    underWay.add(sent);
    void sent.then(() => underWay.delete(sent));
  };

  const started = performance.now();
  let made = 0;
  while (made < total) {
    // Every request due by now: a timer fires a millisecond late or more, so a tick may send two or three.
    const due = Math.min(total, Math.floor(((performance.now() - started) * rate) / 1000) + 1);
    for (; made < due; made += 1) send(started + (made * 1000) / rate);
    await sleep(1);
  }
  await Promise.all(underWay);
  const elapsedSeconds = (performance.now() - started) / 1000;
  agent.destroy();

  latencies.sort((a, b) => a - b);
  const quantile = (q) =>
    latencies.length === 0 ? NaN : latencies[Math.min(latencies.length - 1, Math.ceil(latencies.length * q) - 1)];
  const tenths = (ms) => Math.round(ms * 10) / 10;
  return {
    requests: { total: latencies.length, average: latencies.length / elapsedSeconds },
    latency: { p50: tenths(quantile(0.5)), p99: tenths(quantile(0.99)) },
    ...counts,
  };
}
