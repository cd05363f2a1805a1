/** Counted nouns for messages such as 'Not available with more than 1 staff user'. */
import { formatCount } from './limits';

const SINGLE = 1;

/** '1 staff user', '3 staff users', '8,000 members'; `plural` defaults to the singular plus 's'. */
export function countLabel(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(count)} ${count === SINGLE ? singular : plural}`;
}
