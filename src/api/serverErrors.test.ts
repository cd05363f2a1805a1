/**
 * The server's failures in the owner's language: a known code reads in the catalog's words, whose English is the
 * server's own message for that code; any other code, and a failure without one, shows the server's message.
 */
import { setupI18n } from '@lingui/core';
import type { MessageDescriptor } from '@lingui/core';
import { API_ERROR_CODES, DEFAULT_BRAND, type ApiErrorCode } from '../../core/contract';
import { proDomainMessage, DOMAIN_MESSAGES } from '../../core/rules/domains';
import { BILLING_CONTACT_INVALID_MESSAGE } from '../../core/rules/contacts';
import { messages } from '../../server/domainErrors';
import { planChangeMessages } from '../../server/billing/planChangeMessages';
import { actionMessages } from '../../server/billing/actionMessages';
import { leaseMessages } from '../../server/billing/leases';
import { idempotencyMessages } from '../../server/billing/idempotency';
import { providerMessages } from '../../server/payments/provider';
import { registrarMessages } from '../../server/registrar/provider';
import { sendingDomainMessages } from '../../server/domains/sendingDomains';
import { customDomainMessages } from '../../server/domains/customDomains';
import { activateLocale, createPanelI18n, loadCatalog } from '../i18n/i18n';
import { resolveLocale } from '../../core/rules/locales';
import { sessionEstablished } from '../features/session/sessionSlice';
import { accountApi } from './accountApi';
import { errorText, isCallFailure, type CallFailure } from './errors';
import { inEnglish, translateErrorText } from './errorText';
import { SERVER_ERROR_MESSAGES, serverErrorText } from './serverErrors';
import { json, onCall } from '../test/server';
import { createTestStore } from '../test/testPanel';

const SUPPORT = DEFAULT_BRAND.supportEmail;

/** What the server answers for each code the catalog words, as the server words it. */
const SERVER_WORDS: Partial<Record<ApiErrorCode, string>> = {
  json_only: messages.jsonOnly,
  not_found: messages.notFound,
  rate_limited: messages.tooManyRequests,
  internal: messages.internal,
  invalid_identity: messages.invalidIdentity,
  identity_unavailable: messages.identityUnavailable,
  invalid_session: messages.invalidSession,
  token_expired: messages.tokenExpired,
  not_owner: messages.ownerOnly,
  legacy_plan: messages.legacy(SUPPORT),
  forbidden: messages.forbidden,
  no_subscription: messages.noSubscription,
  no_customer: messages.noCustomer,
  site_unknown: messages.siteUnknown,
  next_charge_unavailable: messages.nextChargeUnavailable,
  idempotency_key_invalid: idempotencyMessages.invalidKey,
  idempotency_key_reused: idempotencyMessages.reused,
  idempotency_key_in_progress: idempotencyMessages.inProgress,
  change_in_progress: leaseMessages.busy,
  card_not_confirmed: actionMessages.cardNotConfirmed,
  already_canceled: actionMessages.alreadyCanceled,
  cancellation_in_progress: actionMessages.cancellingNow,
  redirect_invalid: messages.portalReturnNotOnAdmin,
  billing_contact_invalid: BILLING_CONTACT_INVALID_MESSAGE,
  auto_billing_cancelling: actionMessages.autoBilling.cancelling,
  auto_billing_grace: actionMessages.autoBilling.grace,
  auto_billing_over_limits: actionMessages.autoBilling.limits(['staff', 'members']),
  auto_billing_inactive: actionMessages.autoBilling.inactive,
  card_required: planChangeMessages.noCard,
  current_plan: planChangeMessages.currentPlan,
  plan_change_pending: planChangeMessages.pendingChange,
  preview_expired: planChangeMessages.expiredPreview,
  proration_date_in_future: planChangeMessages.futurePreview,
  period_mismatch: planChangeMessages.periodMismatch,
  plan_not_available: planChangeMessages.planNotForSale,
  addon_not_available: planChangeMessages.addonNotForSale,
  subscription_running: planChangeMessages.notActivatable,
  coupon_not_found: planChangeMessages.noSuchCoupon,
  coupon_not_swappable: planChangeMessages.notSwappable,
  no_discount: planChangeMessages.noDiscount,
  nothing_due: planChangeMessages.nothingDue,
  provider_not_found: providerMessages.noSuchObject,
  provider_unavailable: providerMessages.unavailable,
  domain_invalid: DOMAIN_MESSAGES.enterValidDomain,
  domain_on_platform: proDomainMessage(DEFAULT_BRAND.proDomain),
  domain_held: customDomainMessages.inUse,
  domain_claimed: customDomainMessages.claimed('_site-verification.example.com', 'site-verification=site_active'),
  sending_domain_needs_custom_domain: sendingDomainMessages.needsCustomDomain,
  sending_domain_needs_proof: sendingDomainMessages.needsProof,
  no_sending_domain: sendingDomainMessages.none,
  sending_domain_held: sendingDomainMessages.inUse,
  mail_provider_unavailable: sendingDomainMessages.providerFailed,
  feature_not_offered: messages.featureNotOffered.customDomains,
  registrar_staff_only: registrarMessages.staffOnly,
  registrar_not_enabled: registrarMessages.notEnabled,
  registrar_unavailable: registrarMessages.providerFailed,
};

