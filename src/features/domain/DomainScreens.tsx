/** The domain screens of the route table (SPEC 2): one chunk, loaded when a domain route is first visited. */
export { CustomDomainSetup } from './CustomDomainSetup';
export { DomainOverview } from './DomainOverview';
export { SendingDomainSetup } from './SendingDomainSetup';
