/**
 * What every screen built on the billing data does before its content: a spinner while the data loads, the
 * failure (or legacy plan) message or a way home when it fails, the state redirects of SPEC 2 and 4, and the
 * navigation hidden over all of these: it shows only around a screen's content.
 */
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useGetBillingDataQuery } from '../../api/accountApi';
import type { BillingData } from '../../../core/contract';
import { useLingui } from '@lingui/react/macro';
import { accountErrorText, isCallFailure } from '../../api/errors';
import { useConfig } from '../../config';
import type { StateRoute } from '../../../core/rules/flags';
import { Notice } from '../../ui/Notice';
import { Spinner } from '../../ui/Spinner';
import { useHideNavigation } from '../../ui/shell';

export interface ScreenGateProps {
  /** What the spinner says while the data loads (from the catalog: the screen's own words). */
  loadingLabel: string;
  /** A failed load: 'notice' says why (the dashboard does); 'home' leaves for the dashboard, which says why. */
  onFailure: 'notice' | 'home';
  /** Where the data's state sends the screen instead ('checkout': the data's checkout route); null to stay. */
  redirect(data: BillingData): StateRoute;
  /** States whose content shows without the navigation around it. */
  hidesNavigation?(data: BillingData): boolean;
  children(data: BillingData): ReactNode;
}

export function ScreenGate({ loadingLabel, onFailure, redirect, hidesNavigation, children }: ScreenGateProps) {
  const { t } = useLingui();
  const { supportEmail } = useConfig();
  const { data, error, isLoading } = useGetBillingDataQuery();
  const failed = !isLoading && (!!error || !data);
  const target = data && !failed ? redirect(data) : null;
  useHideNavigation(isLoading || failed || target !== null || (!!data && !!hidesNavigation?.(data)));

  if (isLoading) return <Spinner label={loadingLabel} />;
  if (failed || !data) {
    if (onFailure === 'home') return <Navigate to="/" replace />;
    return <Notice>{t(accountErrorText(isCallFailure(error) ? error : { status: 500 }, supportEmail))}</Notice>;
  }
  if (target) return <Navigate to={target === 'checkout' ? data.checkoutRoute : target} replace />;
  return <>{children(data)}</>;
}
