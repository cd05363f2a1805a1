import { countLabel } from './text';

describe('countLabel: "Pluralise \'staff user(s)\' properly"', () => {
  it.each<[number, string, string | undefined, string]>([
    [1, 'staff user', undefined, '1 staff user'],
    [3, 'staff user', undefined, '3 staff users'],
    [0, 'staff user', undefined, '0 staff users'],
    [8000, 'member', undefined, '8,000 members'],
    [2, 'day', undefined, '2 days'],
    [2, 'entry', 'entries', '2 entries'],
  ])('countLabel(%d, %p, %p) -> %s', (count, singular, plural, text) => {
    expect(countLabel(count, singular, plural)).toBe(text);
  });
});