/** A German i18n that knows one message, as a merged catalog would. */
function germanWith(descriptor: MessageDescriptor, german: string) {
  const i18n = setupI18n();
  i18n.load('de', { [descriptor.id]: german });
  i18n.activate('de', ['de-DE']);
  return i18n;
}

describe('the codes the catalog words', () => {
  const worded = API_ERROR_CODES.filter((code) => SERVER_ERROR_MESSAGES[code] !== null);

  it('are the codes whose English the test knows, and no other', () => {
    expect([...worded].sort()).toEqual(Object.keys(SERVER_WORDS).sort());
  });

  it.each(worded)('%s reads, in English, as the server words it', (code) => {
    const detail = SERVER_WORDS[code]!;
    const text = serverErrorText({ code, detail });
    expect(text).not.toHaveProperty('verbatim');
    expect(inEnglish(text)).toBe(detail);
  });

  it("takes the value a message carries from the server's words: the support address, the limits, the pro domain", () => {
    expect(inEnglish(serverErrorText({ code: 'legacy_plan', detail: messages.legacy('billing@example.org') }))).toBe(
      messages.legacy('billing@example.org'),
    );
    expect(
      (serverErrorText({ code: 'legacy_plan', detail: messages.legacy('billing@example.org') }) as MessageDescriptor)
        .values,
    ).toEqual({
      supportEmail: 'billing@example.org',
    });
    expect(
      (
        serverErrorText({
          code: 'auto_billing_over_limits',
          detail: actionMessages.autoBilling.limits(['staff']),
        }) as MessageDescriptor
      ).values,
    ).toEqual({
      limits: 'staff',
    });
    expect(
      (serverErrorText({ code: 'domain_on_platform', detail: proDomainMessage('example.org') }) as MessageDescriptor)
        .values,
    ).toEqual({
      proDomain: 'example.org',
    });
  });

  it('words each feature the server says is not offered, and shows the words of one it does not know', () => {
    for (const detail of Object.values(messages.featureNotOffered)) {
      const text = serverErrorText({ code: 'feature_not_offered', detail });
      expect(text).not.toHaveProperty('verbatim');
      expect(inEnglish(text)).toBe(detail);
    }
    expect(serverErrorText({ code: 'feature_not_offered', detail: 'Gift cards are not offered.' })).toEqual({
      verbatim: 'Gift cards are not offered.',
    });
  });

  it("shows the server's words when the value is not where the catalog expects it", () => {
    expect(serverErrorText({ code: 'legacy_plan', detail: 'Legacy plans are read-only' })).toEqual({
      verbatim: 'Legacy plans are read-only',
    });
    expect(serverErrorText({ code: 'auto_billing_over_limits', detail: 'Over the limits' })).toEqual({
      verbatim: 'Over the limits',
    });
    expect(serverErrorText({ code: 'domain_on_platform', detail: 'On the platform' })).toEqual({
      verbatim: 'On the platform',
    });
  });

  it('reads a known code in German, whatever the server said in English', () => {
    const text = serverErrorText({
      code: 'already_canceled',
      detail: actionMessages.alreadyCanceled,
    }) as MessageDescriptor;
    const i18n = germanWith(text, 'Dieses Abonnement ist bereits gekündigt.');
    expect(translateErrorText(i18n, text)).toBe('Dieses Abonnement ist bereits gekündigt.');
  });

  it('a known code reads in the German catalog', async () => {
    const i18n = createPanelI18n();
    await loadCatalog(i18n, 'de');
    activateLocale(i18n, resolveLocale('de'));
    expect(
      translateErrorText(i18n, serverErrorText({ code: 'already_canceled', detail: actionMessages.alreadyCanceled })),
    ).toBe('Dieses Abonnement ist bereits gekündigt.');
    expect(translateErrorText(i18n, serverErrorText({ code: 'legacy_plan', detail: messages.legacy(SUPPORT) }))).toBe(
      `Diese Website hat einen besonderen Alt-Tarif. Wenn Sie Änderungen an der Abrechnung oder an Domains vornehmen möchten, schreiben Sie uns an ${SUPPORT}.`,
    );
  });
});

