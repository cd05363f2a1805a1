/**
 * The demo scenarios of docs/demo.md: one site each, as contract-typed data. The single source of every fixture:
 * the demo seed writes them to the database, the demo host signs its users in from them, and tests (server,
 * panel, browser) build their expectations from them. Every date is relative to the `now` given.
 *
 * model.ts says what a scenario is, builder.ts how one is made from a spec, table.ts names them, and fixtures.ts
 * gives them (and a scenario's billing data) to their users.
 */
export {
  DEFAULT_HOST_BASE,
  DEFAULT_SCENARIO,
  isScenarioName,
  scenarioNames,
  type Scenario,
  type ScenarioCard,
  type ScenarioCustomer,
  type ScenarioHost,
  type ScenarioName,
  type ScenarioOptions,
  type ScenarioPaymentIntent,
  type ScenarioPerson,
} from './model';
export { accountRows, invoiceBillingReason, type ScenarioAccount } from './builder';
export { buildScenarios, scenarioBillingData, scenarioBillingParts, scenarioByName } from './fixtures';
