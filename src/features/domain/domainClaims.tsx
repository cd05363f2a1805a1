/**
 * Proof wins over a claim (beyond the spec, issue 37): a custom domain saved without proof of control is only held
 * until its claim expires, and another site that proves the domain takes it. The owner reads when their own claim
 * expires, why a claim of theirs ended, and, refused a name another site only claims, the record that proves it.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { CurrentSite, EndedDomainClaim } from '../../../core/contract';
import { MS_PER_SECOND } from '../../../core/rules/constants';
import type { DnsRecord } from '../../../core/rules/domains';
import { formatterFor } from '../../../core/rules/intlFormats';
import { useIntlLocale } from '../../i18n/useIntlLocale';
import { DnsTable } from '../../ui/DnsTable';

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function ClaimTime({ unixSeconds }: { unixSeconds: number }) {
  const locale = useIntlLocale();
  const format = formatterFor(
    dateTimeFormats,
    locale,
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
  );
  const date = new Date(unixSeconds * MS_PER_SECOND);
  return <time dateTime={date.toISOString()}>{format.format(date)}</time>;
}

/** Why a claim of this site's ended, until the owner saves a domain again. */
export function EndedClaimNotice({ claim }: { claim: EndedDomainClaim | null | undefined }) {
  if (!claim) return null;
  const { domain } = claim;
  const endedAt = <ClaimTime unixSeconds={claim.ended_at} />;
  return (
    <div className="banner banner--warning" role="status">
      <p className="banner__title">
        <Trans>
          Your custom domain {domain} was released on {endedAt}.
        </Trans>
      </p>
      <p>
        {claim.reason === 'proven_elsewhere' ? (
          <Trans>
            Another site proved it controls this domain before you did. If the domain is yours, add the TXT record that
            proves it, then activate it again.
          </Trans>
        ) : (
          <Trans>
            It was not proven yours before its claim expired. Enter it again and add its DNS records to prove it.
          </Trans>
        )}
      </p>
    </div>
  );
}

/** While the site's domain is unproven: until when it is held, and that a proof elsewhere ends it. */
export function UnprovenClaimNote({ site }: { site: CurrentSite }) {
  const expiresAt = site.domain_claim_expires_at;
  const domain = site.external_domain;
  if (expiresAt === null || expiresAt === undefined || !domain) return null;
  const until = <ClaimTime unixSeconds={expiresAt} />;
  return (
    <p className="note">
      <Trans>
        {domain} is held for this site until {until}. Publish its DNS records to prove it is yours before then: until it
        is proven, another site that proves it takes it.
      </Trans>
    </p>
  );
}

/** Refused a name another site has only claimed: the record that proves it is this owner's, to publish. */
export function ClaimedElsewhere({ domain, proof }: { domain: string; proof: DnsRecord }) {
  const { t } = useLingui();
  return (
    <div className="banner banner--warning" role="alert">
      <p className="banner__title">
        <Trans>Another site saved {domain} without proving it is theirs.</Trans>
      </p>
      <p>
        <Trans>
          If the domain is yours, add this TXT record to its DNS, then try again: the site that proves a domain gets it.
        </Trans>
      </p>
      <DnsTable
        caption={t`The DNS record that proves ${domain} is yours`}
        rows={[{ type: proof.type, host: proof.host, value: proof.value }]}
      />
    </div>
  );
}
