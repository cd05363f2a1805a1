/**
 * Where the dashboard's help links go. The spec names the pages (Billing Help, the staff-limit docs) but not
 * their addresses: they live on the company site, under these paths, until configuration names them.
 */
export const BILLING_HELP_PATH = '/help/billing/';
export const STAFF_LIMIT_HELP_PATH = '/help/staff-users/';

export function companyPage(companySite: string, path: string): string {
  try {
    return new URL(path, companySite).toString();
  } catch {
    return path;
  }
}

/**
 * Where the customer portal sends the user back: the admin page around the panel (the frame's referrer),
 * else the company site. Never the panel's own address: opened on its own, the panel cannot sign in.
 */
export function portalReturnUrl(referrer: string, companySite: string): string {
  try {
    return new URL(referrer).toString();
  } catch {
    return companySite;
  }
}

/**
 * The Plans screen's pricing links (SPEC 2 "Plans screen": "a detailed pricing table, and 'View full pricing
 * page'"): pages of the company site the spec names but does not address, under these paths.
 */
export const PRICING_PATH = '/pricing/';
export const PRICING_TABLE_PATH = '/pricing/#compare';
