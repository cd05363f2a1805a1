/**
 * The attempt behind an ActionButton (attempt.ts): idle -> pending -> succeeded or failed, with the failure's message,
 * and a follow-up (close the modal, reload) a fixed delay after success. The delay's timer is cleared when the
 * component unmounts, so a closed modal never acts late. A failure given as a catalog message is kept as one and
 * read in the owner's language at each render, so a language switch rewords it in place.
 */
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { ActionState } from './ActionButton';
import { IDLE_ATTEMPT, attemptReducer } from './attempt';

/** A failure's message: a catalog message, or a text already in the owner's language. */
export type FlowMessage = MessageDescriptor | string;

export interface ActionFlow {
  state: ActionState;
  /** The message of the last failure, in the owner's language; null otherwise. */
  error: string | null;
  /** Runs the action unless one is already running; it resolves to a failure message, or null on success. */
  run(action: () => Promise<FlowMessage | null>): Promise<void>;
  /** Fails without running anything (a check before the call). */
  fail(message: FlowMessage): void;
  reset(): void;
}

export interface ActionFlowOptions {
  /** Called `afterSuccessMs` after a success. */
  onSucceeded?: () => void;
  afterSuccessMs?: number;
}

export function useActionFlow({ onSucceeded, afterSuccessMs = 0 }: ActionFlowOptions = {}): ActionFlow {
  const [{ status: state, error }, update] = useReducer(attemptReducer<FlowMessage>, IDLE_ATTEMPT);
  const { i18n } = useLingui();
  const running = useRef(false);
  const followUp = useRef(onSucceeded);
  useEffect(() => {
    followUp.current = onSucceeded;
  }, [onSucceeded]);

  useEffect(() => {
    if (state !== 'succeeded') return undefined;
    const timer = setTimeout(() => followUp.current?.(), afterSuccessMs);
    return () => clearTimeout(timer);
  }, [state, afterSuccessMs]);

  const run = useCallback(async (action: () => Promise<FlowMessage | null>) => {
    if (running.current) return;
    running.current = true;
    update({ type: 'started' });
    try {
      const failure = await action();
      update(failure === null ? { type: 'succeeded' } : { type: 'failed', error: failure });
    } catch {
      // Actions return their failures; one that throws anyway must not leave the button spinning.
      update({ type: 'failed', error: null });
    } finally {
      running.current = false;
    }
  }, []);

  const fail = useCallback((message: FlowMessage) => update({ type: 'failed', error: message }), []);
  const reset = useCallback(() => update({ type: 'reset' }), []);

  const shownError = error === null || typeof error === 'string' ? error : i18n._(error);
  return { state, error: shownError, run, fail, reset };
}
