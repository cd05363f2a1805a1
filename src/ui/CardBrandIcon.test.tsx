import { render } from '@testing-library/react';
import { CardBrandIcon, cardBrandName } from './CardBrandIcon';

it.each([
  ['visa', 'Visa'],
  ['Mastercard', 'Mastercard'],
  ['amex', 'American Express'],
  ['eftpos', 'Eftpos'],
  [null, 'Card'],
  ['  ', 'Card'],
])('names the brand %p %p', (brand, name) => {
  expect(cardBrandName(brand)).toBe(name);
});

it('draws a decorative badge, generic for an unknown brand', () => {
  const { container } = render(<CardBrandIcon brand="eftpos" />);
  expect(container.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  expect(container).toHaveTextContent('CARD');
});
