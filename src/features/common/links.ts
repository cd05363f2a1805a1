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
 * Where the customer portal sends the user back: the admin page around the panel (the frame's referrer), else the
 * first admin origin the panel trusts; null when it trusts none. The server takes only a page of the site's admin
 * origins (server/billing/portalReturn.ts); never the panel's own address: opened on its own, it cannot sign in.
 */
export function portalReturnUrl(referrer: string, hostOrigins: readonly string[]): string | null {
  let page: URL | null = null;
  try {
    page = new URL(referrer);
  } catch {
    // No referrer (a strict referrer policy) or an unreadable one: the admin's origin stands in for its page.
  }
  if (page !== null && hostOrigins.includes(page.origin)) return page.toString();
  const [adminOrigin] = hostOrigins;
  return adminOrigin === undefined ? null : `${adminOrigin}/`;
}

/**
 * The Plans screen's pricing links (SPEC 2 "Plans screen": "a detailed pricing table, and 'View full pricing
 * page'"): pages of the company site the spec names but does not address, under these paths.
 */
export const PRICING_PATH = '/pricing/';
export const PRICING_TABLE_PATH = '/pricing/#compare';
