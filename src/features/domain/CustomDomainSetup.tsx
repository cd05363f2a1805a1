/**
 * Custom domain setup (/domain/custom, SPEC 2, 4 "Custom domain activation", 5 "Custom domain input", 8
 * "Domains"): the domain to use, the DNS records it needs, and its activation, which re-checks the status every
 * 3 s until it is final. Beyond the spec, a diagnosis of what DNS answers now for each record, and the records
 * as zone-file lines to paste.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { CurrentSite, DnsDiagnosis } from '../../../core/contract';
import { accountErrorText, isCallFailure, translateErrorText, type CallFailure } from '../../api/errors';
import { serverErrorText } from '../../api/serverErrors';
import { useConfig } from '../../config';
import { DOMAIN_POLL_INTERVAL_MS, LEGACY_PLAN_HTTP_STATUS, MS_PER_SECOND } from '../../../core/rules/constants';
import {
  activationInputNotice,
  customDomainInputNotice,
  dnsRecords,
  domainCheckOutcome,
  domainForActivation,
  failedStatusNotice,
  isConfiguredDomain,
  isDomainInputSubmittable,
  normalizeDomainInput,
  proxyStatus,
  sslStatusClass,
  zoneFile,
} from '../../../core/rules/domains';
import type { DnsRecord, DomainCheckOutcome, DomainNotice } from '../../../core/rules/domains';
import { formatterFor } from '../../../core/rules/intlFormats';
import { useIntlLocale } from '../../i18n/useIntlLocale';
import { useAppDispatch } from '../../store/hooks';
import { ActionButton } from '../../ui/ActionButton';
import { CopyButton } from '../../ui/CopyButton';
import { DnsStatusIcon, DnsTable } from '../../ui/DnsTable';
import type { DnsTableRow } from '../../ui/DnsTable';
import { ExternalLink } from '../../ui/ExternalLink';
import { FormError } from '../../ui/FormError';
import { NaturalBreaks } from '../../ui/NaturalBreaks';
import { useScreenTitle } from '../../ui/shell';
import { useActionFlow } from '../../ui/useActionFlow';
import { poll } from '../common/poll';
import { DomainDnsWarning } from './DomainDnsWarning';
import { DomainGate } from './DomainGate';
import { FeatureNotOfferedScreen, useFeatureOffered } from './FeatureNotOffered';
import { domainApi, useCheckDomainDnsQuery, useLookupNameserverQuery } from './domainApi';
import {
  CUSTOM_DOMAIN_ACTIVATION,
  PROXY_STATUS_DNS_ONLY_TEXT,
  customDomainRemovalFailed,
  dnsProblemMessage,
  domainNoticeMessage,
} from './messages';
import { ClaimedElsewhere, EndedClaimNotice, UnprovenClaimNote } from './domainClaims';

/** The input's placeholder: the kind of host a custom domain is. */
export const DOMAIN_PLACEHOLDER_HOST = 'www.example.com';

/**
 * Where the activation is: 'activating' from the click until the activation is requested (a spinner);
 * 'waiting' while the status is in progress and re-checked; 'live' and 'failed' once it is final.
 */
type Phase = 'idle' | 'activating' | 'waiting' | 'live' | 'failed';

/**
 * An activation the server refused because another site has the name: held for good (its proof), or only claimed,
 * which this site's proof ends (the domain and the record to publish are shown).
 */
type Refusal = { code: 'domain_claimed'; domain: string } | { code: 'domain_held'; error: CallFailure };

function refusalOf(error: unknown, domain: string): Refusal | null {
  if (!isCallFailure(error)) return null;
  if (error.code === 'domain_claimed') return { code: 'domain_claimed', domain };
  return error.code === 'domain_held' ? { code: 'domain_held', error } : null;
}

/** The activation the poll watches: the domain, and the one the site had before (null for a first one). */
interface Watch {
  domain: string;
  previousDomain: string | null;
}

function initialPhase(site: CurrentSite): Phase {
  if (!site.external_domain) return 'idle';
  const statusClass = sslStatusClass(site.ssl_status);
  if (statusClass === 'inProgress') return 'waiting';
  if (statusClass === 'live') return 'live';
  return statusClass === 'failed' ? 'failed' : 'idle';
}

function initialMessage(site: CurrentSite): DomainNotice | null {
  if (!site.external_domain || sslStatusClass(site.ssl_status) !== 'failed') return null;
  return failedStatusNotice(site.ssl_status, site.external_domain);
}

function phaseOf(outcome: DomainCheckOutcome): Phase {
  if (outcome.state === 'live') return 'live';
  return outcome.state === 'inProgress' ? 'waiting' : 'failed';
}

