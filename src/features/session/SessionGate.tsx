/** Shows the screens only once the session is ready; every other session state has its own message. */
import type { ReactNode } from 'react';
import { useAppSelector } from '../../store/hooks';
import { Notice } from '../../ui/Notice';
import { Spinner } from '../../ui/Spinner';
import { useHideNavigation } from '../../ui/shell';
import { selectOwnerName, selectSessionError, selectSessionStatus } from './sessionSlice';
import { NOT_OWNER_MESSAGE } from '../../api/errors';

export const NO_HOST_MESSAGE =
  "Billing opens from your site's admin. Open it from there: on its own, this page can't sign you in.";

export function askOwnerMessage(ownerName: string): string {
  return `Your trial is over, Ask ${ownerName} to choose a plan.`;
}

export function SessionGate({ children }: { children: ReactNode }) {
  const status = useAppSelector(selectSessionStatus);
  const error = useAppSelector(selectSessionError);
  const ownerName = useAppSelector(selectOwnerName);
  useHideNavigation(status !== 'ready');

  switch (status) {
    case 'ready':
      return <>{children}</>;
    case 'connecting':
      return <Spinner label="Loading billing information" />;
    case 'notOwner':
      return <Notice>{NOT_OWNER_MESSAGE}</Notice>;
    case 'askOwner':
      return <Notice tone="info">{askOwnerMessage(ownerName ?? 'the site owner')}</Notice>;
    case 'noHost':
      return <Notice>{NO_HOST_MESSAGE}</Notice>;
    case 'failed':
      return <Notice>{error}</Notice>;
  }
}
