/**
 * Which registrar (DNS host) a nameserver belongs to: what lookup-nameserver answers, and what the panel's rules
 * key on ("DNS Only" for Cloudflare-like nameservers; www for godaddy, hover and google).
 */
import { getDomain } from 'tldts';

/** Nameserver domains whose name does not say whose they are. */
const REGISTRAR_BY_NAMESERVER_DOMAIN: Record<string, string> = {
  'domaincontrol.com': 'godaddy',
  'cloudflare.com': 'cloudflare',
  'hover.com': 'hover',
  'googledomains.com': 'google',
};

/** 'godaddy' for ns41.domaincontrol.com, 'cloudflare' for ada.ns.cloudflare.com, else the nameserver domain's name. */
export function registrarOfNameserver(nameserver: string): string | null {
  const domain = getDomain(nameserver.toLowerCase().replace(/\.$/, ''));
  if (domain === null) return null;
  return REGISTRAR_BY_NAMESERVER_DOMAIN[domain] ?? domain.split('.')[0] ?? null;
}
