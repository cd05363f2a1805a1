/** Shows the screens only once the session is ready; every other session state has its own message. */
import type { ReactNode } from 'react';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useAppSelector } from '../../store/hooks';
import { Notice } from '../../ui/Notice';
import { Spinner } from '../../ui/Spinner';
import { useHideNavigation } from '../../ui/shell';
import { selectOwnerName, selectSessionError, selectSessionStatus } from './sessionSlice';
import { ERROR_MESSAGES, inEnglish, useErrorText } from '../../api/errors';

const NO_HOST = msg`Billing opens from your site's admin. Open it from there: on its own, this page can't sign you in.`;

/** The message of a panel opened outside its host, in English (tests read it). */
export const NO_HOST_MESSAGE = inEnglish(NO_HOST);

export function SessionGate({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const errorText = useErrorText();
  const status = useAppSelector(selectSessionStatus);
  const error = useAppSelector(selectSessionError);
  const ownerName = useAppSelector(selectOwnerName);
  useHideNavigation(status !== 'ready');

  switch (status) {
    case 'ready':
      return <>{children}</>;
    case 'connecting':
      return <Spinner label={t`Loading billing information`} />;
    case 'notOwner':
      return <Notice>{t(ERROR_MESSAGES.notOwner)}</Notice>;
    case 'askOwner': {
      const owner = ownerName ?? t`the site owner`;
      return <Notice tone="info">{t`Your trial is over, Ask ${owner} to choose a plan.`}</Notice>;
    }
    case 'noHost':
      return <Notice>{t(NO_HOST)}</Notice>;
    case 'siteRemoved':
      return <Notice>{t(ERROR_MESSAGES.siteRemoved)}</Notice>;
    case 'failed':
      return <Notice>{errorText(error)}</Notice>;
  }
}
