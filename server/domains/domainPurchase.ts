/**
 * Domain purchase (SPEC 5 "Domain purchase option: visible only to staff accounts"; SPEC 4 "Domain purchase"): the
 * registrar's widget is offered to the platform's staff only, once its integration is enabled for the site.
 */
import { DomainError } from '../domainErrors';
import {
  RegistrarProviderError,
  registrarMessages,
  type RegistrarIntegrations,
  type RegistrarProvider,
  type RegistrarToken,
} from '../registrar/provider';

export interface DomainPurchaseOptions {
  registrar: RegistrarProvider;
  integrations: RegistrarIntegrations;
  /** the platform's own domain: staff accounts' e-mail addresses end with it */
  proDomain: string;
}

export class DomainPurchase {
  constructor(private readonly options: DomainPurchaseOptions) {}

  /** A staff account's e-mail address ends with the platform's domain; anyone else is told the widget is not theirs (404). */
  private requireStaff(email: string): void {
    if (!email.toLowerCase().endsWith(`@${this.options.proDomain.toLowerCase()}`)) {
      throw new DomainError('not_found', 'registrar_staff_only', registrarMessages.staffOnly);
    }
  }

  /** Enables the registrar's integration for the site; safe to repeat. */
  async enable(siteId: string, email: string): Promise<void> {
    this.requireStaff(email);
    await this.options.integrations.enable(siteId);
  }

  /** A token for the registrar's widget, once the site's integration is enabled. */
  async token(siteId: string, email: string): Promise<RegistrarToken & { applicationId: string }> {
    this.requireStaff(email);
    const { registrar, integrations } = this.options;
    if (!(await integrations.isEnabled(siteId)))
      throw new DomainError('conflict', 'registrar_not_enabled', registrarMessages.notEnabled);
    try {
      return { ...(await registrar.issueToken()), applicationId: registrar.applicationId };
    } catch (error) {
      // Logged once, at the seam, with the request's id (observability/observedProviders.ts).
      if (!(error instanceof RegistrarProviderError)) throw error;
      throw new DomainError('upstream_failed', 'registrar_unavailable', registrarMessages.providerFailed);
    }
  }
}
