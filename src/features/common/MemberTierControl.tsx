/**
 * The member tier choice that prices the plan cards (the member limit modal and the Plans screen): a slider
 * over the tier steps (SPEC 9: the products' member limits, 400000 appended as the last step) and, on the last
 * step, 'Over 100,000 members? Contact us' with a link to the support e-mail instead of plans.
 */
import { useId } from 'react';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { inEnglish } from '../../api/errors';
import { useConfig } from '../../config';
import { MONEY_LOCALE } from '../../../core/rules/constants';
import { formatMemberCount, isLastMemberStep } from '../../../core/rules/limits';
import { useIntlLocale } from '../../i18n/useIntlLocale';

/** What a plan chosen for a tier tells checkout (the route's state): the tier the user picked. */
export interface MemberLimitChoice {
  members: number;
}

/** core/rules/constants.ts MEMBERS_CONTACT_PROMPT, in the catalog's words. */
export const MEMBERS_CONTACT = msg`Over 100,000 members? Contact us`;

/**
 * How a step reads: '1,000 members', or, on the last step, which stands for everything above the contact prompt's
 * count, 'Over 100,000 members'. Counts as the member tiers read, in the owner's locale (`useIntlLocale()`).
 */
export function memberTierMessage(steps: readonly number[], members: number, locale: string): MessageDescriptor {
  if (isLastMemberStep(steps, members)) return msg`Over 100,000 members`;
  const count = formatMemberCount(members, locale);
  return msg`${count} members`;
}

/**
 * @deprecated memberTierText's English, for screens not yet moved to memberTierMessage (the plans screen's heading
 * and the plan lists' labels): drop it once they read the catalog.
 */
export function memberTierText(steps: readonly number[], members: number): string {
  return inEnglish(memberTierMessage(steps, members, MONEY_LOCALE));
}

export interface MemberTierSliderProps {
  steps: readonly number[];
  index: number;
  onChange(index: number): void;
  /** the modal moves the focus to the slider when it opens */
  autoFocus?: boolean;
}

export function MemberTierSlider({ steps, index, onChange, autoFocus = false }: MemberTierSliderProps) {
  const { t } = useLingui();
  const locale = useIntlLocale();
  const sliderId = useId();
  const text = t(memberTierMessage(steps, steps[index] ?? steps[0]!, locale));
  return (
    <div className="member-slider">
      <label htmlFor={sliderId}>{t`Members`}</label>
      <input
        id={sliderId}
        type="range"
        min={0}
        max={steps.length - 1}
        step={1}
        value={index}
        aria-valuetext={text}
        onChange={(event) => onChange(Number(event.target.value))}
        data-autofocus={autoFocus || undefined}
      />
      <output htmlFor={sliderId} aria-hidden="true">
        {text}
      </output>
    </div>
  );
}

/** "'Over 100,000 members? Contact us' on the last step", a link to the support e-mail. */
export function MembersContactPrompt() {
  const { t } = useLingui();
  const { supportEmail } = useConfig();
  return (
    <p className="contact-prompt">
      <a href={`mailto:${supportEmail}`}>{t(MEMBERS_CONTACT)}</a>
    </p>
  );
}
