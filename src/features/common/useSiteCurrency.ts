/**
 * The one place the panel learns the site's currency (issue 47): from the billing data every screen has already
 * read (core/rules/money.ts siteCurrency: its prices' currency). Everything that shows money that is not an
 * invoice formats it in this currency; an invoice shows in its own.
 */
import { siteCurrency } from '../../../core/rules/money';
import { useGetBillingDataQuery } from '../../api/accountApi';

/** The site's currency, ISO 4217 in lower case ('usd', 'eur'); US dollars until the billing data has come. */
export function useSiteCurrency(): string {
  return useGetBillingDataQuery(undefined, { selectFromResult: ({ data }) => ({ currency: siteCurrency(data) }) })
    .currency;
}
