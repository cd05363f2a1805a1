/**
 * The demo's second admin (docs/demo.md "Two admins, two sites"): one more site, whose admin is not the demo host
 * but a page of another origin (`http://localhost:4002` by default, secondAdmin.ts). Its admin URL lies there, its
 * only admin origin is that one, and its billing data is a scenario's, made by the same builder under ids of its own.
 * It is no scenario of the demo host: the demo host's picker does not list it and cannot sign in to it.
 */
import { toUnixSeconds } from '../../core/rules/dates';
import { defaultBrand } from '../config/brand';
import { SECONDS_PER_DAY } from '../../core/rules/constants';
import { buildScenario, type ScenarioSpec } from './scenarios/builder';
import type { Scenario, ScenarioName } from './scenarios';

/** The site's name in its admin's addresses (`<admin>/sites/harbour-gazette`); its billing id is `site_harbour_gazette`. */
export const SECOND_ADMIN_SITE_NAME = 'harbour-gazette';
export const SECOND_ADMIN_SITE_ID = 'site_harbour_gazette';
/** SECOND_ADMIN_PORT's default when the demo host is on its own default port (4000). */
export const DEFAULT_SECOND_ADMIN_PORT = 4002;
const MAX_PORT = 65_535;

/**
 * SECOND_ADMIN_PORT (demo only): where the second admin listens; 0 picks a free port. Unset, 4002 beside the demo
 * host's default 4000, and a free port whenever the demo host was moved (tests, the bench, the examples' reference
 * servers), so two demos side by side never fight over it.
 */
export function resolveSecondAdminPort(raw: string | undefined, hostPort: number, defaultHostPort: number): number {
  const value = raw?.trim() ?? '';
  if (value === '') return hostPort === defaultHostPort ? DEFAULT_SECOND_ADMIN_PORT : 0;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > MAX_PORT)
    throw new Error(`SECOND_ADMIN_PORT must be a port number (0 for a free one), not "${value}"`);
  return port;
}

/**
 * The second admin's site, dated relative to `now` (milliseconds): Business yearly, a Mastercard on file, one paid
 * invoice; its admin URL `<adminBase>/sites/harbour-gazette`.
 */
export function secondAdminSite(now: number, options: { adminBase: string; proDomain?: string }): Scenario {
  const nowSeconds = toUnixSeconds(now);
  const periodStart = nowSeconds - 40 * SECONDS_PER_DAY;
  const spec: ScenarioSpec = {
    // The builder takes a scenario's name for the ids and addresses it makes (site_harbour_gazette, ...); this site
    // is none of the demo host's scenarios.
    name: SECOND_ADMIN_SITE_NAME as ScenarioName,
    description: "A site whose admin is on another origin than the demo host's",
    owner: { first: 'Sam', last: 'Okafor' },
    priceId: 'price_business_default_year_1000',
    status: 'active',
    periodStart,
    card: { brand: 'mastercard', last4: '4444', expMonth: 9, expYear: 2031 },
    account: { invoiceDetails: 'Harbour Gazette Cooperative\n3 Quay Lane, Falmouth TR11 3HR' },
    invoices: [{ date: periodStart, amount: 229_000, paid: true }],
    usage: { members: 820, staff: 4, newsletters: 2 },
  };
  return buildScenario(spec, {
    hostBase: options.adminBase.replace(/\/+$/, ''),
    proDomain: options.proDomain ?? defaultBrand.proDomain,
  });
}
