/**
 * Test helper (not a test): the real app on the dashboard, with a session started as the host of an owner
 * starts it, and get-billing-data answered from a DEMO scenario's data (the fixtures the demo and the server
 * tests share). The data can be changed between answers to play what the server would do after a write.
 */
import { buildScenarios, scenarioBillingData } from '../../../server/demo/scenarios';
import type { ScenarioName } from '../../../server/demo/scenarios';
import type { BillingData } from '../../api/contract';
import { startSession } from '../session/sessionThunks';
import { json, onCall } from '../../test/server';
import type { RecordedCall } from '../../test/server';
import { createTestStore, renderPanel } from '../../test/testPanel';

export type Panel = ReturnType<typeof createTestStore>;

const started: Panel[] = [];

/** Stops every panel a test started; call it in afterEach. */
export function stopPanels() {
  while (started.length > 0) started.pop()!.cleanup();
}

export function billingDataOf(name: ScenarioName, change: (data: BillingData) => void = () => {}): BillingData {
  const data = scenarioBillingData(name, Date.now()) as BillingData;
  change(data);
  return data;
}

export function scenarioOf(name: ScenarioName) {
  return buildScenarios(Date.now())[name];
}

export interface DashboardOptions {
  path?: string;
  /** Answers get-billing-data instead of the scenario's data (e.g. an error response). */
  answer?: (call: RecordedCall, attempt: number) => Response;
  forceUpgrade?: boolean;
}

export interface Dashboard {
  panel: Panel;
  /** What get-billing-data answers from now on. */
  data: BillingData;
  billingCalls: RecordedCall[];
}

/** The panel, started as the host of the scenario's owner starts it, rendered at `path` (default /). */
export function openDashboard(scenario: ScenarioName | BillingData, options: DashboardOptions = {}): Dashboard {
  const panel = createTestStore();
  started.push(panel);
  const dashboard = {
    panel,
    data: typeof scenario === 'string' ? billingDataOf(scenario) : scenario,
  } as Dashboard;
  panel.host.answer('token', 'identity-token');
  panel.host.answer('forceUpgradeInfo', { forceUpgrade: options.forceUpgrade ?? false, isOwner: true, ownerUser: null });
  onCall('billing-session', () => json({ token: 'session-1' }));
  onCall('get-current-site-limits', () => json({ currentSiteLimits: dashboard.data.currentSiteLimits }));
  dashboard.billingCalls = onCall('get-billing-data', (call, attempt) => options.answer?.(call, attempt) ?? json(dashboard.data));
  void panel.store.dispatch(startSession());
  renderPanel(options.path ?? '/', panel);
  return dashboard;
}
