/**
 * The domain areas' providers and services, chosen by configuration: DNS through the configured nameservers,
 * the edge provider (certificates), the mail provider (sending domains) and the registrar.
 */
import { MS_PER_SECOND, SECONDS_PER_HOUR } from '../../core/rules/constants';
import type { DomainsConfig } from '../config/serverConfig';
import type { Db } from '../db/database';
import { NodeDnsResolver, type DnsResolver } from '../dns/resolver';
import { MailgunProvider } from '../mail/mailgun';
import type { MailProvider } from '../mail/provider';
import { MailSandbox } from '../mail/sandbox';
import { SendingDomains } from './sendingDomains';
import { EntriRegistrar } from '../registrar/entri';
import { RegistrarIntegrations, RegistrarSandbox, type RegistrarProvider } from '../registrar/provider';
import { CustomDomains } from './customDomains';
import { CustomHostnamesEdge } from './customHostnamesEdge';
import type { EdgeProvider } from './edgeProvider';
import { EdgeSandbox } from './edgeSandbox';
import { observeProvider, type ProviderObserver } from '../observability/observedProviders';
import { SiteDomainStore } from './siteDomains';
import { DomainClaims } from './domainClaims';
import { DomainPurchase } from './domainPurchase';
import type { DomainSettings } from '../config/domainSettings';

export interface DomainServices {
  resolver: DnsResolver;
  sites: SiteDomainStore;
  edge: EdgeProvider;
  mail: MailProvider;
  registrar: RegistrarProvider;
  registrarIntegrations: RegistrarIntegrations;
  customDomains: CustomDomains;
  sendingDomains: SendingDomains;
  domainPurchase: DomainPurchase;
}

export interface DomainServicesContext {
  db: Db;
  now: () => number;
  /** "host:port" nameservers to resolve through; empty: the system's */
  dnsServers: string[];
  /** how long an unproven custom domain is held (domainClaims.ts), and a live one whose DNS moved away (CustomDomains.recheck) */
  domainSettings: DomainSettings;
  /** times and counts every call to the DNS, edge, mail and registrar seams (observability/observedProviders.ts) */
  observer?: ProviderObserver;
  /** the platform's own domain: staff accounts' e-mail addresses end with it (domainPurchase.ts) */
  proDomain: string;
}

function createEdge(config: DomainsConfig, context: DomainServicesContext, resolver: DnsResolver): EdgeProvider {
  if (config.edgeProvider === 'cloudflare') {
    // loadConfig refuses EDGE_PROVIDER=cloudflare without them; checked again for callers that build a config by hand.
    if (config.edgeApiToken === null || config.edgeZoneId === null)
      throw new Error('the custom-hostnames edge provider needs a token and a zone');
    return new CustomHostnamesEdge({
      apiBase: config.edgeApiBase,
      apiToken: config.edgeApiToken,
      zoneId: config.edgeZoneId,
    });
  }
  return new EdgeSandbox({
    db: context.db,
    resolver,
    now: context.now,
    checksBeforeFailure: config.checksBeforeFailure,
  });
}

function createMail(config: DomainsConfig, context: DomainServicesContext, resolver: DnsResolver): MailProvider {
  if (config.mailProvider === 'mailgun') {
    if (config.mailgunApiKey === null) throw new Error('the mailgun mail provider needs an API key');
    return new MailgunProvider({ apiKey: config.mailgunApiKey, url: config.mailgunApiUrl });
  }
  return new MailSandbox({ db: context.db, resolver, now: context.now });
}

function createRegistrar(config: DomainsConfig, context: DomainServicesContext): RegistrarProvider {
  const applicationId = config.registrarApplicationId;
  if (config.registrarProvider === 'entri') {
    if (config.registrarSecret === null) throw new Error("the registrar's token API needs the application's secret");
    return new EntriRegistrar({
      apiUrl: config.registrarApiUrl,
      applicationId,
      secret: config.registrarSecret,
      now: context.now,
    });
  }
  return new RegistrarSandbox({ now: context.now, applicationId });
}

export function createDomainServices(config: DomainsConfig, context: DomainServicesContext): DomainServices {
  const { observer } = context;
  const observe = <T extends object>(service: 'dns' | 'edge' | 'mail' | 'registrar', name: string, provider: T): T =>
    observer === undefined ? provider : observeProvider(service, name, provider, observer);
  const resolver = observe('dns', 'resolver', new NodeDnsResolver({ servers: context.dnsServers }));
  const sites = new SiteDomainStore(context.db);
  const edgeProvider = createEdge(config, context, resolver);
  const edge = observe('edge', edgeProvider.name, edgeProvider);
  const mailProvider = createMail(config, context, resolver);
  const mail = observe('mail', mailProvider.name, mailProvider);
  const registrarProvider = createRegistrar(config, context);
  const registrar = observe('registrar', registrarProvider.name, registrarProvider);
  const sendingDomains = new SendingDomains({ sites, mail, resolver });
  const claims = new DomainClaims({ sites, sendingDomains, settings: context.domainSettings, now: context.now });
  const registrarIntegrations = new RegistrarIntegrations(context.db, context.now);
  return {
    resolver,
    sites,
    edge,
    mail,
    registrar,
    registrarIntegrations,
    domainPurchase: new DomainPurchase({
      registrar,
      integrations: registrarIntegrations,
      proDomain: context.proDomain,
    }),
    customDomains: new CustomDomains({
      sites,
      edge,
      resolver,
      sendingDomains,
      claims,
      now: context.now,
      dnsGraceMs: context.domainSettings.dnsGraceHours * SECONDS_PER_HOUR * MS_PER_SECOND,
    }),
    sendingDomains,
  };
}
