/** The end of every dashboard form modal: the failure message (announced) and the Update button with its states. */
import { ActionButton } from '../../../ui/ActionButton';
import type { ActionState } from '../../../ui/ActionButton';
import { UPDATE_LABEL } from '../messages';

export function ModalFormFooter({ error, errorId, state }: { error: string | null; errorId: string; state: ActionState }) {
  return (
    <>
      {error && (
        <p id={errorId} className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="form__actions">
        <ActionButton type="submit" state={state} label={UPDATE_LABEL} pendingLabel="Updating…" />
      </div>
    </>
  );
}
