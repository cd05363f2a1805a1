/**
 * The card provider's field in the panel's colours. The field draws in the provider's own iframe, out of reach of
 * panel.css, so its colours are the panel's tokens read from the page and handed over in the provider's options:
 * the elements group's appearance (its theme and variables, which the provider's newer elements use) and the card
 * element's style (what its card element uses).
 */
import type { Appearance, StripeCardElementOptions } from '@stripe/stripe-js';
import type { PanelTheme } from '../../ui/documentTheme';

const FIELD_FONT_SIZE = '16px';

/** A token's value in the current theme, or undefined when there is none (a page without panel.css). */
export type TokenReader = (name: `--${string}`) => string | undefined;

export interface CardFieldAppearance {
  appearance: Appearance;
  cardOptions: StripeCardElementOptions;
}

export function cardFieldAppearance(theme: PanelTheme, token: TokenReader): CardFieldAppearance {
  const text = token('--ink');
  const placeholder = token('--muted');
  const danger = token('--danger');
  return {
    appearance: {
      // The provider's own dark and light themes, under the panel's colours.
      theme: theme === 'dark' ? 'night' : 'stripe',
      variables: {
        colorPrimary: token('--accent'),
        colorBackground: token('--surface'),
        colorText: text,
        colorTextPlaceholder: placeholder,
        colorDanger: danger,
        iconColor: placeholder,
      },
    },
    cardOptions: {
      hidePostalCode: false,
      style: {
        base: {
          fontSize: FIELD_FONT_SIZE,
          color: text,
          iconColor: placeholder,
          '::placeholder': { color: placeholder },
        },
        invalid: { color: danger, iconColor: danger },
      },
    },
  };
}
