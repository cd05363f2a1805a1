/**
 * The plan cards' words in the catalog: their English is core/rules' (the spec's, which the server uses), word for
 * word, and counts read in the owner's locale and plural.
 */
import { setupI18n } from '@lingui/core';
import type { MessageDescriptor } from '@lingui/core';
import { MEMBERS_CONTACT_PROMPT, PLAN_FEATURES } from '../../../core/rules/constants';
import { limitBreachMessage, type LimitBreach } from '../../../core/rules/limitChecks';
import { PLAN_MESSAGES } from '../../../core/rules/planMessages';
import type { PlanDisabledCause } from '../../../core/rules/plans';
import { inEnglish } from '../../api/errorText';
import { MEMBERS_CONTACT, memberTierMessage, memberTierText } from './MemberTierControl';
import { limitBreachText, planDisabledText, planFeatureMessage } from './planMessages';

const EN = 'en-US';

describe("a limit's breach", () => {
  it.each<LimitBreach>([
    { kind: 'staff', limit: 1 },
    { kind: 'staff', limit: 3 },
    { kind: 'staff', limit: 1500 },
    { kind: 'newsletters', limit: 0 },
    { kind: 'newsletters', limit: 3 },
    { kind: 'newsletters', limit: 1500 },
    { kind: 'multipleNewsletters' },
    { kind: 'members', limit: 500 },
    { kind: 'members', limit: 8000 },
    { kind: 'members', limit: 1_500_000 },
    { kind: 'themes', themes: ['Casper'] },
    { kind: 'themes', themes: ['Casper', 'Edition'] },
    { kind: 'themes', themes: ['A', 'B', 'C'] },
    { kind: 'customTheme' },
    { kind: 'webAnalytics' },
    { kind: 'stripeConnect' },
  ])('%j reads in English as core words it', (breach) => {
    expect(inEnglish(limitBreachText(breach, EN))).toBe(limitBreachMessage(breach));
  });

  it("counts in the owner's locale, with the language's plural", () => {
    const staff = limitBreachText({ kind: 'staff', limit: 1500 }, 'de-DE');
    const i18n = setupI18n();
    i18n.load('de', {
      [staff.id]:
        '{limit, plural, one {Nicht verfügbar mit mehr als # Teammitglied} other {Nicht verfügbar mit mehr als # Teammitgliedern}}',
    });
    i18n.activate('de', ['de-DE']);
    expect(i18n._(staff)).toBe('Nicht verfügbar mit mehr als 1.500 Teammitgliedern');
    expect(i18n._(limitBreachText({ kind: 'staff', limit: 1 }, 'de-DE'))).toBe(
      'Nicht verfügbar mit mehr als 1 Teammitglied',
    );
    expect(limitBreachText({ kind: 'members', limit: 8000 }, 'de-DE').values).toEqual({ members: '8.000' });
    expect(limitBreachText({ kind: 'themes', themes: ['A', 'B'] }, 'fr-FR').values).toEqual({ themes: 'A ou B' });
  });
});

describe('why a plan card is disabled', () => {
  it.each<Exclude<PlanDisabledCause['kind'], 'limit'>>([
    'currentPlanAndPeriod',
    'activeSubdirectory',
    'olderPlatformVersion',
    'activeSendingDomain',
  ])('%s reads as PLAN_MESSAGES words it', (kind) => {
    expect(inEnglish(planDisabledText({ kind }, EN))).toBe(PLAN_MESSAGES[kind]);
  });

  it("reads a limit's breach as the breach does", () => {
    expect(inEnglish(planDisabledText({ kind: 'limit', breach: { kind: 'staff', limit: 2 } }, EN))).toBe(
      'Not available with more than 2 staff users',
    );
  });
});

describe("a plan's features", () => {
  const features = new Set(Object.values(PLAN_FEATURES).flatMap((lists) => [...lists.current, ...lists.legacy]));

  it.each([...features])('%s reads as PLAN_FEATURES words it', (feature) => {
    expect(inEnglish(planFeatureMessage(feature) as MessageDescriptor)).toBe(feature);
  });

  it('has no words for a line PLAN_FEATURES does not have', () => {
    expect(planFeatureMessage('Free lunch')).toBeNull();
  });
});

describe('the member tiers', () => {
  const steps = [500, 1000, 8000, 400_000];

  it("read as counts of members, and the last as the contact prompt's 'Over 100,000 members'", () => {
    expect(inEnglish(memberTierMessage(steps, 8000, EN))).toBe('8,000 members');
    expect(inEnglish(memberTierMessage(steps, 400_000, EN))).toBe(
      MEMBERS_CONTACT_PROMPT.slice(0, MEMBERS_CONTACT_PROMPT.indexOf('?')),
    );
    expect(memberTierMessage(steps, 8000, 'de-DE').values).toEqual({ count: '8.000' });
    expect(memberTierText(steps, 1000)).toBe('1,000 members');
  });

  it('prompt as core words it', () => {
    expect(inEnglish(MEMBERS_CONTACT)).toBe(MEMBERS_CONTACT_PROMPT);
  });
});
