/** The custom domains' settings (domainSettings.ts): their defaults, 0, and a value that is not one refused by name. */
import { ConfigError } from './configValues';
import { DEFAULT_DNS_GRACE_HOURS, DEFAULT_RECHECK_INTERVAL_SECONDS, parseDomainSettings } from './domainSettings';

describe('parseDomainSettings', () => {
  it('defaults to an hourly recheck and three days of grace', () => {
    expect(parseDomainSettings({})).toEqual({ recheckIntervalSeconds: DEFAULT_RECHECK_INTERVAL_SECONDS, dnsGraceHours: DEFAULT_DNS_GRACE_HOURS });
    expect([DEFAULT_RECHECK_INTERVAL_SECONDS, DEFAULT_DNS_GRACE_HOURS]).toEqual([3600, 72]);
  });

  it('takes 0 (never rechecked; removed at the recheck after the mark) and other whole numbers', () => {
    expect(parseDomainSettings({ DOMAIN_RECHECK_INTERVAL_SECONDS: '0', DOMAIN_DNS_GRACE_HOURS: '0' })).toEqual({ recheckIntervalSeconds: 0, dnsGraceHours: 0 });
    expect(parseDomainSettings({ DOMAIN_RECHECK_INTERVAL_SECONDS: ' 900 ', DOMAIN_DNS_GRACE_HOURS: '24' })).toEqual({ recheckIntervalSeconds: 900, dnsGraceHours: 24 });
  });

  it.each([
    ['DOMAIN_RECHECK_INTERVAL_SECONDS', '-1'],
    ['DOMAIN_RECHECK_INTERVAL_SECONDS', '1.5'],
    ['DOMAIN_RECHECK_INTERVAL_SECONDS', String(8 * 24 * 3600)],
    ['DOMAIN_DNS_GRACE_HOURS', 'three days'],
    ['DOMAIN_DNS_GRACE_HOURS', String(91 * 24)],
  ])('refuses %s=%s, naming it', (name, value) => {
    expect(() => parseDomainSettings({ [name]: value })).toThrow(ConfigError);
    expect(() => parseDomainSettings({ [name]: value })).toThrow(name);
  });
});
