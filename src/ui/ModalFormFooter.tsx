/** The end of every form modal: the failure message (announced) and the Update button with its states. */
import { ActionButton } from './ActionButton';
import type { ActionState } from './ActionButton';
import { FormError } from './FormError';

export function ModalFormFooter({ error, errorId, state }: { error: string | null; errorId: string; state: ActionState }) {
  return (
    <>
      <FormError id={errorId}>{error}</FormError>
      <div className="form__actions">
        <ActionButton type="submit" state={state} label="Update" pendingLabel="Updating…" />
      </div>
    </>
  );
}
