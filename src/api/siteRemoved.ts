/**
 * The site is unknown to billing: its platform removed it (DELETE /platform/v1/sites/{id}), so billing-session and
 * every account call answer `site_unknown`. One event, wherever the panel learns it: the session shows the removed
 * site's message instead of the screens, and the host bridge tells the host (its SDK's status becomes `failed`
 * with this code).
 */
import { createAction } from '@reduxjs/toolkit';

/** core/contract/errorCodes.ts: the site the address or the session names was removed (or never was). */
export const SITE_UNKNOWN_CODE = 'site_unknown';

export const siteRemoved = createAction('session/siteRemoved');
