/**
 * The sandbox script with @stripe/react-stripe-js, unchanged, as the panel's card modal uses it: <Elements>
 * takes the sandbox's Stripe object, <CardElement> mounts the sandbox's card frame and relays its events, and
 * confirmCardSetup with the element from useElements round-trips through the frame.
 *
 * @jest-environment jsdom
 * @jest-environment-options {"url": "http://127.0.0.1:4001/"}
 */
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeCardElementChangeEvent } from '@stripe/stripe-js';
import { act, render } from '@testing-library/react';
import { useState } from 'react';

/** Runs the script's module afresh, as a page runs the script the server bundles from it (server/browser/bundle.ts). */
const runScript = () => jest.isolateModules(() => jest.requireActual('./payments.js'));
const ORIGIN = 'http://127.0.0.1:4001';
const SECRET = 'seti_9_secret_z';

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  runScript();
});

function SaveButton({ onResult }: { onResult(result: unknown): void }) {
  const stripe = useStripe();
  const elements = useElements();
  return (
    <button
      type="button"
      onClick={() => {
        const card = elements?.getElement('card');
        if (!stripe || !card) return;
        void stripe
          .confirmCardSetup(SECRET, { payment_method: { card, billing_details: { name: 'Alex Morgan' } } })
          .then(onResult);
      }}
    >
      Save
    </button>
  );
}

function CardForm({
  stripe,
  onChange,
  onReady,
  onResult,
}: {
  stripe: Stripe;
  onChange(event: StripeCardElementChangeEvent): void;
  onReady(): void;
  onResult(result: unknown): void;
}) {
  const [shown, setShown] = useState(true);
  return (
    <Elements stripe={stripe}>
      {shown && <CardElement options={{ hidePostalCode: false }} onChange={onChange} onReady={onReady} />}
      <SaveButton onResult={onResult} />
      <button type="button" onClick={() => setShown(false)}>
        Hide
      </button>
    </Elements>
  );
}

it('works with react-stripe-js unchanged: mount, events, confirm, unmount', async () => {
  const stripe = (window as unknown as { Stripe(key: string): Stripe }).Stripe('pk_test_sandbox');
  const onChange = jest.fn();
  const onReady = jest.fn();
  const onResult = jest.fn();
  const view = render(<CardForm stripe={stripe} onChange={onChange} onReady={onReady} onResult={onResult} />);

  const frame = view.container.querySelector('iframe')!;
  expect(frame.src.startsWith(`${ORIGIN}/sandbox/card-frame.html#`)).toBe(true);
  const id = new URLSearchParams(new URL(frame.src).hash.slice(1)).get('id');
  const toFrame = jest.fn();
  Object.assign(frame.contentWindow!, { postMessage: toFrame });
  const fromFrame = (data: object) =>
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { source: 'sandbox-card', id, ...data },
          origin: ORIGIN,
          source: frame.contentWindow,
        }),
      );
    });

  fromFrame({ type: 'ready', height: 40 });
  expect(onReady).toHaveBeenCalledTimes(1);
  const event = { elementType: 'card', empty: false, complete: true, brand: 'visa', value: { postalCode: '10001' } };
  fromFrame({ type: 'change', event });
  expect(onChange).toHaveBeenCalledWith(event);

  await act(async () => {
    view.getByRole('button', { name: 'Save' }).click();
  });
  const request = toFrame.mock.calls.map(([message]) => message).find((message) => message.type === 'request');
  expect(request).toMatchObject({
    action: 'confirm-setup',
    payload: { clientSecret: SECRET, billingDetails: { name: 'Alex Morgan' } },
  });
  await act(async () => {
    fromFrame({
      type: 'result',
      requestId: request.requestId,
      status: 200,
      body: { setupIntent: { id: 'seti_9', status: 'succeeded' } },
    });
  });
  expect(onResult).toHaveBeenCalledWith({ setupIntent: { id: 'seti_9', status: 'succeeded' } });

  await act(async () => {
    view.getByRole('button', { name: 'Hide' }).click();
  });
  expect(view.container.querySelector('iframe')).toBeNull();
  view.unmount();
});
