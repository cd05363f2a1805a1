import { cardExpiresAt, daysUntil, formatCardExpiry, formatLongDate, toUnixSeconds, type CardExpiry } from './dates';

describe('formatLongDate: "dates in long US format" (UTC)', () => {
  it.each([
    [1_903_737_600, 'April 30, 2030'],
    [1_903_823_999, 'April 30, 2030'],
    [946_598_400, 'December 31, 1999'],
    [0, 'January 1, 1970'],
  ])('%d -> %s', (seconds, text) => {
    expect(formatLongDate(seconds)).toBe(text);
  });
});

describe('formatCardExpiry: "Card expiry format: MM/YY"', () => {
  it.each<[string | CardExpiry | null, string | null]>([
    ['04/2030', '04/30'],
    ['4/2030', '04/30'],
    ['12/30', '12/30'],
    [' 04 / 2030 ', '04/30'],
    [{ month: 4, year: 2030 }, '04/30'],
    [{ month: 11, year: 2005 }, '11/05'],
    [{ month: 1, year: 30 }, '01/30'],
    ['13/2030', null],
    ['00/2030', null],
    ['04-2030', null],
    ['04/203', null],
    ['', null],
    [{ month: 0, year: 2030 }, null],
    [{ month: 4.5, year: 2030 }, null],
    [{ month: 4, year: -1 }, null],
    [{ month: 4, year: 2030.5 }, null],
    [null, null],
  ])('%p -> %p', (expiry, text) => {
    expect(formatCardExpiry(expiry)).toBe(text);
  });
});

describe('daysUntil: the trial "ends today or in N day(s)", counted in UTC calendar days', () => {
  const midnight = 1_903_737_600; // April 30, 2030, 00:00 UTC
  const noon = midnight + 12 * 3600;
  const day = 86_400;
  it.each([
    ['ends in exactly 3 days', noon, noon + 3 * day, 3],
    ['ends in 5 days, seen a minute later', noon + 60, noon + 5 * day, 5],
    ['ends tomorrow morning', noon, midnight + day + 3600, 1],
    // Ambiguity decided: ending later today reads "today".
    ['ends tonight', noon, midnight + day - 1, 0],
    ['ends now', noon, noon, 0],
    ['ended yesterday', noon, noon - day, 0],
  ])('%s -> %d', (_label, now, end, days) => {
    expect(daysUntil(end, now)).toBe(days);
  });
});

describe('toUnixSeconds: milliseconds to whole Unix seconds', () => {
  it.each([
    [0, 0],
    [1_903_737_600_000, 1_903_737_600],
    // Rounded down: a time still inside a second is that second.
    [1_903_737_600_999, 1_903_737_600],
    [-1, -1],
  ])('%d ms -> %d s', (milliseconds, seconds) => {
    expect(toUnixSeconds(milliseconds)).toBe(seconds);
  });
});

describe('cardExpiresAt: a card works to the end of its expiry month', () => {
  it.each([
    ['04/2030', Date.UTC(2030, 4, 1)],
    ['4/30', Date.UTC(2030, 4, 1)],
    ['12/2026', Date.UTC(2027, 0, 1)],
    ['11/2026', Date.UTC(2026, 11, 1)],
  ])('%s stops working at the first second of the next month', (expiry, ms) => {
    expect(cardExpiresAt(expiry)).toBe(ms / 1000);
  });

  it.each([null, '13/2030', '00/2030', 'soon'])('has no end for %p', (expiry) => {
    expect(cardExpiresAt(expiry)).toBeNull();
  });
});

describe("long dates in the owner's locale", () => {
  it('reads as the locale writes it', () => {
    expect(formatLongDate(1_903_737_600, 'de-DE')).toBe('30. April 2030');
    expect(formatLongDate(1_903_737_600, 'fr-FR')).toBe('30 avril 2030');
  });
});
