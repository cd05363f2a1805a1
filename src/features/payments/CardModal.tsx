/**
 * The Update credit card modal (SPEC 2 "A card modal shows one of three things"): a loading message while the
 * card provider's script loads, its ad-blocker or connection warning, or the card form. This module is its own
 * chunk: the provider's React bindings load only when a card modal opens.
 *
 * Saving a card: setup-card gives a setup intent's client secret; the provider confirms it in the browser
 * with the card element (showing its own authentication challenge when the bank asks for one); update-card
 * then saves the confirmed card on the customer. In grace the new card then pays the past-due invoice, which
 * ends grace; a failed payment leaves the card saved and says why.
 */
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { StripeCardElementChangeEvent } from '@stripe/stripe-js';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import type { User } from '../../../core/contract';
import { CARD_UPDATE_RELOAD_DELAY_MS } from '../../../core/rules/constants';
import { useAppDispatch } from '../../store/hooks';
import { ActionButton } from '../../ui/ActionButton';
import { FormError } from '../../ui/FormError';
import { Modal } from '../../ui/Modal';
import { themeToken, useDocumentTheme } from '../../ui/theme';
import { useActionFlow } from '../../ui/useActionFlow';
import { PaymentProviderWarning } from './PaymentProviderWarning';
import { cardFieldAppearance } from './cardFieldAppearance';
import type { CardFieldAppearance } from './cardFieldAppearance';
import { chargeOpenInvoice } from './openInvoicePaymentSlice';
import { useSetupCardMutation, useUpdateCardMutation } from './paymentsApi';
import { usePaymentProvider } from './usePaymentProvider';

export const CARD_UPDATE_FAILED_MESSAGE =
  'Error updating your card. Refresh the page and try again or contact support if the error persists.';
export const CARD_NAME_REQUIRED_MESSAGE = 'Enter the full name on the card';
export const CARD_FORM_LOADING_MESSAGE = 'Loading the secure card form…';

export interface CardModalProps {
  customerId: string;
  userId: string;
  onClose(): void;
  /** Called `savedDelayMs` after the card was saved (the dashboard reloads its data and closes). */
  onSaved(user: User): void;
  savedDelayMs?: number;
  title?: string;
  /** In grace: the saved card pays the open invoice, and the modal succeeds only once it is paid. */
  payOpenInvoiceAfterSave?: boolean;
}

type CardFormProps = Pick<CardModalProps, 'customerId' | 'userId' | 'onSaved'> & {
  savedDelayMs: number;
  payOpenInvoiceAfterSave: boolean;
  cardOptions: CardFieldAppearance['cardOptions'];
};

function CardForm({ customerId, userId, onSaved, savedDelayMs, payOpenInvoiceAfterSave, cardOptions }: CardFormProps) {
  const dispatch = useAppDispatch();
  const stripe = useStripe();
  const elements = useElements();
  const [setupCard] = useSetupCardMutation();
  const [updateCard] = useUpdateCardMutation();
  const saved = useRef<User | null>(null);
  const flow = useActionFlow({ onSucceeded: () => saved.current && onSaved(saved.current), afterSuccessMs: savedDelayMs });
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [cardError, setCardError] = useState<string | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const nameId = useId();
  const nameErrorId = useId();
  const cardLabelId = useId();
  const cardErrorId = useId();

  // The form replaces the loading message: the name field takes the focus the dialog gave its close button.
  useEffect(() => nameInput.current?.focus(), []);

  function onCardChange(event: StripeCardElementChangeEvent) {
    setCardError(event.error?.message ?? null);
  }

  async function saveCard(fullName: string): Promise<string | null> {
    const card = elements?.getElement('card');
    if (!stripe || !card) return CARD_UPDATE_FAILED_MESSAGE;
    const setup = await setupCard({ customerId });
    if (!setup.data) return CARD_UPDATE_FAILED_MESSAGE;
    const confirmed = await stripe.confirmCardSetup(setup.data.clientSecret, {
      payment_method: { card, billing_details: { name: fullName } },
    });
    // A declined card or a failed challenge: the provider's own words say what to do.
    if (confirmed.error) return confirmed.error.message ?? CARD_UPDATE_FAILED_MESSAGE;
    const update = await updateCard({ userId, customerId, setupIntentId: confirmed.setupIntent.id ?? setup.data.setupIntentId });
    if (!update.data) return CARD_UPDATE_FAILED_MESSAGE;
    saved.current = update.data.user;
    // The saved card is now the card on file, so the open invoice's payment uses it.
    return payOpenInvoiceAfterSave ? chargeOpenInvoice(dispatch, { customerId, cardPayments: stripe }) : null;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const fullName = name.trim();
    if (!fullName) {
      setNameError(CARD_NAME_REQUIRED_MESSAGE);
      nameInput.current?.focus();
      return;
    }
    setNameError(null);
    void flow.run(() => saveCard(fullName).catch(() => CARD_UPDATE_FAILED_MESSAGE));
  }

  return (
    <form className="form card-form" onSubmit={submit} noValidate>
      <label htmlFor={nameId}>Full name</label>
      <input
        ref={nameInput}
        id={nameId}
        type="text"
        autoComplete="cc-name"
        required
        aria-required="true"
        aria-invalid={nameError ? true : undefined}
        aria-describedby={nameError ? nameErrorId : undefined}
        value={name}
        onChange={(event) => setName(event.target.value)}
        data-autofocus
      />
      <FormError id={nameErrorId}>{nameError}</FormError>
      <p id={cardLabelId} className="form__label">
        Card details
      </p>
      <div className="card-element" role="group" aria-labelledby={cardLabelId} aria-describedby={cardError ? cardErrorId : undefined}>
        <CardElement options={cardOptions} onChange={onCardChange} />
      </div>
      <FormError id={cardErrorId}>{cardError}</FormError>
      <FormError>{flow.error}</FormError>
      <div className="form__actions">
        <ActionButton type="submit" state={flow.state} label="Update" pendingLabel="Updating your card…" disabled={!stripe || !elements} />
      </div>
    </form>
  );
}

export default function CardModal({
  customerId,
  userId,
  onClose,
  onSaved,
  savedDelayMs = CARD_UPDATE_RELOAD_DELAY_MS,
  title = 'Update credit card',
  payOpenInvoiceAfterSave = false,
}: CardModalProps) {
  const provider = usePaymentProvider();
  const theme = useDocumentTheme();
  // Read when the theme changes: the provider restyles its mounted field, keeping what was typed in it.
  const field = useMemo(() => cardFieldAppearance(theme, themeToken), [theme]);
  return (
    <Modal title={title} onClose={onClose}>
      {provider.status === 'loading' && (
        <p className="note" role="status">
          {CARD_FORM_LOADING_MESSAGE}
        </p>
      )}
      {provider.status === 'failed' && <PaymentProviderWarning warning={provider.warning} onRetry={provider.retry} />}
      {provider.status === 'ready' && (
        <Elements stripe={provider.stripe} options={{ appearance: field.appearance }}>
          <CardForm
            customerId={customerId}
            userId={userId}
            onSaved={onSaved}
            savedDelayMs={savedDelayMs}
            payOpenInvoiceAfterSave={payOpenInvoiceAfterSave}
            cardOptions={field.cardOptions}
          />
        </Elements>
      )}
    </Modal>
  );
}
