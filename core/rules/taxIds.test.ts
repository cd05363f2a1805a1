import { TAX_ID_TYPES, type TaxIdType } from '../contract';
import {
  normalizeTaxId,
  printedTaxId,
  TAX_ID_EXAMPLES,
  TAX_ID_INVALID_MESSAGE,
  TAX_ID_PRINTED_TYPES,
  taxIdError,
} from './taxIds';

describe('tax IDs', () => {
  it.each(TAX_ID_TYPES)('takes the example of %s as it is written', (type) => {
    expect(normalizeTaxId({ type, value: TAX_ID_EXAMPLES[type] })).toEqual({ type, value: TAX_ID_EXAMPLES[type] });
    expect(taxIdError({ type, value: TAX_ID_EXAMPLES[type] })).toBeNull();
  });

  it.each<[TaxIdType, string, string]>([
    ['eu_vat', ' de 123.456.789 ', 'DE123456789'],
    ['eu_vat', 'fr 4a 123456789', 'FR4A123456789'],
    ['eu_vat', 'ATU12345678', 'ATU12345678'],
    ['eu_vat', 'nl123456789b01', 'NL123456789B01'],
    ['eu_vat', 'EL123456789', 'EL123456789'],
    ['eu_vat', 'IE1234567WA', 'IE1234567WA'],
    ['eu_vat', 'XIGD123', 'XIGD123'],
    ['gb_vat', 'GB 123 4567 89', 'GB123456789'],
    ['gb_vat', 'gb123456789012', 'GB123456789012'],
    ['gb_vat', 'GBHA123', 'GBHA123'],
    ['ch_vat', 'che123456789tva', 'CHE-123.456.789 TVA'],
    ['ch_vat', 'CHE-123.456.789 IVA', 'CHE-123.456.789 IVA'],
    ['no_vat', 'NO 123 456 789 MVA', '123456789MVA'],
    ['us_ein', '123456789', '12-3456789'],
    ['us_ein', '12 3456789', '12-3456789'],
    ['ca_bn', '123 456 789', '123456789'],
    ['au_abn', '12 345 678 912', '12345678912'],
  ])('writes %s %p as %p', (type, value, written) => {
    expect(normalizeTaxId({ type, value })).toEqual({ type, value: written });
  });

  it.each<[TaxIdType, string]>([
    ['eu_vat', ''],
    ['eu_vat', 'DE12345678'], // a digit short
    ['eu_vat', 'GB123456789'], // the UK left the EU: gb_vat
    ['eu_vat', 'GR123456789'], // Greece's prefix is EL
    ['eu_vat', 'US123456789'],
    ['eu_vat', 'ATX12345678'],
    ['eu_vat', 'DE12345678X'],
    ['gb_vat', '123456789'], // without GB
    ['gb_vat', 'GB12345678'],
    ['ch_vat', 'CHE-123.456.789'], // without the register's language
    ['ch_vat', 'CH123456789MWST'],
    ['no_vat', '123456789'],
    ['us_ein', '12-34567890'],
    ['us_ein', 'AB-3456789'],
    ['ca_bn', '12345678'],
    ['au_abn', '1234567891'],
  ])('refuses %s %p', (type, value) => {
    expect(normalizeTaxId({ type, value })).toBeNull();
    expect(taxIdError({ type, value })).toBe(TAX_ID_INVALID_MESSAGE);
    expect(TAX_ID_INVALID_MESSAGE).toBe('Enter a valid tax ID');
  });
});

describe('printedTaxId', () => {
  it('names the type as the provider prints it, then the value', () => {
    expect(printedTaxId({ type: 'eu_vat', value: 'DE123456789' })).toBe('EU VAT DE123456789');
    expect(printedTaxId({ type: 'ch_vat', value: 'CHE-123.456.789 MWST' })).toBe('CH VAT CHE-123.456.789 MWST');
    expect(TAX_ID_TYPES.every((type) => TAX_ID_PRINTED_TYPES[type].length > 0)).toBe(true);
  });
});
