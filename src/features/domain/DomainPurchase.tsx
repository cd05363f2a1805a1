/**
 * 'Buy a new domain' (SPEC 4 "Domain purchase", SPEC 5 "Domain purchase option"): enable the registrar
 * integration, open its widget with a registrar token (renewed within 5 minutes of its expiry), and wait for it
 * to close. A bought domain becomes the site's custom domain without verification; the site is read again and
 * the panel reloads to show it everywhere.
 */
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import type { CurrentSite } from '../../../core/contract';
import { useConfig } from '../../config';
import { dnsRecords, isRegistrarTokenFresh } from '../../../core/rules/domains';
import type { DomainNotice } from '../../../core/rules/domains';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { ActionButton } from '../../ui/ActionButton';
import type { ActionState } from '../../ui/ActionButton';
import { FormError } from '../../ui/FormError';
import { usePageNavigation } from '../common/pageNavigation';
import { domainApi } from './domainApi';
import { domainNoticeMessage } from './messages';
import { loadRegistrarWidget, nextRegistrarClose } from './registrar';

/** SPEC 8 "Generic defaults": returned when the integration cannot be enabled (or its widget opened). */
const REGISTRAR_ERROR = msg`Error enabling Entri integration`;

/** Why a purchase failed, worded at render: the registrar's generic default, or a domain message. */
type PurchaseFailure = 'registrar' | DomainNotice;

const selectRegistrarToken = domainApi.endpoints.getRegistrarToken.select();

export function DomainPurchase({ site }: { site: CurrentSite }) {
  const { t, i18n } = useLingui();
  const dispatch = useAppDispatch();
  const navigation = usePageNavigation();
  const { registrarScriptUrl } = useConfig();
  const cachedToken = useAppSelector(selectRegistrarToken);
  const [state, setState] = useState<ActionState>('idle');
  const [error, setError] = useState<PurchaseFailure | null>(null);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  async function registrarToken() {
    const { data, fulfilledTimeStamp } = cachedToken;
    if (data && fulfilledTimeStamp !== undefined && isRegistrarTokenFresh(data, fulfilledTimeStamp, Date.now()))
      return data;
    const renewed = await dispatch(
      domainApi.endpoints.getRegistrarToken.initiate(undefined, { forceRefetch: true, subscribe: false }),
    );
    return renewed.data ?? null;
  }

  /** Resolves the failure, or null once the widget has closed (and a bought domain is set up). */
  async function purchase(signal: AbortSignal): Promise<PurchaseFailure | null> {
    const enabled = await dispatch(domainApi.endpoints.enableRegistrar.initiate({ siteId: site.id }));
    if (enabled.error) return 'registrar';
    const token = await registrarToken();
    if (!token) return 'registrar';
    let widget;
    try {
      widget = await loadRegistrarWidget(registrarScriptUrl);
    } catch {
      return 'registrar';
    }
    const closed = nextRegistrarClose(signal);
    widget.showEntri({
      applicationId: token.applicationId,
      token: token.token,
      dnsRecords: dnsRecords({
        domain: '',
        siteId: site.id,
        siteSubdomain: site.subdomain,
        proDomain: site.pro_domain,
      }),
    });
    const message = await closed;
    if (!message?.success || !message.domain) return null;
    const update = await dispatch(
      domainApi.endpoints.updateDomain.initiate({ siteId: site.id, domain: message.domain, skipVerification: true }),
    );
    if (update.error) return { kind: 'updateFailed' };
    await dispatch(domainApi.endpoints.reloadCurrentSite.initiate({ siteId: site.id }));
    navigation.reload();
    return null;
  }

  async function start() {
    if (running.current) return;
    const controller = new AbortController();
    running.current = controller;
    setState('pending');
    setError(null);
    const failure = await purchase(controller.signal);
    running.current = null;
    if (controller.signal.aborted) return;
    setError(failure);
    setState(failure === null ? 'idle' : 'failed');
  }

  return (
    <section className="card domain-box" aria-labelledby="domain-purchase-heading">
      <h2 id="domain-purchase-heading">
        <Trans>Buy a new domain</Trans>
      </h2>
      <p className="note">
        <Trans>Search for a domain, buy it, and it is set up for your site for you.</Trans>
      </p>
      <div className="card__actions">
        <ActionButton
          state={state}
          label={t`Purchase domain`}
          pendingLabel={t`Purchasing domain…`}
          onClick={() => void start()}
        />
      </div>
      <FormError>
        {error === null ? null : error === 'registrar' ? t(REGISTRAR_ERROR) : domainNoticeMessage(i18n, error)}
      </FormError>
    </section>
  );
}
