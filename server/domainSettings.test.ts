/** The custom domains' settings (domainSettings.ts): defaults, values as set, and bad values refused by name. */
import { ConfigError } from './configValues';
import { DEFAULT_CLAIM_EXPIRY_HOURS, DEFAULT_CLAIM_SWEEP_INTERVAL_SECONDS, parseDomainSettings } from './domainSettings';

describe('parseDomainSettings', () => {
  it('holds an unproven claim 72 hours and sweeps every 10 minutes by default', () => {
    expect(parseDomainSettings({})).toEqual({ claimExpiryHours: 72, claimSweepIntervalSeconds: 600 });
    expect([DEFAULT_CLAIM_EXPIRY_HOURS, DEFAULT_CLAIM_SWEEP_INTERVAL_SECONDS]).toEqual([72, 600]);
  });

  it('takes the settings as set; a sweep interval of 0 never sweeps, an expiry is at least an hour', () => {
    expect(parseDomainSettings({ DOMAIN_CLAIM_EXPIRY_HOURS: '24', DOMAIN_CLAIM_SWEEP_INTERVAL_SECONDS: '0' })).toEqual({
      claimExpiryHours: 24,
      claimSweepIntervalSeconds: 0,
    });
    expect(parseDomainSettings({ DOMAIN_CLAIM_EXPIRY_HOURS: '0' }).claimExpiryHours).toBe(1);
  });

  it.each([
    ['DOMAIN_CLAIM_EXPIRY_HOURS', '72h'],
    ['DOMAIN_CLAIM_EXPIRY_HOURS', '9000'],
    ['DOMAIN_CLAIM_SWEEP_INTERVAL_SECONDS', '-1'],
  ])('refuses %s=%s, naming it', (name, value) => {
    expect(() => parseDomainSettings({ [name]: value })).toThrow(ConfigError);
    expect(() => parseDomainSettings({ [name]: value })).toThrow(name);
  });
});
