/** The custom domains' settings (config/domainSettings.ts): defaults, values as set, 0, and bad values refused by name. */
import { ConfigError } from './settingSchemas';
import {
  DEFAULT_CLAIM_EXPIRY_HOURS,
  DEFAULT_CLAIM_SWEEP_INTERVAL_SECONDS,
  DEFAULT_DNS_GRACE_HOURS,
  DEFAULT_RECHECK_INTERVAL_SECONDS,
  parseDomainSettings,
} from './domainSettings';

describe('parseDomainSettings', () => {
  it('holds an unproven claim 72 hours, sweeps every 10 minutes, rechecks hourly and gives three days of grace by default', () => {
    expect(parseDomainSettings({})).toEqual({
      claimExpiryHours: DEFAULT_CLAIM_EXPIRY_HOURS,
      claimSweepIntervalSeconds: DEFAULT_CLAIM_SWEEP_INTERVAL_SECONDS,
      recheckIntervalSeconds: DEFAULT_RECHECK_INTERVAL_SECONDS,
      dnsGraceHours: DEFAULT_DNS_GRACE_HOURS,
    });
    expect([
      DEFAULT_CLAIM_EXPIRY_HOURS,
      DEFAULT_CLAIM_SWEEP_INTERVAL_SECONDS,
      DEFAULT_RECHECK_INTERVAL_SECONDS,
      DEFAULT_DNS_GRACE_HOURS,
    ]).toEqual([72, 600, 3600, 72]);
  });

  it('takes the claim settings as set; a sweep interval of 0 never sweeps, an expiry is at least an hour', () => {
    expect(
      parseDomainSettings({ DOMAIN_CLAIM_EXPIRY_HOURS: '24', DOMAIN_CLAIM_SWEEP_INTERVAL_SECONDS: '0' }),
    ).toMatchObject({
      claimExpiryHours: 24,
      claimSweepIntervalSeconds: 0,
    });
    expect(parseDomainSettings({ DOMAIN_CLAIM_EXPIRY_HOURS: '0' }).claimExpiryHours).toBe(1);
  });

  it('takes 0 for the recheck (never rechecked; removed at the recheck after the mark) and other whole numbers', () => {
    expect(parseDomainSettings({ DOMAIN_RECHECK_INTERVAL_SECONDS: '0', DOMAIN_DNS_GRACE_HOURS: '0' })).toMatchObject({
      recheckIntervalSeconds: 0,
      dnsGraceHours: 0,
    });
    expect(
      parseDomainSettings({ DOMAIN_RECHECK_INTERVAL_SECONDS: ' 900 ', DOMAIN_DNS_GRACE_HOURS: '24' }),
    ).toMatchObject({
      recheckIntervalSeconds: 900,
      dnsGraceHours: 24,
    });
  });

  it.each([
    ['DOMAIN_CLAIM_EXPIRY_HOURS', '72h'],
    ['DOMAIN_CLAIM_EXPIRY_HOURS', '9000'],
    ['DOMAIN_CLAIM_SWEEP_INTERVAL_SECONDS', '-1'],
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
