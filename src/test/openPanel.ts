/**
 * The real app as the host of a DEMO scenario's owner opens it: a session started by the stand-in host, and
 * the account calls answered from the scenario's data (the fixtures the demo and the server tests share). The
 * data can be changed between answers to play what the server would do after a write.
 */
import { scenarioBillingData } from '../../server/demo/scenarios';
import type { ScenarioName } from '../../server/demo/scenarios';
import type { BillingData } from '../../core/contract';
import type { PanelConfig } from '../config';
import { startSession } from '../features/session/sessionThunks';
import { answerAccount } from './handlers/account';
import { answerAsOwnerHost } from './handlers/session';
import { stopAfterTest } from './startedPanels';
import type { RecordedCall } from './server';
import { createTestStore, renderPanel } from './testPanel';
import type { PanelEnvironment } from './testPanel';

export type Panel = ReturnType<typeof createTestStore>;

export function billingDataOf(name: ScenarioName, change: (data: BillingData) => void = () => {}): BillingData {
  const data = scenarioBillingData(name, Date.now()) as BillingData;
  change(data);
  return data;
}

export interface OpenPanelOptions extends PanelEnvironment {
  /** Where the panel opens (default /). */
  path?: string;
  /** Answers get-billing-data instead of the scenario's data (e.g. an error response). */
  answer?: (call: RecordedCall, attempt: number) => Response;
  /** Answers get-next-charge instead of its outline from the data (e.g. an error response). */
  answerNextCharge?: (call: RecordedCall, attempt: number) => Response;
  forceUpgrade?: boolean;
  /** Configuration beyond the demo defaults (e.g. a feature flag off). */
  config?: Partial<PanelConfig>;
}

export interface OpenedPanel {
  panel: Panel;
  /** What get-billing-data answers from now on. */
  data: BillingData;
  sessionCalls: RecordedCall[];
  billingCalls: RecordedCall[];
  limitCalls: RecordedCall[];
  nextChargeCalls: RecordedCall[];
}

/** The panel, started as the host of the scenario's owner starts it, rendered at `path`. */
export function openPanelAs(scenario: ScenarioName | BillingData, options: OpenPanelOptions = {}): OpenedPanel {
  const panel = createTestStore(options.config);
  stopAfterTest(panel);
  const sessionCalls = answerAsOwnerHost(panel.host, { forceUpgrade: options.forceUpgrade });
  const opened = {
    panel,
    data: typeof scenario === 'string' ? billingDataOf(scenario) : scenario,
    sessionCalls,
  } as OpenedPanel;
  Object.assign(
    opened,
    answerAccount(() => opened.data, options.answer, options.answerNextCharge),
  );
  void panel.store.dispatch(startSession());
  renderPanel(options.path ?? '/', panel, {
    pageNavigation: options.pageNavigation,
    paymentScript: options.paymentScript,
    i18n: options.i18n,
  });
  return opened;
}
