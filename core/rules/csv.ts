/**
 * CSV as RFC 4180 writes it: records end with CRLF (the last one too), fields are separated by commas, and a field
 * holding a comma, a double quote, a CR or an LF is enclosed in double quotes, its double quotes doubled.
 *
 * A field a spreadsheet would read as a formula is neutralised as OWASP's "CSV Injection" page says: it starts with
 * a single quote (which spreadsheets take as "this is text" and do not show) and is enclosed in double quotes. An
 * invoice's description or number comes from the card provider, and a formula there (`=HYPERLINK(...)`) would run
 * in the owner's spreadsheet. A plain number keeps its sign: a credit's `-12.00` is a number, not a formula.
 */
const NEEDS_QUOTES = /[",\r\n]/;
const RECORD_END = '\r\n';
/** What makes a spreadsheet read a cell as a formula (OWASP): =, +, -, @, a tab or a carriage return first. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A number as the export writes one (csvAmount: no thousands separator, a point or a comma for decimals). */
const PLAIN_NUMBER = /^[+-]?\d+(?:[.,]\d+)?$/;

function csvField(value: string): string {
  if (FORMULA_START.test(value) && !PLAIN_NUMBER.test(value)) return `"'${value.replace(/"/g, '""')}"`;
  return NEEDS_QUOTES.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The records as one CSV text; the caller's first record is its header. */
export function toCsv(records: readonly (readonly string[])[]): string {
  return records.map((record) => record.map(csvField).join(',') + RECORD_END).join('');
}
