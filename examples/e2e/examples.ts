/**
 * The two foreign hosts under examples/, each with its own origin and its own reference server (the demo, whose
 * sites belong to that example's admin: DEMO_ADMIN_BASE), on fixed ports of their own (the panel's browser tests'
 * demos take free ones). EXAMPLES_PORT moves them all.
 */
import { buildScenarios } from '../../server/demo/scenarios';

const BASE_PORT = Number(process.env.EXAMPLES_PORT ?? 4610);

const scenarios = buildScenarios(Date.now());
/** The site each admin is signed in to, and its owner: the demo's `active` scenario. */
export const SIGNED_IN_SCENARIO = scenarios.active;
/** The React admin's other site (its site switcher, OTHER_SITES), and its owner: the demo's `no-card` scenario. */
export const OTHER_SITE_SCENARIO = scenarios['no-card'];

export interface ForeignHost {
  name: 'react-admin' | 'plain-html';
  /** the example's backend, serving its admin */
  port: number;
  /** the reference server's panel and API, trusting this example alone */
  panelPort: number;
  /** the reference server's own demo host, unused here but always started in the demo */
  demoHostPort: number;
  /** the admin's address of a panel route: its router's way of writing it */
  addressOf(route: string): string;
  /** the admin's address of its posts screen, off billing */
  postsAddress: string;
}

const BILLING_PATH = '/settings/billing';
const billingPathOf = (route: string) => (route === '/' ? BILLING_PATH : BILLING_PATH + route);

export const FOREIGN_HOSTS: ForeignHost[] = [
  {
    name: 'react-admin',
    port: BASE_PORT,
    panelPort: BASE_PORT + 1,
    demoHostPort: BASE_PORT + 2,
    // React Router on the History API: /settings/billing/support
    addressOf: (route) => `http://127.0.0.1:${BASE_PORT}${billingPathOf(route)}`,
    postsAddress: `http://127.0.0.1:${BASE_PORT}/posts`,
  },
  {
    name: 'plain-html',
    port: BASE_PORT + 10,
    panelPort: BASE_PORT + 11,
    demoHostPort: BASE_PORT + 12,
    // A hash router: /#/settings/billing/support
    addressOf: (route) => `http://127.0.0.1:${BASE_PORT + 10}/#${billingPathOf(route)}`,
    postsAddress: `http://127.0.0.1:${BASE_PORT + 10}/#/posts`,
  },
];

/** A page of another origin that tries to talk to the admin as its panel would. */
export const ATTACKER_PORT = BASE_PORT + 9;

export const originOf = (port: number) => `http://127.0.0.1:${port}`;
