/**
 * A button that runs one action and shows where it is: its label, a spinner while pending, 'Try again' after
 * a failure, and a success label (e.g. 'Update complete!') when done. The state is announced.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ButtonHTMLAttributes } from 'react';
import type { AttemptStatus } from './attempt';

/** The button shows the status of the attempt it runs. */
export type ActionState = AttemptStatus;

/** What a button that has done its action says (SPEC 2's button labels). */
export const SUCCESS_MESSAGE = msg`Update complete!`;
/**
 * SUCCESS_MESSAGE's English words, for the tests that look for them.
 * @deprecated show `t(SUCCESS_MESSAGE)`: this is English whatever the owner reads.
 */
export const SUCCESS_LABEL = 'Update complete!';

export interface ActionButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  state: ActionState;
  label: string;
  successLabel?: string;
  retryLabel?: string;
  pendingLabel?: string;
}

export function ActionButton({
  state,
  label,
  successLabel: givenSuccessLabel,
  retryLabel: givenRetryLabel,
  pendingLabel: givenPendingLabel,
  disabled,
  className = 'button',
  onClick,
  ...rest
}: ActionButtonProps) {
  const { t } = useLingui();
  const successLabel = givenSuccessLabel ?? t(SUCCESS_MESSAGE);
  const retryLabel = givenRetryLabel ?? t`Try again`;
  const pendingLabel = givenPendingLabel ?? t`Working…`;
  const text = { idle: label, pending: pendingLabel, failed: retryLabel, succeeded: successLabel }[state];
  // While pending or done the button refuses clicks (and the form submissions they carry) but stays focusable:
  // a disabled button would drop the focus to the page, outside the dialog that holds it.
  const busy = state === 'pending' || state === 'succeeded';
  return (
    <>
      <button
        type="button"
        className={`${className} ${className}--${state}`}
        disabled={disabled}
        aria-disabled={busy || undefined}
        aria-busy={state === 'pending'}
        onClick={(event) => {
          if (busy) {
            event.preventDefault();
            return;
          }
          onClick?.(event);
        }}
        {...rest}
      >
        {state === 'pending' ? (
          <>
            <span className="spinner__wheel spinner__wheel--small" aria-hidden="true" />
            <span className="visually-hidden">{text}</span>
          </>
        ) : (
          text
        )}
      </button>
      <span className="visually-hidden" role="status">
        {state === 'succeeded' ? successLabel : ''}
      </span>
    </>
  );
}
