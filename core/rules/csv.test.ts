import { toCsv } from './csv';

describe('toCsv (RFC 4180)', () => {
  it('writes plain fields as they are, comma separated, every record ended by CRLF', () => {
    expect(toCsv([['Date', 'Number'], ['2026-05-01', 'ACTIVE-0001']])).toBe('Date,Number\r\n2026-05-01,ACTIVE-0001\r\n');
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