describe("the server's own words", () => {
  it.each<[string, string | null, string]>([
    [
      "a code the catalog leaves to the server (a declined card: the provider's words)",
      'card_declined',
      'Your card was declined.',
    ],
    ["a code this build does not know (a newer server's)", 'quota_exceeded_v2', "You have used up this month's quota."],
    ['no code (a gateway, an older server)', null, 'Bad gateway'],
  ])('%s', (_label, code, detail) => {
    const text = serverErrorText({ code, detail });
    expect(text).toEqual({ verbatim: detail });
    // As it is, in any language, never read as a message format.
    expect(translateErrorText(germanWith({ id: 'x' }, 'y'), text)).toBe(detail);
  });

  it('keeps braces and apostrophes as they are', () => {
    expect(
      translateErrorText(
        setupI18n({ locale: 'en', messages: { en: {} } }),
        serverErrorText({ code: null, detail: "It's {not} a format" }),
      ),
    ).toBe("It's {not} a format");
  });
});

describe('through the transport', () => {
  let panel: ReturnType<typeof createTestStore>;

  beforeEach(() => {
    panel = createTestStore();
    panel.store.dispatch(sessionEstablished('session-1'));
  });

  afterEach(() => {
    panel.cleanup();
  });

  async function refusedWith(body: unknown, status: number): Promise<CallFailure> {
    onCall('get-current-site-limits', () => json(body, status));
    const result = await panel.store.dispatch(
      accountApi.endpoints.getCurrentSiteLimits.initiate(undefined, { subscribe: false, forceRefetch: true }),
    );
    expect(isCallFailure(result.error)).toBe(true);
    return result.error as CallFailure;
  }

  it("carries the server's code and a legacy plan's message in the catalog's words, English for reports", async () => {
    const detail = messages.legacy(SUPPORT);
    const error = await refusedWith({ error: { code: 'legacy_plan', message: detail, status: 403 } }, 403);
    expect(error).toMatchObject({ status: 403, code: 'legacy_plan', detail, message: detail });
    expect(error.text).toMatchObject({ values: { supportEmail: SUPPORT } });
    expect(panel.reporter.shownToUser).toHaveBeenCalledWith(detail, expect.objectContaining({ status: 403 }));

    const german = 'Diese Website hat einen besonderen Alt-Tarif.';
    expect(errorText(germanWith(error.text as MessageDescriptor, german), error)).toBe(german);
    // The site is legacy now: the next call answers the same, without asking.
    const again = await panel.store.dispatch(
      accountApi.endpoints.getCurrentSiteLimits.initiate(undefined, { subscribe: false, forceRefetch: true }),
    );
    expect((again.error as CallFailure).text).toEqual(error.text);
  });

  it("shows an unknown code's legacy refusal in the server's words", async () => {
    const error = await refusedWith(
      { error: { code: 'legacy_v2', message: 'A legacy site: ask us.', status: 403 } },
      403,
    );
    expect(error).toMatchObject({
      code: 'legacy_v2',
      text: { verbatim: 'A legacy site: ask us.' },
      message: 'A legacy site: ask us.',
    });
  });

  it("keeps the transport's catalogue message for other refusals, with their code for whoever tells them apart", async () => {
    const error = await refusedWith({ error: { code: 'no_customer', message: messages.noCustomer, status: 409 } }, 409);
    expect(error).toMatchObject({ code: 'no_customer', detail: messages.noCustomer, message: messages.internal });
    expect(inEnglish(serverErrorText(error))).toBe(messages.noCustomer);
  });
});
