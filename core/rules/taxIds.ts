/**
 * The owner's tax ID (issue 50): each type's format, as the card provider checks it before it accepts one, and
 * the one way it is written. The panel asks here before it sends one, the server before it stores one; the
 * provider checks again (and, for the EU, asks the tax authority), so a format passed here can still be refused.
 */
import type { TaxId, TaxIdType } from '../contract';

/**
 * One valid tax ID of each type, as it is stored and printed: the form field's example. Here, not in the
 * contract's values, which the panel's entry holds: only the invoice details modal, loaded on demand, shows one.
 */
export const TAX_ID_EXAMPLES: Readonly<Record<TaxIdType, string>> = {
  eu_vat: 'DE123456789',
  gb_vat: 'GB123456789',
  ch_vat: 'CHE-123.456.789 MWST',
  no_vat: '123456789MVA',
  us_ein: '12-3456789',
  ca_bn: '123456789',
  au_abn: '12345678912',
};

export const TAX_ID_INVALID_MESSAGE = 'Enter a valid tax ID';

/**
 * What names each type where a tax ID is printed (invoices, their PDFs, the CSV), as the card provider prints it
 * on its invoices: the country's code and the tax's, the same in every language.
 */
export const TAX_ID_PRINTED_TYPES: Readonly<Record<TaxIdType, string>> = {
  eu_vat: 'EU VAT',
  gb_vat: 'GB VAT',
  ch_vat: 'CH VAT',
  no_vat: 'NO VAT',
  us_ein: 'US EIN',
  ca_bn: 'CA BN',
  au_abn: 'AU ABN',
};

/**
 * The EU VAT number's national part by country prefix (the EU's VIES formats; Greece is EL, Northern Ireland's
 * traders XI). Only the format: the check digits some countries have are left to the provider.
 */
const EU_VAT_NUMBERS: Readonly<Record<string, RegExp>> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^\d[A-Z0-9+*]\d{5}[A-W][A-I]?$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^[1-9]\d{1,9}$/,
  SE: /^\d{10}01$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
  XI: /^(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
};

/** The UK's VAT number: standard (9 digits), group (12), government departments (GD) and health authorities (HA). */
const UK_VAT_NUMBER = /^(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/;

/**
 * Each type as a check of its compact form (upper case, without spaces, dots and hyphens) and the form it is
 * written in: the one of the provider's own example (TAX_ID_EXAMPLES), so what it stores and prints looks as
 * its owner knows it. Null: not of the type's format.
 */
const FORMATS: Readonly<Record<TaxIdType, (compact: string) => string | null>> = {
  eu_vat: (compact) => {
    const national = EU_VAT_NUMBERS[compact.slice(0, 2)];
    return national !== undefined && national.test(compact.slice(2)) ? compact : null;
  },
  gb_vat: (compact) => (compact.startsWith('GB') && UK_VAT_NUMBER.test(compact.slice(2)) ? compact : null),
  // CHE-123.456.789 MWST: the UID and the language of the VAT register (MWST, TVA, IVA).
  ch_vat: (compact) => {
    const match = /^CHE(\d{3})(\d{3})(\d{3})(MWST|TVA|IVA)$/.exec(compact);
    return match === null ? null : `CHE-${match[1]}.${match[2]}.${match[3]} ${match[4]}`;
  },
  // The organisation number and MVA; written with the country's NO in front is the same number.
  no_vat: (compact) => {
    return /^(?:NO)?(\d{9}MVA)$/.exec(compact)?.[1] ?? null;
  },
  us_ein: (compact) => (/^\d{9}$/.test(compact) ? `${compact.slice(0, 2)}-${compact.slice(2)}` : null),
  ca_bn: (compact) => (/^\d{9}$/.test(compact) ? compact : null),
  au_abn: (compact) => (/^\d{11}$/.test(compact) ? compact : null),
};

function compactForm(value: string): string {
  return value.toUpperCase().replace(/[\s.-]/g, '');
}

/**
 * The tax ID as it is stored, sent to the provider and printed (e.g. `de 123 456 789` is `DE123456789`), or null
 * when its value is not of its type's format.
 */
export function normalizeTaxId(taxId: TaxId): TaxId | null {
  const value = FORMATS[taxId.type](compactForm(taxId.value));
  return value === null ? null : { type: taxId.type, value };
}

/** The message for a tax ID as typed, or null when it may be saved. */
export function taxIdError(taxId: TaxId): string | null {
  return normalizeTaxId(taxId) === null ? TAX_ID_INVALID_MESSAGE : null;
}

/** The tax ID as an invoice prints it: 'EU VAT DE123456789'. */
export function printedTaxId(taxId: TaxId): string {
  return `${TAX_ID_PRINTED_TYPES[taxId.type]} ${taxId.value}`;
}
