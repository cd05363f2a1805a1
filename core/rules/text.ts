/** Counted nouns for messages such as 'Not available with more than 1 staff user'. */
import { MONEY_LOCALE } from './constants';
import { formatCount } from './limits';

const pluralRules = new Intl.PluralRules(MONEY_LOCALE);

/** '1 staff user', '3 staff users', '8,000 members'; `plural` defaults to the singular plus 's'. */
export function countLabel(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(count)} ${pluralRules.select(count) === 'one' ? singular : plural}`;
}
