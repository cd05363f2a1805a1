/**
 * Domain settings overview (/domain, SPEC 2): the platform subdomain (edited on the separate domain site), the
 * custom domain, the custom sending domain (not on the starter plan, nor when it is CUSTOM), and buying a new
 * domain (staff accounts, when the flag allows it), each with the messages of SPEC 8 "Domains".
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from 'react-router-dom';
import { useGetBillingDataQuery } from '../../api/accountApi';
import type { CurrentSite, SendingDomainStatus, SslStatus } from '../../../core/contract';
import { accountErrorText } from '../../api/errors';
import { useConfig } from '../../config';
import {
  canPurchaseDomain,
  customDomainOverviewNotice,
  domainSiteLink,
  sslStatusClass,
} from '../../../core/rules/domains';
import {
  hasCustomSendingDomain,
  isSendingDomainBoxVisible,
  sendingDomainOverviewKey,
  sendingDomainSetupStep,
} from '../../../core/rules/sendingDomains';
import { LEGACY_PLAN_HTTP_STATUS } from '../../../core/rules/constants';
import { selectSessionToken } from '../session/sessionSlice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { ActionButton } from '../../ui/ActionButton';
import { FormError } from '../../ui/FormError';
import { useAnnounceLeaving, useScreenTitle } from '../../ui/shell';
import { useActionFlow } from '../../ui/useActionFlow';
import { usePageNavigation } from '../common/pageNavigation';
import { DomainGate } from './DomainGate';
import { DomainPurchase } from './DomainPurchase';
import { domainApi } from './domainApi';
import { domainNoticeMessage, sendingDomainMessage } from './messages';
import { EndedClaimNotice, UnprovenClaimNote } from './domainClaims';
import { NotOfferedNote, type OptionalDomainFeature } from './FeatureNotOffered';

const SSL_STATUS_TEXT = {
  live: msg`Active`,
  inProgress: msg`Activation in progress`,
  failed: msg`Failed to activate`,
} as const;

export function customDomainStatusText(status: SslStatus | null): MessageDescriptor {
  const statusClass = sslStatusClass(status);
  return statusClass ? SSL_STATUS_TEXT[statusClass] : msg`Not activated`;
}

const SENDING_STATUS_TEXT: Partial<Record<SendingDomainStatus, MessageDescriptor>> = {
  INITIALIZED: msg`Set up, not activated yet`,
  PENDING: msg`Pending verification`,
  VERIFIED: msg`Verified`,
  INVALID: msg`Problem detected`,
};

/** The colour of a sending status, as the custom domain's: verified is live, a problem is failed. */
const SENDING_STATUS_CLASS: Partial<Record<SendingDomainStatus, string>> = { VERIFIED: 'live', INVALID: 'failed' };

function OverviewMessage({ children }: { children: string | null }) {
  if (!children) return null;
  return <p className="banner banner--warning">{children}</p>;
}

function PlatformSubdomain({ site }: { site: CurrentSite }) {
  const { t } = useLingui();
  const { domainSiteUrl } = useConfig();
  const token = useAppSelector(selectSessionToken) ?? '';
  const navigation = usePageNavigation();
  return (
    <section className="card domain-box" aria-labelledby="platform-subdomain-heading">
      <h2 id="platform-subdomain-heading">
        <Trans>Platform subdomain</Trans>
      </h2>
      <p className="domain-box__value">
        {site.subdomain}.{site.pro_domain}
      </p>
      <div className="card__actions">
        <button
          type="button"
          className="button button--secondary"
          aria-label={t`Edit platform subdomain`}
          onClick={() => navigation.leave(domainSiteLink(domainSiteUrl, token))}
        >
          <Trans>Edit</Trans>
        </button>
      </div>
    </section>
  );
}

/** A domain feature's box when the platform does not offer it: its heading and the sentence, nothing to set up. */
function NotOfferedBox({
  feature,
  headingId,
  heading,
}: {
  feature: OptionalDomainFeature;
  headingId: string;
  heading: string;
}) {
  return (
    <section className="card domain-box" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      <NotOfferedNote feature={feature} />
    </section>
  );
}

