/**
 * What a started server (main.ts) tells the process that started it over the IPC channel, once it listens: the
 * test harness (testing/harness.ts) waits for it to learn the addresses.
 */
export interface ReadyMessage {
  type: 'ready';
  panelUrl: string;
  hostUrl: string | null;
  /** the metrics listener (METRICS_PORT); null when it is off */
  metricsUrl: string | null;
}
