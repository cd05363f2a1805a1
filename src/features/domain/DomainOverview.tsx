/**
 * Domain settings overview (/domain, SPEC 2): the platform subdomain (edited on the separate domain site), the
 * custom domain, the custom sending domain (not on the starter plan, nor when it is CUSTOM), and buying a new
 * domain (staff accounts, when the flag allows it), each with the messages of SPEC 8 "Domains".
 */
import { Link, useNavigate } from 'react-router-dom';
import { useGetBillingDataQuery } from '../../api/accountApi';
import type { CurrentSite, SendingDomainStatus, SslStatus } from '../../../core/contract';
import { accountErrorMessage } from '../../api/errors';
import { useConfig } from '../../config';
import { canPurchaseDomain, customDomainOverviewMessage, domainSiteLink, sslStatusClass } from '../../../core/rules/domains';
import {
  SENDING_DOMAIN_MESSAGES,
  hasCustomSendingDomain,
  isSendingDomainBoxVisible,
  sendingDomainOverviewMessage,
  sendingDomainSetupStep,
} from '../../../core/rules/sendingDomains';
import { LEGACY_PLAN_HTTP_STATUS } from '../../../core/rules/constants';
import { selectSessionToken } from '../../store/selectors';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { ActionButton } from '../../ui/ActionButton';
import { FormError } from '../../ui/FormError';
import { useAnnounceLeaving, useScreenTitle } from '../../ui/shell';
import { useActionFlow } from '../../ui/useActionFlow';
import { usePageNavigation } from '../common/pageNavigation';
import { DomainGate } from './DomainGate';
import { DomainPurchase } from './DomainPurchase';
import { domainApi } from './domainApi';

const SSL_STATUS_TEXT = { live: 'Active', inProgress: 'Activation in progress', failed: 'Failed to activate' } as const;

export function customDomainStatusText(status: SslStatus | null): string {
  const statusClass = sslStatusClass(status);
  return statusClass ? SSL_STATUS_TEXT[statusClass] : 'Not activated';
}

const SENDING_STATUS_TEXT: Partial<Record<SendingDomainStatus, string>> = {
  INITIALIZED: 'Set up, not activated yet',
  PENDING: 'Pending verification',
  VERIFIED: 'Verified',
  INVALID: 'Problem detected',
};

/** The colour of a sending status, as the custom domain's: verified is live, a problem is failed. */
const SENDING_STATUS_CLASS: Partial<Record<SendingDomainStatus, string>> = { VERIFIED: 'live', INVALID: 'failed' };

function OverviewMessage({ children }: { children: string | null }) {
  if (!children) return null;
  return <p className="banner banner--warning">{children}</p>;
}

function PlatformSubdomain({ site }: { site: CurrentSite }) {
  const { domainSiteUrl } = useConfig();
  const token = useAppSelector(selectSessionToken) ?? '';
  const navigation = usePageNavigation();
  return (
    <section className="card domain-box" aria-labelledby="platform-subdomain-heading">
      <h2 id="platform-subdomain-heading">Platform subdomain</h2>
      <p className="domain-box__value">
        {site.subdomain}.{site.pro_domain}
      </p>
      <div className="card__actions">
        <button
          type="button"
          className="button button--secondary"
          aria-label="Edit platform subdomain"
          onClick={() => navigation.leave(domainSiteLink(domainSiteUrl, token))}
        >
          Edit
        </button>
      </div>
    </section>
  );
}

function CustomDomain({ site }: { site: CurrentSite }) {
  return (
    <section className="card domain-box" aria-labelledby="custom-domain-heading">
      <h2 id="custom-domain-heading">Custom domain</h2>
      {site.external_domain ? (
        <>
          <p className="domain-box__value">{site.external_domain}</p>
          <p className={`domain-status domain-status--${sslStatusClass(site.ssl_status) ?? 'none'}`}>
            {customDomainStatusText(site.ssl_status)}
          </p>
          <OverviewMessage>{customDomainOverviewMessage(site.ssl_status)}</OverviewMessage>
          <div className="card__actions">
            <Link className="button button--secondary" to="/domain/custom" aria-label="Edit custom domain">
              Edit
            </Link>
          </div>
        </>
      ) : (
        <>
          <p className="note">Use a domain you already own for your site.</p>
          <div className="card__actions">
            <Link className="button button--secondary" to="/domain/custom">
              Setup existing domain
            </Link>
          </div>
        </>
      )}
    </section>
  );
}

function SendingDomain({ site }: { site: CurrentSite }) {
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
      const endpoint = step === 'fetchRecords' ? domainApi.endpoints.getSendingDomainRecords : domainApi.endpoints.setupSendingDomain;
      const result = await dispatch(endpoint.initiate({ siteId: site.id }));
      if (result.error || result.data.error) return SENDING_DOMAIN_MESSAGES.setupFailed;
      // A new domain is a change of status, said by the shell since this screen goes; fetching the records of
      // one already set up changes nothing.
      if (step === 'setup') announceLeaving('Custom sending domain set up');
      navigate('/domain/sending');
      return null;
    });
  }

  return (
    <section className="card domain-box" aria-labelledby="sending-domain-heading">
      <h2 id="sending-domain-heading">Custom sending domain</h2>
      {hasCustomSendingDomain(status) && site.sending_domain && <p className="domain-box__value">{site.sending_domain}</p>}
      {status && SENDING_STATUS_TEXT[status] && (
        <p className={`domain-status domain-status--${SENDING_STATUS_CLASS[status] ?? 'none'}`}>{SENDING_STATUS_TEXT[status]}</p>
      )}
      <OverviewMessage>{sendingDomainOverviewMessage(status)}</OverviewMessage>
      {!hasCustomSendingDomain(status) && <p className="note">Send your newsletters from an address at your own domain.</p>}
      <div className="card__actions">
        {linked ? (
          <Link className="button button--secondary" to="/domain/sending" aria-label={`${status === 'VERIFIED' ? 'Edit' : 'Review'} custom sending domain`}>
            {status === 'VERIFIED' ? 'Edit' : 'Review'}
          </Link>
        ) : (
          <ActionButton state={flow.state} label="Setup" pendingLabel="Setting up custom sending domain…" onClick={setup} />
        )}
      </div>
      <FormError>{flow.error}</FormError>
    </section>
  );
}

export function DomainOverview() {
  useScreenTitle('Domain settings');
  const { proDomain, domainPurchaseEnabled } = useConfig();
  const { data: billing } = useGetBillingDataQuery();
  return (
    <DomainGate
      loadingLabel="Loading domain settings"
      legacyMessage={(supportEmail) => accountErrorMessage({ status: LEGACY_PLAN_HTTP_STATUS }, supportEmail)}
    >
      {({ currentSite }) => (
        <div className="domain-overview">
          <PlatformSubdomain site={currentSite} />
          <CustomDomain site={currentSite} />
          {billing && isSendingDomainBoxVisible(billing.subscription.meta.baseProduct.name, currentSite.sending_domain_status) && (
            <SendingDomain site={currentSite} />
          )}
          {billing && canPurchaseDomain(billing.user.email_address, proDomain, domainPurchaseEnabled) && <DomainPurchase site={currentSite} />}
        </div>
      )}
    </DomainGate>
  );
}
