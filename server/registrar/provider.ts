/**
 * The registrar seam (SPEC 4 "Domain purchase"): the purchase widget's integration is enabled per site, and the
 * widget opens with a short-lived token. Whether a site enabled the integration is ours to keep (the database);
 * the token is the registrar's to issue. The demo and tests use the sandbox below, and the panel's server serves a
 * stand-in for the widget's script (registrar/browser/entri.js); the real service issues its tokens from its own
 * API with the application's secret (registrar/entri.ts).
 */
import { randomBytes } from 'node:crypto';
import { MS_PER_SECOND, REGISTRAR_TOKEN_VALIDITY_MS } from '../../core/rules/constants';
import { toUnixSeconds } from '../../core/rules/dates';
import type { Db } from '../db/database';

/** SPEC 9: "valid about 55 minutes", as the real service's tokens: the lifetime the panel assumes, in seconds. */
export const REGISTRAR_TOKEN_TTL_SECONDS = REGISTRAR_TOKEN_VALIDITY_MS / MS_PER_SECOND;
const TOKEN_BYTES = 24;

export const registrarMessages = {
  /** SPEC 5 "Domain purchase option: visible only to staff accounts" */
  staffOnly: 'Domain purchase is available to staff accounts only.',
  notEnabled: 'Enable the domain purchase integration first.',
  /** SPEC 8: returned as an error object; the panel shows the same words */
  providerFailed: 'Error enabling Entri integration',
} as const;

export interface RegistrarToken {
  token: string;
  /** Unix seconds */
  expiresAt: number;
}

export interface RegistrarProvider {
  readonly name: string;
  readonly applicationId: string;
  /** A token for the purchase widget; throws RegistrarProviderError when the registrar cannot issue one. */
  issueToken(): Promise<RegistrarToken>;
}

/** The registrar could not be reached or refused the application's credentials. */
export class RegistrarProviderError extends Error {}

/** Which sites enabled the purchase integration. */
export class RegistrarIntegrations {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  /** Safe to repeat. */
  async enable(siteId: string): Promise<void> {
    await this.db
      .insertInto('registrar_integrations')
      .values({ site_id: siteId, enabled_at: toUnixSeconds(this.now()) })
      .onConflict((conflict) => conflict.column('site_id').doNothing())
      .execute();
  }

  async isEnabled(siteId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('registrar_integrations')
      .select('site_id')
      .where('site_id', '=', siteId)
      .executeTakeFirst();
    return row !== undefined;
  }
}

export interface RegistrarSandboxOptions {
  now: () => number;
  applicationId: string;
}

export class RegistrarSandbox implements RegistrarProvider {
  readonly name = 'sandbox';
  readonly applicationId: string;

  constructor(private readonly options: RegistrarSandboxOptions) {
    this.applicationId = options.applicationId;
  }

  async issueToken(): Promise<RegistrarToken> {
    return {
      token: `sbx_entri_${randomBytes(TOKEN_BYTES).toString('hex')}`,
      expiresAt: toUnixSeconds(this.options.now()) + REGISTRAR_TOKEN_TTL_SECONDS,
    };
  }
}
