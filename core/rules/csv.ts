/**
 * CSV as RFC 4180 writes it: records end with CRLF (the last one too), fields are separated by commas, and a field
 * holding a comma, a double quote, a CR or an LF is enclosed in double quotes, its double quotes doubled.
 */
const NEEDS_QUOTES = /[",\r\n]/;
const RECORD_END = '\r\n';

function csvField(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The records as one CSV text; the caller's first record is its header. */
export function toCsv(records: readonly (readonly string[])[]): string {
  return records.map((record) => record.map(csvField).join(',') + RECORD_END).join('');
}
