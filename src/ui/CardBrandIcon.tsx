/**
 * A card brand's small badge and its name, as card providers report brands ('visa', 'mastercard', 'amex'...).
 * The badge is decorative: the text beside it names the brand.
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';

/** What a card of no named brand is called, and what its badge reads (in capitals). */
const UNNAMED_CARD = msg`Card`;
const BRANDS: Record<string, { name: string; short: string; color: string }> = {
  visa: { name: 'Visa', short: 'VISA', color: '#1a1f71' },
  mastercard: { name: 'Mastercard', short: 'MC', color: '#eb001b' },
  amex: { name: 'American Express', short: 'AMEX', color: '#2e77bc' },
  american_express: { name: 'American Express', short: 'AMEX', color: '#2e77bc' },
  discover: { name: 'Discover', short: 'DISC', color: '#e55c20' },
  diners: { name: 'Diners Club', short: 'DC', color: '#0079be' },
  jcb: { name: 'JCB', short: 'JCB', color: '#0b4ea2' },
  unionpay: { name: 'UnionPay', short: 'UP', color: '#d10429' },
};

/** 'visa' -> 'Visa'; an unknown brand reads as itself, capitalised; none reads the catalog's 'Card' in `i18n`'s language. */
export function cardBrandName(brand: string | null | undefined, i18n: I18n): string {
  const key = (brand ?? '').trim().toLowerCase();
  if (!key) return i18n._(UNNAMED_CARD);
  return BRANDS[key]?.name ?? key.charAt(0).toUpperCase() + key.slice(1);
}

export function CardBrandIcon({ brand }: { brand: string | null | undefined }) {
  const { t, i18n } = useLingui();
  const known = BRANDS[(brand ?? '').trim().toLowerCase()];
  return (
    <svg className="card-brand" width="38" height="24" viewBox="0 0 38 24" aria-hidden="true" focusable="false">
      {/* Brand colours stay as the brands have them; the outline is a theme token (panel.css), so a dark badge
          still shows its edge on a dark surface. */}
      <rect
        className="card-brand__badge"
        x="0.5"
        y="0.5"
        width="37"
        height="23"
        rx="3.5"
        fill={known?.color ?? '#5d6570'}
      />
      <text
        x="19"
        y="15.5"
        textAnchor="middle"
        fontSize="8"
        fontWeight="700"
        fill="#fff"
        fontFamily="system-ui, sans-serif"
      >
        {known?.short ?? t(UNNAMED_CARD).toLocaleUpperCase(i18n.locale)}
      </text>
    </svg>
  );
}
