/**
 * Custom sending domain setup (/domain/sending, SPEC 2, 4 "Sending domain", 8 "Domains"): the records to add
 * with their status, the activation (verification) and the removal. NONE, CUSTOM, DEFUNCT or no status goes
 * back to /domain; so does a removal.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import type { CurrentSite, SendingDomain } from '../../../core/contract';
import { isCallFailure } from '../../api/errors';
import { useConfig } from '../../config';
import {
  isSendingDomainVerified,
  sendingDomainActionKey,
  sendingDomainScreenState,
} from '../../../core/rules/sendingDomains';
import { useAppDispatch } from '../../store/hooks';
import { ActionButton } from '../../ui/ActionButton';
import { DnsStatusIcon, DnsTable } from '../../ui/DnsTable';
import type { DnsTableRow } from '../../ui/DnsTable';
import { ExternalLink } from '../../ui/ExternalLink';
import { FormError } from '../../ui/FormError';
import { Notice } from '../../ui/Notice';
import { Spinner } from '../../ui/Spinner';
import { useAnnounceLeaving, useScreenTitle } from '../../ui/shell';
import { useActionFlow } from '../../ui/useActionFlow';
import { DomainGate } from './DomainGate';
import { FeatureNotOfferedScreen, useFeatureOffered } from './FeatureNotOffered';
import { domainApi, useCheckSendingDomainQuery } from './domainApi';
import {
  SENDING_DOMAIN_ACTIVATION,
  SENDING_DOMAIN_WARM_UP,
  sendingDomainIssue,
  sendingDomainLegacy,
  sendingDomainMessage,
} from './messages';

/** A call that got no answer is 'unreachable' (the fallback message); any answer saying no is 'refused'. */
function failureOf(error: unknown) {
  return isCallFailure(error) && error.status === 'NETWORK_ERROR' ? 'unreachable' : 'refused';
}

function recordRows(sending: SendingDomain): DnsTableRow[] {
  return [...sending.records, sending.dmarc_dns_record].map((record) => ({
    type: record.record_type,
    host: record.name,
    value: record.value,
    status: record.valid,
  }));
}

