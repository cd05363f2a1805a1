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
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { StripeCardElementChangeEvent } from '@stripe/stripe-js';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import type { User } from '../../../core/contract';
import { CARD_UPDATE_RELOAD_DELAY_MS } from '../../../core/rules/constants';
import { translateErrorText, type ErrorText } from '../../api/errors';
import { useAppDispatch } from '../../store/hooks';
import { ActionButton } from '../../ui/ActionButton';
import { FormError } from '../../ui/FormError';
import { Modal } from '../../ui/Modal';
import { themeToken, useDocumentTheme } from '../../ui/documentTheme';
import { useActionFlow } from '../../ui/useActionFlow';
import { PaymentProviderWarning } from './PaymentProviderWarning';
import { cardErrorText, type ProviderCardError } from './cardErrors';
import { cardFieldAppearance } from './cardFieldAppearance';
import type { CardFieldAppearance } from './cardFieldAppearance';
import { gracePaymentFailureText, type GracePaymentFailure } from './messages';
import { chargeOpenInvoice } from './openInvoicePaymentSlice';
import { providerLocale } from './paymentProvider';
import { useSetupCardMutation, useUpdateCardMutation } from './paymentsApi';
import { usePaymentProvider } from './usePaymentProvider';

export const CARD_UPDATE_FAILED_MESSAGE = msg`Error updating your card. Refresh the page and try again or contact support if the error persists.`;
export const CARD_NAME_REQUIRED_MESSAGE = msg`Enter the full name on the card`;
export const CARD_FORM_LOADING_MESSAGE = msg`Loading the secure card form…`;
export const CARD_MODAL_TITLE = msg`Update credit card`;

/** Why saving the card failed: a message (the provider's, or the panel's), or the open invoice's payment after it. */
type CardFailure = { text: ErrorText } | { payment: GracePaymentFailure };

const UPDATE_FAILED: CardFailure = { text: CARD_UPDATE_FAILED_MESSAGE };

/** A failure in the language `i18n` speaks, read at each render: a language switch rewords it in place. */
function cardFailureText(i18n: I18n, failure: CardFailure): string {
  return 'payment' in failure ? gracePaymentFailureText(i18n, failure.payment) : translateErrorText(i18n, failure.text);
}

export interface CardModalProps {
  customerId: string;
  userId: string;
  onClose(): void;
  /** Called `savedDelayMs` after the card was saved (the dashboard reloads its data and closes). */
  onSaved(user: User): void;
  savedDelayMs?: number;
  /** the modal's title; 'Update credit card' by default */
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
  const flow = useActionFlow({
    onSucceeded: () => saved.current && onSaved(saved.current),
    afterSuccessMs: savedDelayMs,
  });
  const { t, i18n } = useLingui();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<MessageDescriptor | null>(null);
  // The provider's error, put into words at render (cardErrors.ts): its code, and its message in its language.
  const [cardError, setCardError] = useState<ProviderCardError | null>(null);
  // What the last failure says, put into words at render; the flow keeps the button's state.
  const [failure, setFailure] = useState<CardFailure | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const nameId = useId();
  const nameErrorId = useId();
  const cardLabelId = useId();
  const cardErrorId = useId();

  // The form replaces the loading message: the name field takes the focus the dialog gave its close button.
  useEffect(() => nameInput.current?.focus(), []);

  function onCardChange(event: StripeCardElementChangeEvent) {
    setCardError(event.error ? { code: event.error.code, message: event.error.message } : null);
  }

  async function saveCard(fullName: string): Promise<CardFailure | null> {
    const card = elements?.getElement('card');
    if (!stripe || !card) return UPDATE_FAILED;
    const setup = await setupCard({ customerId });
    if (!setup.data) return UPDATE_FAILED;
    const confirmed = await stripe.confirmCardSetup(setup.data.clientSecret, {
      payment_method: { card, billing_details: { name: fullName } },
    });
    // A declined card or a failed challenge: the provider's own words say what to do.
    if (confirmed.error) {
      const { code, decline_code, message } = confirmed.error;
      const text = cardErrorText({ code, decline_code, message });
      return text === null ? UPDATE_FAILED : { text };
    }
    const update = await updateCard({
      userId,
      customerId,
      setupIntentId: confirmed.setupIntent.id ?? setup.data.setupIntentId,
    });
    if (!update.data) return UPDATE_FAILED;
    saved.current = update.data.user;
    // The saved card is now the card on file, so the open invoice's payment uses it.
    if (!payOpenInvoiceAfterSave) return null;
    const payment = await chargeOpenInvoice(dispatch, { customerId, cardPayments: stripe });
    return payment === null ? null : { payment };
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
    void flow.run(async () => {
      const failed = await saveCard(fullName).catch(() => UPDATE_FAILED);
      setFailure(failed);
      // The flow only needs to know that it failed: the form shows `failure`, in the owner's current language.
      return failed === null ? null : CARD_UPDATE_FAILED_MESSAGE;
    });
  }

  const cardErrorMessage = cardErrorText(cardError);

  return (
    <form className="form card-form" onSubmit={submit} noValidate>
      <label htmlFor={nameId}>
        <Trans>Full name</Trans>
      </label>
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
      <FormError id={nameErrorId}>{nameError && t(nameError)}</FormError>
      <p id={cardLabelId} className="form__label">
        <Trans>Card details</Trans>
      </p>
      <div
        className="card-element"
        role="group"
        aria-labelledby={cardLabelId}
        aria-describedby={cardErrorMessage ? cardErrorId : undefined}
      >
        <CardElement options={cardOptions} onChange={onCardChange} />
      </div>
      <FormError id={cardErrorId}>{cardErrorMessage && translateErrorText(i18n, cardErrorMessage)}</FormError>
      <FormError>{flow.state === 'failed' && failure ? cardFailureText(i18n, failure) : null}</FormError>
      <div className="form__actions">
        <ActionButton
          type="submit"
          state={flow.state}
          label={t`Update`}
          pendingLabel={t`Updating your card…`}
          disabled={!stripe || !elements}
        />
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
  title,
  payOpenInvoiceAfterSave = false,
}: CardModalProps) {
  const { t, i18n } = useLingui();
  const provider = usePaymentProvider();
  const theme = useDocumentTheme();
  // Read when the theme changes: the provider restyles its mounted field, keeping what was typed in it.
  const field = useMemo(() => cardFieldAppearance(theme, themeToken), [theme]);
  return (
    <Modal title={title ?? t(CARD_MODAL_TITLE)} onClose={onClose}>
      {provider.status === 'loading' && (
        <p className="note" role="status">
          {t(CARD_FORM_LOADING_MESSAGE)}
        </p>
      )}
      {provider.status === 'failed' && <PaymentProviderWarning warning={provider.warning} onRetry={provider.retry} />}
      {provider.status === 'ready' && (
        // The provider's field speaks the owner's language, switched in place with it (paymentProvider.ts).
        <Elements
          stripe={provider.stripe}
          options={{ appearance: field.appearance, locale: providerLocale(i18n.locale) }}
        >
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
