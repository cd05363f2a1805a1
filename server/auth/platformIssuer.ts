/**
 * The platform's half of the identity token's issuer check (docs/deploy.md IDENTITY_ISSUER): a site's admin URL,
 * the token's `iss`, must lie under the URL the platform's admins live under. Kept apart from identity.ts so it is
 * tested on its own (jest does not load the ESM-only JOSE library).
 */

/** Whether `issuer` is the platform's issuer URL or a URL below it: the same origin, its path under the platform's. */
export function isUnderPlatform(issuer: string, platformIssuer: string): boolean {
  let candidate: URL;
  let platform: URL;
  try {
    candidate = new URL(issuer);
    platform = new URL(platformIssuer);
  } catch {
    return false;
  }
  if (candidate.origin !== platform.origin) return false;
  // Whole path segments only: '/sites' covers '/sites/a', not '/sites-elsewhere'.
  const base = platform.pathname.endsWith('/') ? platform.pathname : `${platform.pathname}/`;
  return `${candidate.pathname}/`.startsWith(base);
}