function SendingDomainForm({ site, sending }: { site: CurrentSite; sending: SendingDomain }) {
  const { t } = useLingui();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const announceLeaving = useAnnounceLeaving();
  const { sendingDomainHelpUrl } = useConfig();
  const status = site.sending_domain_status;
  // "if active is true or the status is VERIFIED, the verified state is shown"
  const [activeByProvider, setActiveByProvider] = useState(sending.active);
  const verified = status === 'VERIFIED' || activeByProvider;
  const pending = status === 'PENDING' && !verified;
  const verification = useActionFlow();
  const removal = useActionFlow();
  const domainName = site.sending_domain ?? site.external_domain ?? '';
  const rows = sending.records.length > 0 ? recordRows(sending) : [];

  function verify() {
    void verification.run(async () => {
      const result = await dispatch(domainApi.endpoints.verifySendingDomain.initiate({ siteId: site.id }));
      if (result.error) return t(sendingDomainMessage(sendingDomainActionKey('verify', failureOf(result.error))));
      if (result.data.error) return t(sendingDomainMessage(sendingDomainActionKey('verify', 'refused')));
      setActiveByProvider(isSendingDomainVerified(result.data));
      return null;
    });
  }

  function remove(): Promise<boolean> {
    let removed = false;
    return removal
      .run(async () => {
        const result = await dispatch(domainApi.endpoints.removeSendingDomain.initiate({ siteId: site.id }));
        if (result.error) return t(sendingDomainMessage(sendingDomainActionKey('remove', failureOf(result.error))));
        removed = true;
        // Without a sending domain the screen goes back to /domain: its own status region goes with it.
        announceLeaving(t`Custom sending domain ${domainName} removed`);
        return null;
      })
      .then(() => removed);
  }

  // "Pressing Enter while the status is PENDING re-runs verification." (A focused link or button keeps its own Enter.)
  const latestVerify = useRef(verify);
  useEffect(() => {
    latestVerify.current = verify;
  });
  useEffect(() => {
    if (!pending) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (
        event.key !== 'Enter' ||
        event.target instanceof HTMLButtonElement ||
        event.target instanceof HTMLAnchorElement
      )
        return;
      latestVerify.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [pending]);

  const buttonState =
    verification.state === 'pending'
      ? 'pending'
      : verification.state === 'failed' || status === 'INVALID'
        ? 'failed'
        : 'idle';
  const activationText = t(SENDING_DOMAIN_ACTIVATION);
  const verifyingLabel = t`Verifying your custom sending domain…`;
  const announcement = verified
    ? t`Your custom sending domain is verified`
    : verification.state === 'pending'
      ? verifyingLabel
      : pending
        ? activationText
        : '';

  return (
    <div className="domain-setup">
      <div className="domain-setup__links">
        <Link
          to="/domain"
          onClick={(event) => {
            // An INITIALIZED domain was only set up to show its records: going back removes it.
            if (status !== 'INITIALIZED') return;
            event.preventDefault();
            void remove().then((removed) => removed && navigate('/domain'));
          }}
        >
          <Trans>Back</Trans>
        </Link>
        <ExternalLink href={sendingDomainHelpUrl}>
          <Trans>Get help</Trans>
        </ExternalLink>
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      <ol className="domain-steps__list">
        {rows.length > 0 && (
          <li className="card domain-step">
            <h2>
              <Trans>Add these DNS records to {domainName}</Trans>
            </h2>
            <DnsTable caption={t`DNS records for ${domainName}`} rows={rows} showStatus />
          </li>
        )}
        <li className="card domain-step">
          <h2>
            <Trans>Activate custom sending domain</Trans>
          </h2>
          {verified ? (
            <p className="domain-active">
              <DnsStatusIcon status="valid" />{' '}
              <Trans>
                Your custom sending domain <strong>{domainName}</strong> is verified.
              </Trans>
            </p>
          ) : (
            <ActionButton
              state={buttonState}
              label={pending ? activationText : t`Activate`}
              pendingLabel={verifyingLabel}
              disabled={pending}
              onClick={verify}
            />
          )}
          <FormError>{verification.error}</FormError>
          <div className="card__actions">
            <ActionButton
              className="button button--link button--danger-link"
              state={removal.state === 'succeeded' ? 'idle' : removal.state}
              label={verified ? t`Remove sending domain` : t`Cancel & remove sending domain`}
              pendingLabel={t`Removing custom sending domain…`}
              onClick={() => void remove()}
            />
          </div>
          <FormError>{removal.error}</FormError>
          {!verified && (
            <p className="note">
              {t(SENDING_DOMAIN_WARM_UP)}{' '}
              <ExternalLink href={sendingDomainHelpUrl}>
                <Trans>Learn more</Trans>
              </ExternalLink>
            </p>
          )}
        </li>
      </ol>
    </div>
  );
}

function SendingDomainScreen({ site }: { site: CurrentSite }) {
  const { t } = useLingui();
  const { supportEmail } = useConfig();
  const redirects = sendingDomainScreenState(site.sending_domain_status) === 'redirect';
  const { data, isLoading, isError } = useCheckSendingDomainQuery({ siteId: site.id }, { skip: redirects });
  if (redirects) return <Navigate to="/domain" replace />;
  if (isLoading) return <Spinner label={t`Loading custom sending domain`} />;
  if (isError || !data || data.error) return <Notice>{t(sendingDomainIssue(supportEmail))}</Notice>;
  return <SendingDomainForm site={site} sending={data} />;
}

export function SendingDomainSetup() {
  const { t } = useLingui();
  const offered = useFeatureOffered('sendingDomains');
  if (!offered) return <FeatureNotOfferedScreen feature="sendingDomains" title={t`Custom sending domain settings`} />;
  return <SendingDomainSetupScreen />;
}

function SendingDomainSetupScreen() {
  const { t } = useLingui();
  useScreenTitle(t`Custom sending domain settings`);
  return (
    <DomainGate
      loadingLabel={t`Loading custom sending domain settings`}
      legacyMessage={(supportEmail) => t(sendingDomainLegacy(supportEmail))}
    >
      {({ currentSite }) => <SendingDomainScreen site={currentSite} />}
    </DomainGate>
  );
}
