import { I18nProvider } from '@lingui/react';
import { render } from '@testing-library/react';
import { createPanelI18n } from '../i18n/i18n';
import { CardBrandIcon, cardBrandName } from './CardBrandIcon';

it.each([
  ['visa', 'Visa'],
  ['Mastercard', 'Mastercard'],
  ['amex', 'American Express'],
  ['eftpos', 'Eftpos'],
  [null, 'Card'],
  ['  ', 'Card'],
])('names the brand %p %p', (brand, name) => {
  expect(cardBrandName(brand, createPanelI18n())).toBe(name);
});

it('draws a decorative badge, generic for an unknown brand', () => {
  const { container } = render(
    <I18nProvider i18n={createPanelI18n()}>
      <CardBrandIcon brand="eftpos" />
    </I18nProvider>,
  );
  expect(container.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  expect(container).toHaveTextContent('CARD');
});