const checkedAtFormats = new Map<string, Intl.DateTimeFormat>();

function formatCheckedAt(unixSeconds: number, locale: string): string {
  const format = formatterFor(
    checkedAtFormats,
    locale,
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
  );
  return format.format(new Date(unixSeconds * MS_PER_SECOND));
}

/** What DNS answers now for each record, next to what it should answer (beyond the spec). */
function DnsDiagnosisList({ diagnosis }: { diagnosis: DnsDiagnosis }) {
  const { i18n } = useLingui();
  const locale = useIntlLocale();
  const diagnosedDomain = diagnosis.domain;
  return (
    <section className="dns-diagnosis" aria-labelledby="dns-diagnosis-heading">
      <h3 id="dns-diagnosis-heading">
        <Trans>What DNS answers now for {diagnosedDomain}</Trans>
      </h3>
      <ul>
        {diagnosis.records.map((row) => (
          <li key={`${row.type} ${row.name}`} className="dns-diagnosis__row">
            <p className="dns-diagnosis__title">
              <DnsStatusIcon status={row.ok ? 'valid' : 'invalid'} /> {row.type} {row.host}
            </p>
            <dl>
              <dt>
                <Trans>Expected</Trans>
              </dt>
              <dd>
                <code>
                  <NaturalBreaks text={row.expected} />
                </code>
              </dd>
              <dt>
                <Trans>DNS answers</Trans>
              </dt>
              <dd>
                {row.answers.length > 0 ? (
                  <code>
                    <NaturalBreaks text={row.answers.join(', ')} />
                  </code>
                ) : (
                  <Trans>Nothing yet</Trans>
                )}
              </dd>
              <dt>
                <Trans>Last checked</Trans>
              </dt>
              <dd>
                <time dateTime={new Date(row.checkedAt * MS_PER_SECOND).toISOString()}>
                  {formatCheckedAt(row.checkedAt, locale)}
                </time>
              </dd>
            </dl>
            {/* A server of contract 1.1 sends the hint in English only. */}
            {(row.problem || row.hint) && (
              <p className="dns-diagnosis__hint">
                {row.problem ? dnsProblemMessage(i18n, row, row.problem) : row.hint}
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function tableRows(records: readonly DnsRecord[], diagnosis: DnsDiagnosis | undefined, domain: string): DnsTableRow[] {
  const diagnosed = diagnosis?.domain === domain ? diagnosis.records : [];
  return records.map((record) => {
    const row = diagnosed.find((candidate) => candidate.type === record.type && candidate.host === record.host);
    return {
      type: record.type,
      host: record.host,
      value: record.value,
      status: row ? (row.ok ? 'valid' : 'invalid') : undefined,
    };
  });
}

function CustomDomainForm({ site }: { site: CurrentSite }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { t, i18n } = useLingui();
  const { supportEmail, domainHelpUrl } = useConfig();
  const [input, setInput] = useState(site.external_domain ?? '');
  const [phase, setPhase] = useState<Phase>(() => initialPhase(site));
  // Kept as its parts and worded at render, so a change of language rewords it in place.
  const [message, setMessage] = useState<DomainNotice | null>(() => initialMessage(site));
  const [watch, setWatch] = useState<Watch | null>(() =>
    initialPhase(site) === 'waiting' ? { domain: site.external_domain!, previousDomain: site.external_domain } : null,
  );
  const [lookupDomain, setLookupDomain] = useState(site.external_domain);
  const [leaving, setLeaving] = useState(false);
  // The domain just removed, to announce; cleared by the next activation.
  const [removed, setRemoved] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const removal = useActionFlow();
  const inputId = useId();
  const inputErrorId = useId();
  const messageId = useId();

  const domain = normalizeDomainInput(input);
  const submittable = isDomainInputSubmittable(domain);
  const inputNotice = submittable ? customDomainInputNotice(domain, site.pro_domain) : null;
  const inputError = inputNotice && domainNoticeMessage(i18n, inputNotice);
  const valid = submittable && inputNotice === null;
  const configured = isConfiguredDomain(domain, site.external_domain);
  const showsActivePanel = configured && phase === 'live';
  const busy = phase === 'activating' || removal.state === 'pending' || leaving;

  const nameServer =
    useLookupNameserverQuery({ siteId: site.id, domain: lookupDomain ?? '' }, { skip: !lookupDomain }).data
      ?.nameServer ?? null;
  const { data: diagnosis } = useCheckDomainDnsQuery({ siteId: site.id }, { skip: !site.external_domain });
  const records = dnsRecords({
    domain: valid ? domain : '',
    siteId: site.id,
    siteSubdomain: site.subdomain,
    proDomain: site.pro_domain,
  });

  // The status is re-checked every 3 s until it is final; leaving the screen stops it.
  useEffect(() => {
    if (!watch) return undefined;
    const controller = new AbortController();
    void (async () => {
      const result = await poll<DomainCheckOutcome>({
        async read() {
          const check = await dispatch(
            domainApi.endpoints.checkDomain.initiate({ siteId: site.id }, { subscribe: false, forceRefetch: true }),
          );
          void dispatch(
            domainApi.endpoints.checkDomainDns.initiate({ siteId: site.id }, { subscribe: false, forceRefetch: true }),
          );
          if (!check.data) return { state: 'failed', notice: { kind: 'checkThrew' }, done: true };
          return domainCheckOutcome(check.data, watch.domain, watch.previousDomain);
        },
        isDone: (outcome) => outcome.done,
        intervalMs: DOMAIN_POLL_INTERVAL_MS,
        // "until it reaches a known final status": no time limit.
        timeoutMs: Number.POSITIVE_INFINITY,
        signal: controller.signal,
        now: () => Date.now(),
      });
      if (result.outcome !== 'done') return;
      setPhase(phaseOf(result.value));
      setMessage(result.value.notice);
      setWatch(null);
    })();
    return () => controller.abort();
  }, [dispatch, site.id, watch]);

  async function activate() {
    const refusal: DomainNotice | null =
      (valid ? null : (inputNotice ?? { kind: 'invalidCustomDomain' })) ??
      activationInputNotice({ domain, currentDomain: site.external_domain, sslStatus: site.ssl_status });
    if (refusal) {
      setMessage(refusal);
      return;
    }
    setPhase('activating');
    setMessage(null);
    setRemoved(null);
    setRefusal(null);
    const lookup = await dispatch(
      domainApi.endpoints.lookupNameserver.initiate({ siteId: site.id, domain }, { subscribe: false }),
    );
    const target = domainForActivation(domain, lookup.data?.nameServer ?? null);
    setLookupDomain(target);
    setInput(target);
    const previousDomain = site.external_domain;
    const activation = await dispatch(domainApi.endpoints.activateDomain.initiate({ siteId: site.id, domain: target }));
    if (!activation.data) {
      setPhase('failed');
      const refused = refusalOf(activation.error, target);
      setRefusal(refused);
      setMessage(refused === null ? { kind: 'noHostnameNoStatus' } : null);
      return;
    }
    const outcome = domainCheckOutcome({ ...activation.data, error: null }, target, previousDomain);
    if (outcome.done || outcome.state !== 'inProgress') {
      setPhase(phaseOf(outcome));
      setMessage(outcome.notice);
      return;
    }
    setPhase('waiting');
    setWatch({ domain: target, previousDomain });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || phase === 'waiting' || showsActivePanel) return;
    void activate();
  }

  function removeDomain() {
    void removal.run(async () => {
      const removedDomain = site.external_domain;
      const result = await dispatch(domainApi.endpoints.updateDomain.initiate({ siteId: site.id, domain: null }));
      if (result.error) return t(customDomainRemovalFailed(supportEmail));
      setRemoved(removedDomain);
      // The remove button goes with the domain: the focus moves to the input, where a new domain starts.
      inputRef.current?.focus();
      setInput('');
      setPhase('idle');
      setMessage(null);
      setWatch(null);
      setLookupDomain(null);
      return null;
    });
  }

  async function back() {
    setLeaving(true);
    await dispatch(domainApi.endpoints.reloadCurrentSite.initiate({ siteId: site.id }));
    navigate('/domain');
  }

  const activationText = t(CUSTOM_DOMAIN_ACTIVATION);
  const activateLabel = phase === 'waiting' ? activationText : phase === 'failed' ? t`Try again` : t`Activate`;
  const activatingLabel = t`Activating ${domain}…`;
  const waitingDomain = watch?.domain ?? domain;
  const announcement =
    phase === 'activating'
      ? activatingLabel
      : phase === 'waiting'
        ? t`${waitingDomain}: ${activationText}`
        : showsActivePanel
          ? t`${domain} is active`
          : removed
            ? t`Custom domain ${removed} removed`
            : '';
  const proxy = proxyStatus(nameServer) === null ? null : t(PROXY_STATUS_DNS_ONLY_TEXT);
  const claimedDomain = refusal?.code === 'domain_claimed' && refusal.domain === domain ? domain : null;
  const claimProof =
    claimedDomain === null
      ? undefined
      : dnsRecords({
          domain: claimedDomain,
          siteId: site.id,
          siteSubdomain: site.subdomain,
          proDomain: site.pro_domain,
        }).find((record) => record.type === 'TXT');

  return (
    <div className="domain-setup">
      <div className="domain-setup__links">
        <Link
          to="/domain"
          onClick={(event) => {
            // While an activation or a removal runs the link just leaves; otherwise it reads the site first.
            if (busy) return;
            event.preventDefault();
            void back();
          }}
        >
          <Trans>Back</Trans>
        </Link>
        <ExternalLink href={domainHelpUrl}>
          <Trans>Get help</Trans>
        </ExternalLink>
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {/* Until the owner removes the domain or activates it again. */}
      {!removed && (phase === 'live' || phase === 'failed') && <DomainDnsWarning site={site} diagnosis={diagnosis} />}
      <EndedClaimNotice claim={site.ended_domain_claim} />
      <form className="domain-steps" onSubmit={submit} noValidate>
        <ol className="domain-steps__list">
          <li className="card domain-step">
            <h2>
              <label htmlFor={inputId}>
                <Trans>Enter the domain you want to use</Trans>
              </label>
            </h2>
            <input
              id={inputId}
              ref={inputRef}
              type="text"
              className="domain-input"
              placeholder={DOMAIN_PLACEHOLDER_HOST}
              autoComplete="off"
              spellCheck={false}
              value={input}
              aria-invalid={inputError !== null || undefined}
              aria-describedby={inputError ? inputErrorId : undefined}
              onChange={(event) => setInput(event.target.value)}
            />
            <FormError id={inputErrorId}>{inputError}</FormError>
          </li>
          <li className="card domain-step">
            <h2>
              <Trans>Create your DNS records</Trans>
            </h2>
            <DnsTable
              caption={t`DNS records for your custom domain`}
              rows={tableRows(records, diagnosis, domain)}
              proxyStatus={proxy}
              showStatus={diagnosis?.domain === domain && diagnosis.records.length > 0}
            />
            <div className="card__actions">
              <CopyButton
                text={zoneFile(records)}
                label={t({
                  comment: "What the button copies, read in 'Copy {label}' and 'Copied {label}'",
                  message: 'all records',
                })}
                className="button button--secondary"
              >
                <Trans>Copy all records</Trans>
              </CopyButton>
            </div>
            {diagnosis && diagnosis.domain === domain && diagnosis.records.length > 0 && (
              <DnsDiagnosisList diagnosis={diagnosis} />
            )}
          </li>
          <li className="card domain-step">
            <h2>
              <Trans>Activate custom domain</Trans>
            </h2>
            {showsActivePanel ? (
              <p className="domain-active">
                <DnsStatusIcon status="valid" />{' '}
                <Trans>
                  Your custom domain <strong>{domain}</strong> is active.
                </Trans>
              </p>
            ) : (
              <ActionButton
                type="submit"
                state={phase === 'activating' ? 'pending' : 'idle'}
                label={activateLabel}
                pendingLabel={activatingLabel}
                disabled={phase === 'waiting' || phase === 'activating' || !valid}
                aria-describedby={message ? messageId : undefined}
              />
            )}
            <FormError id={messageId}>
              {message
                ? domainNoticeMessage(i18n, message)
                : refusal?.code === 'domain_held'
                  ? translateErrorText(i18n, serverErrorText(refusal.error))
                  : null}
            </FormError>
            {claimedDomain !== null && claimProof && <ClaimedElsewhere domain={claimedDomain} proof={claimProof} />}
            {configured && phase !== 'live' && <UnprovenClaimNote site={site} />}
            {site.external_domain && (
              <div className="card__actions">
                <ActionButton
                  className="button button--link button--danger-link"
                  state={removal.state === 'succeeded' ? 'idle' : removal.state}
                  label={t`Remove custom domain`}
                  pendingLabel={t`Removing custom domain…`}
                  disabled={phase === 'activating'}
                  onClick={removeDomain}
                />
              </div>
            )}
            <FormError>{removal.error}</FormError>
          </li>
        </ol>
      </form>
    </div>
  );
}

export function CustomDomainSetup() {
  const { t } = useLingui();
  const offered = useFeatureOffered('customDomains');
  if (!offered) return <FeatureNotOfferedScreen feature="customDomains" title={t`Domain settings`} />;
  return <CustomDomainSetupScreen />;
}

function CustomDomainSetupScreen() {
  const { t } = useLingui();
  useScreenTitle(t`Domain settings`);
  return (
    <DomainGate
      loadingLabel={t`Loading custom domain settings`}
      legacyMessage={(supportEmail) => t(accountErrorText({ status: LEGACY_PLAN_HTTP_STATUS }, supportEmail))}
    >
      {({ currentSite }) => <CustomDomainForm site={currentSite} />}
    </DomainGate>
  );
}
