/**
 * What every domain screen does before its content (SPEC 2, 4 "Sending domain", 6): a spinner while the account
 * info loads; then an account-info failure other than 403 goes to /, a forced-upgrade owner to /plans, grace
 * to /; a 403 stays to show the screen's legacy-plan message.
 */
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useGetAccountInfoQuery } from '../../api/accountApi';
import type { CallResponse } from '../../../core/contract';
import { isCallFailure } from '../../api/errors';
import { useConfig } from '../../config';
import { accountRedirect } from '../../../core/rules/flags';
import { Notice } from '../../ui/Notice';
import { Spinner } from '../../ui/Spinner';

export type AccountInfo = CallResponse<'get-account-info'>;

/** A failure without an HTTP status (no answer) is not the legacy plan's 403: it leaves like any other. */
function errorStatusOf(error: unknown): number | null {
  if (error === undefined) return null;
  return isCallFailure(error) && typeof error.status === 'number' ? error.status : 0;
}

export interface DomainGateProps {
  loadingLabel: string;
  /** The screen's legacy-plan message, from the support address. */
  legacyMessage(supportEmail: string): string;
  children(info: AccountInfo): ReactNode;
}

export function DomainGate({ loadingLabel, legacyMessage, children }: DomainGateProps) {
  const { supportEmail } = useConfig();
  const { data, error, isLoading } = useGetAccountInfoQuery();
  if (isLoading) return <Spinner label={loadingLabel} />;
  const target = accountRedirect({
    isGrace: data?.isGrace ?? false,
    forceUpgradeOwner: data?.forceUpgradeOwner ?? false,
    errorStatus: errorStatusOf(error),
  });
  if (target) return <Navigate to={target} replace />;
  if (error || !data) return <Notice>{legacyMessage(supportEmail)}</Notice>;
  return <>{children(data)}</>;
}