function CustomDomain({ site }: { site: CurrentSite }) {
  const { t, i18n } = useLingui();
  const overviewNotice = customDomainOverviewNotice(site.ssl_status);
  return (
    <section className="card domain-box" aria-labelledby="custom-domain-heading">
      <h2 id="custom-domain-heading">
        <Trans>Custom domain</Trans>
      </h2>
      {site.external_domain ? (
        <>
          <p className="domain-box__value">{site.external_domain}</p>
          <p className={`domain-status domain-status--${sslStatusClass(site.ssl_status) ?? 'none'}`}>
            {t(customDomainStatusText(site.ssl_status))}
          </p>
          <OverviewMessage>{overviewNotice && domainNoticeMessage(i18n, overviewNotice)}</OverviewMessage>
          {/* Beyond the spec: the server's recheck found the live domain's DNS moved away (issue 37). */}
          <OverviewMessage>
            {site.ssl_status === 'FAILING'
              ? t`Your custom domain no longer points to your site. Check the DNS records.`
              : null}
          </OverviewMessage>
          <UnprovenClaimNote site={site} />
          <div className="card__actions">
            <Link className="button button--secondary" to="/domain/custom" aria-label={t`Edit custom domain`}>
              <Trans>Edit</Trans>
            </Link>
          </div>
        </>
      ) : (
        <>
          <EndedClaimNotice claim={site.ended_domain_claim} />
          <p className="note">
            <Trans>Use a domain you already own for your site.</Trans>
          </p>
          <div className="card__actions">
            <Link className="button button--secondary" to="/domain/custom">
              <Trans>Setup existing domain</Trans>
            </Link>
          </div>
        </>
      )}
    </section>
  );
}

function SendingDomain({ site }: { site: CurrentSite }) {
  const { t } = useLingui();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const announceLeaving = useAnnounceLeaving();
  const flow = useActionFlow();
  const status = site.sending_domain_status;
  // INITIALIZED has records waiting: the Setup button fetches them instead of setting up again.
  const linked = hasCustomSendingDomain(status) && status !== 'INITIALIZED';

  function setup() {
    void flow.run(async () => {
      const step = sendingDomainSetupStep(status);
      const endpoint =
        step === 'fetchRecords' ? domainApi.endpoints.getSendingDomainRecords : domainApi.endpoints.setupSendingDomain;
      const result = await dispatch(endpoint.initiate({ siteId: site.id }));
      if (result.error || result.data.error) return t(sendingDomainMessage('setupFailed'));
      // A new domain is a change of status, said by the shell since this screen goes; fetching the records of
      // one already set up changes nothing.
      if (step === 'setup') announceLeaving(t`Custom sending domain set up`);
      navigate('/domain/sending');
      return null;
    });
  }

  const statusText = status ? SENDING_STATUS_TEXT[status] : undefined;
  const overviewKey = sendingDomainOverviewKey(status);
  const verified = status === 'VERIFIED';
  return (
    <section className="card domain-box" aria-labelledby="sending-domain-heading">
      <h2 id="sending-domain-heading">
        <Trans>Custom sending domain</Trans>
      </h2>
      {hasCustomSendingDomain(status) && site.sending_domain && (
        <p className="domain-box__value">{site.sending_domain}</p>
      )}
      {status && statusText && (
        <p className={`domain-status domain-status--${SENDING_STATUS_CLASS[status] ?? 'none'}`}>{t(statusText)}</p>
      )}
      <OverviewMessage>{overviewKey && t(sendingDomainMessage(overviewKey))}</OverviewMessage>
      {!hasCustomSendingDomain(status) && (
        <p className="note">
          <Trans>Send your newsletters from an address at your own domain.</Trans>
        </p>
      )}
      <div className="card__actions">
        {linked ? (
          <Link
            className="button button--secondary"
            to="/domain/sending"
            aria-label={verified ? t`Edit custom sending domain` : t`Review custom sending domain`}
          >
            {verified ? <Trans>Edit</Trans> : <Trans>Review</Trans>}
          </Link>
        ) : (
          <ActionButton
            state={flow.state}
            label={t`Setup`}
            pendingLabel={t`Setting up custom sending domain…`}
            onClick={setup}
          />
        )}
      </div>
      <FormError>{flow.error}</FormError>
    </section>
  );
}

export function DomainOverview() {
  const { t } = useLingui();
  useScreenTitle(t`Domain settings`);
  const { proDomain, domainPurchaseEnabled, customDomainsEnabled, sendingDomainsEnabled } = useConfig();
  const { data: billing } = useGetBillingDataQuery();
  return (
    <DomainGate
      loadingLabel={t`Loading domain settings`}
      legacyMessage={(supportEmail) => t(accountErrorText({ status: LEGACY_PLAN_HTTP_STATUS }, supportEmail))}
    >
      {({ currentSite }) => (
        <div className="domain-overview">
          <PlatformSubdomain site={currentSite} />
          {customDomainsEnabled ? (
            <CustomDomain site={currentSite} />
          ) : (
            <NotOfferedBox feature="customDomains" headingId="custom-domain-heading" heading={t`Custom domain`} />
          )}
          {billing &&
            billing.subscription !== null &&
            isSendingDomainBoxVisible(billing.subscription.meta.baseProduct.name, currentSite.sending_domain_status) &&
            (sendingDomainsEnabled ? (
              <SendingDomain site={currentSite} />
            ) : (
              <NotOfferedBox
                feature="sendingDomains"
                headingId="sending-domain-heading"
                heading={t`Custom sending domain`}
              />
            ))}
          {billing && canPurchaseDomain(billing.user.email_address, proDomain, domainPurchaseEnabled) && (
            <DomainPurchase site={currentSite} />
          )}
        </div>
      )}
    </DomainGate>
  );
}
