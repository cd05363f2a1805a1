/** The end of every form modal: the failure message (announced) and the Update button with its states. */
import { useLingui } from '@lingui/react/macro';
import { ActionButton } from './ActionButton';
import type { ActionState } from './ActionButton';
import { FormError } from './FormError';

export function ModalFormFooter({
  error,
  errorId,
  state,
}: {
  error: string | null;
  errorId: string;
  state: ActionState;
}) {
  const { t } = useLingui();
  return (
    <>
      <FormError id={errorId}>{error}</FormError>
      <div className="form__actions">
        <ActionButton type="submit" state={state} label={t`Update`} pendingLabel={t`Updating…`} />
      </div>
    </>
  );
}
