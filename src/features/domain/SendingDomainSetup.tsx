/**
 * Custom sending domain setup (/domain/sending, SPEC 2, 4 "Sending domain", 8 "Domains"): the records to add
 * with their status, the activation (verification) and the removal. NONE, CUSTOM, DEFUNCT or no status goes
 * back to /domain; so does a removal.
 */
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import type { CurrentSite, SendingDomain } from '../../../core/contract';
import { isApiError } from '../../api/errors';
import { useConfig } from '../../config';
import { SENDING_DOMAIN_ACTIVATION_TEXT } from '../../../core/rules/constants';
import {
  SENDING_DOMAIN_WARM_UP_NOTE,
  isSendingDomainVerified,
  sendingDomainActionMessage,
  sendingDomainIssueMessage,
  sendingDomainLegacyMessage,
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
import { domainApi, useCheckSendingDomainQuery } from './domainApi';

/** A call that got no answer is 'unreachable' (the fallback message); any answer saying no is 'refused'. */
function failureOf(error: unknown) {
  return isApiError(error) && error.status === 'NETWORK_ERROR' ? 'unreachable' : 'refused';
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
      if (result.error) return sendingDomainActionMessage('verify', failureOf(result.error));
      if (result.data.error) return sendingDomainActionMessage('verify', 'refused');
      setActiveByProvider(isSendingDomainVerified(result.data));
      return null;
    });
  }

  function remove(): Promise<boolean> {
    let removed = false;
    return removal
      .run(async () => {
        const result = await dispatch(domainApi.endpoints.removeSendingDomain.initiate({ siteId: site.id }));
        if (result.error) return sendingDomainActionMessage('remove', failureOf(result.error));
        removed = true;
        // Without a sending domain the screen goes back to /domain: its own status region goes with it.
        announceLeaving(`Custom sending domain ${domainName} removed`);
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
      if (event.key !== 'Enter' || event.target instanceof HTMLButtonElement || event.target instanceof HTMLAnchorElement) return;
      latestVerify.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [pending]);

  const buttonState = verification.state === 'pending' ? 'pending' : verification.state === 'failed' || status === 'INVALID' ? 'failed' : 'idle';
  const announcement = verified
    ? 'Your custom sending domain is verified'
    : verification.state === 'pending'
      ? 'Verifying your custom sending domain…'
      : pending
        ? SENDING_DOMAIN_ACTIVATION_TEXT
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
          Back
        </Link>
        <ExternalLink href={sendingDomainHelpUrl}>Get help</ExternalLink>
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      <ol className="domain-steps__list">
        {rows.length > 0 && (
          <li className="card domain-step">
            <h2>Add these DNS records to {domainName}</h2>
            <DnsTable caption={`DNS records for ${domainName}`} rows={rows} showStatus />
          </li>
        )}
        <li className="card domain-step">
          <h2>Activate custom sending domain</h2>
          {verified ? (
            <p className="domain-active">
              <DnsStatusIcon status="valid" /> Your custom sending domain <strong>{domainName}</strong> is verified.
            </p>
          ) : (
            <ActionButton
              state={buttonState}
              label={pending ? SENDING_DOMAIN_ACTIVATION_TEXT : 'Activate'}
              pendingLabel="Verifying your custom sending domain…"
              disabled={pending}
              onClick={verify}
            />
          )}
          <FormError>{verification.error}</FormError>
          <div className="card__actions">
            <ActionButton
              className="button button--link button--danger-link"
              state={removal.state === 'succeeded' ? 'idle' : removal.state}
              label={verified ? 'Remove sending domain' : 'Cancel & remove sending domain'}
              pendingLabel="Removing custom sending domain…"
              onClick={() => void remove()}
            />
          </div>
          <FormError>{removal.error}</FormError>
          {!verified && (
            <p className="note">
              {SENDING_DOMAIN_WARM_UP_NOTE} <ExternalLink href={sendingDomainHelpUrl}>Learn more</ExternalLink>
            </p>
          )}
        </li>
      </ol>
    </div>
  );
}

function SendingDomainScreen({ site }: { site: CurrentSite }) {
  const { supportEmail } = useConfig();
  const redirects = sendingDomainScreenState(site.sending_domain_status) === 'redirect';
  const { data, isLoading, isError } = useCheckSendingDomainQuery({ siteId: site.id }, { skip: redirects });
  if (redirects) return <Navigate to="/domain" replace />;
  if (isLoading) return <Spinner label="Loading custom sending domain" />;
  if (isError || !data || data.error) return <Notice>{sendingDomainIssueMessage(supportEmail)}</Notice>;
  return <SendingDomainForm site={site} sending={data} />;
}

export function SendingDomainSetup() {
  useScreenTitle('Custom sending domain settings');
  return (
    <DomainGate loadingLabel="Loading custom sending domain settings" legacyMessage={sendingDomainLegacyMessage}>
      {({ currentSite }) => <SendingDomainScreen site={currentSite} />}
    </DomainGate>
  );
}
