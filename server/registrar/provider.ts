/**
 * The registrar seam (SPEC 4 "Domain purchase"): the purchase widget's integration is enabled per site, and the
 * widget opens with a short-lived token. The demo and tests use the sandbox below, and the panel's server serves
 * a stand-in for the widget's script (registrar/browser/entri.js); the real service issues its tokens from its
 * own API with the application's secret.
 */
import { randomBytes } from 'node:crypto';
import { toUnixSeconds } from '../../src/lib/dates';
import type { Db } from '../db/database';

/** SPEC 9: "valid about 55 minutes", as the real service's tokens. */
export const REGISTRAR_TOKEN_TTL_SECONDS = 55 * 60;
const TOKEN_BYTES = 24;

export const registrarMessages = {
  /** SPEC 5 "Domain purchase option: visible only to staff accounts" */
  staffOnly: 'Domain purchase is available to staff accounts only.',
  notEnabled: 'Enable the domain purchase integration first.',
} as const;

export interface RegistrarToken {
  token: string;
  /** Unix seconds */
  expiresAt: number;
}

export interface RegistrarProvider {
  readonly name: string;
  readonly applicationId: string;
  /** Safe to repeat. */
  enable(siteId: string): Promise<void>;
  isEnabled(siteId: string): Promise<boolean>;
  issueToken(siteId: string): Promise<RegistrarToken>;
}

export interface RegistrarSandboxOptions {
  db: Db;
  now: () => number;
  applicationId: string;
}

export class RegistrarSandbox implements RegistrarProvider {
  readonly name = 'sandbox';
  readonly applicationId: string;

  constructor(private readonly options: RegistrarSandboxOptions) {
    this.applicationId = options.applicationId;
  }

  async enable(siteId: string): Promise<void> {
    await this.options.db
      .insertInto('registrar_integrations')
      .values({ site_id: siteId, enabled_at: toUnixSeconds(this.options.now()) })
      .onConflict((conflict) => conflict.column('site_id').doNothing())
      .execute();
  }

  async isEnabled(siteId: string): Promise<boolean> {
    const row = await this.options.db.selectFrom('registrar_integrations').select('site_id').where('site_id', '=', siteId).executeTakeFirst();
    return row !== undefined;
  }

  async issueToken(): Promise<RegistrarToken> {
    return {
      token: `sbx_entri_${randomBytes(TOKEN_BYTES).toString('hex')}`,
      expiresAt: toUnixSeconds(this.options.now()) + REGISTRAR_TOKEN_TTL_SECONDS,
    };
  }
}
