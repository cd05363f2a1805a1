/**
 * The warning of a live custom domain whose DNS no longer points at the site (beyond the spec; issue 37): the
 * server's recheck marked it FAILING, it stays live until the date it will be removed, and the DNS diagnosis below
 * it on the screen says what to fix. Once removed (DEFUNCT), it says why the site is back at its platform address.
 */
import { useLingui } from '@lingui/react/macro';
import type { CurrentSite, DnsDiagnosis } from '../../../core/contract';
import { MS_PER_SECOND } from '../../../core/rules/constants';
import { formatterFor } from '../../../core/rules/intlFormats';
import { useIntlLocale } from '../../i18n/useIntlLocale';
import { Notice } from '../../ui/Notice';

const removalDateFormats = new Map<string, Intl.DateTimeFormat>();

function formatRemovalDate(unixSeconds: number, locale: string): string {
  const format = formatterFor(
    removalDateFormats,
    locale,
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }),
  );
  return format.format(new Date(unixSeconds * MS_PER_SECOND));
}

export function DomainDnsWarning({ site, diagnosis }: { site: CurrentSite; diagnosis: DnsDiagnosis | undefined }) {
  const { t } = useLingui();
  const locale = useIntlLocale();
  const domain = site.external_domain;
  if (!domain) return null;
  const platformAddress = `${site.subdomain}.${site.pro_domain}`;
  if (site.ssl_status === 'FAILING') {
    const lost = diagnosis?.domain === domain ? diagnosis.dnsLost : null;
    const removalDate = lost ? formatRemovalDate(lost.removalAt, locale) : null;
    return (
      <Notice tone="warning" title={t`${domain} no longer points to your site`}>
        {removalDate
          ? t`Its DNS records have changed. Fix them as shown below by ${removalDate}, or the domain will be removed and your site will go back to ${platformAddress}.`
          : t`Its DNS records have changed. Fix them as shown below, or the domain will be removed and your site will go back to ${platformAddress}.`}
      </Notice>
    );
  }
  if (site.ssl_status === 'DEFUNCT') {
    return (
      <Notice tone="warning" title={t`${domain} was removed from your site`}>
        {t`Its DNS records stopped pointing to your site, so your site is back at ${platformAddress}. Fix the records as shown below, then select Try again.`}
      </Notice>
    );
  }
  return null;
}
