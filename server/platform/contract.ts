/**
 * The platform API's contract (docs/platform-api.md): what a platform sends to provision a site and what it gets
 * back. Server to server only, so it lives with the server, not in core/ (the panel never calls it); the OpenAPI
 * document and the conformance kit read it from here.
 */
import { z } from 'zod';

/** A site's id as the platform names it: in the panel's address (`/sites/<id>/`), so URL-safe as it is. */
export const SITE_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
export const siteIdSchema = z.string().regex(SITE_ID_PATTERN, 'a site id is 1 to 64 letters, digits, _ or -, starting with a letter or digit');

/** An http(s) URL without credentials, query or fragment: an admin's address, its JWKS below it. */
const adminUrlSchema = z
  .string()
  .max(2048)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === '' && url.search === '' && url.hash === '';
    } catch {
      return false;
    }
  }, 'must be an http(s) URL without credentials, query or fragment')
  .transform((value) => value.replace(/\/+$/, ''));

/** `scheme://host[:port]` exactly: what a browser names as a page's origin. */
const originSchema = z
  .string()
  .max(2048)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value.replace(/\/$/, '');
    } catch {
      return false;
    }
  }, 'must be an exact origin: scheme://host[:port], http or https, without path')
  .transform((value) => new URL(value).origin);

const emailSchema = z.string().trim().max(320).regex(/^[^\s@]+@[^\s@]+$/, 'must be an e-mail address');
const personName = z.string().trim().min(1).max(191);
/**
 * The platform's own id of a user, kept as the user's id when the user is made (default: one is made up). With it,
 * a changed e-mail is the same user; without it, users are told apart by e-mail.
 */
const userId = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}$/, 'a user id is 1 to 128 letters, digits, _ . : or -').optional();
/** The site's owner is named apart; a staff member has any other admin role. */
const staffRole = z
  .string()
  .trim()
  .min(1)
  .max(50)
  .refine((role) => role.toLowerCase() !== 'owner', 'the owner is named by `owner`, not in `staff`');

/** At most this many staff users per site, and this many extra admin origins: a site's record stays small. */
export const MAX_STAFF = 500;
export const MAX_ADMIN_ORIGINS = 20;

/** The longest trial a site may start with, in days. */
export const MAX_TRIAL_DAYS = 90;

/**
 * The plan a new site starts on: a trial of `priceId` (an active base-plan price of the catalogue offered to new
 * sites) for `days` days, started at the card provider on the owner's first sign-in (docs/platform-api.md).
 */
const trialSchema = z
  .object({
    priceId: z.string().min(1).max(255),
    days: z.number().int().min(1).max(MAX_TRIAL_DAYS),
  })
  .strict()
  .describe(
    "The plan the site starts on: a trial of `priceId` (an active base-plan price offered to new sites, else 400 plan_not_available) for `days` days, begun at the card provider on the owner's first sign-in. Absent: none. Once the site has a subscription, a change here changes nothing at the provider.",
  );

export const sitePutSchema = z
  .object({
    name: z.string().trim().min(1).max(191),
    /** the site's admin: the `iss` of its identity tokens, its JWKS under `/.well-known/jwks.json`; its origin may frame the panel */
    adminUrl: adminUrlSchema,
    /** other origins the site's admin is served from, which may frame its panel too */
    adminOrigins: z.array(originSchema).max(MAX_ADMIN_ORIGINS).default([]),
    /** the platform subdomain the site is served at (`<subdomain>.<pro domain>`); default: the id, lowered */
    subdomain: z
      .string()
      .regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/, 'must be one DNS label: lowercase letters, digits and -')
      .optional(),
    owner: z.object({ id: userId, email: emailSchema, name: personName }).strict(),
    staff: z.array(z.object({ id: userId, email: emailSchema, name: personName, role: staffRole }).strict()).max(MAX_STAFF).default([]),
    /**
     * the plan the site starts on, as a trial begun on the owner's first sign-in; absent: none (a PUT without it
     * removes one not yet begun). Once the site has a subscription, changing it changes nothing at the provider.
     */
    trial: trialSchema.optional(),
  })
  .strict();
export type SitePut = z.output<typeof sitePutSchema>;

const person = z.object({ id: z.string(), email: z.string(), name: z.string() });

export const siteRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  adminUrl: z.string(),
  /** every origin that may frame the site's panel: the admin URL's, then `adminOrigins` */
  adminOrigins: z.array(z.string()),
  subdomain: z.string(),
  /** where the site's panel is served, below the panel's origin */
  panelPath: z.string(),
  owner: person,
  staff: z.array(person.extend({ role: z.string() })),
  /** the plan the site starts on (a trial begun on the owner's first sign-in); null: none */
  trial: z.object({ priceId: z.string(), days: z.number().int() }).nullable(),
  /** Unix seconds */
  createdAt: z.number().int(),
});
export type SiteRecord = z.output<typeof siteRecordSchema>;

export const sitePageSchema = z.object({
  sites: z.array(siteRecordSchema),
  /** the `after` of the next page; null on the last */
  next: z.string().nullable(),
});
export type SitePage = z.output<typeof sitePageSchema>;

export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 1000;
/** `?after=&limit=` as the calls table writes it: a parameter given empty is a parameter not given. */
const emptyAsAbsent = (value: unknown) => (value === '' ? undefined : value);
export const siteListQuerySchema = z
  .object({
    after: z.preprocess(emptyAsAbsent, siteIdSchema.optional()),
    limit: z.preprocess(emptyAsAbsent, z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE)),
  })
  .strict();

export const siteDeleteQuerySchema = z.object({}).strict();
