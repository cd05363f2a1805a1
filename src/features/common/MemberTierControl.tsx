/**
 * The member tier choice that prices the plan cards (the member limit modal and the Plans screen): a slider
 * over the tier steps (SPEC 9: the products' member limits, 400000 appended as the last step) and, on the last
 * step, 'Over 100,000 members? Contact us' with a link to the support e-mail instead of plans.
 */
import { useId } from 'react';
import { useConfig } from '../../config';
import { MEMBERS_CONTACT_PROMPT } from '../../../core/rules/constants';
import { formatMemberCount, isLastMemberStep } from '../../../core/rules/limits';

/** What a plan chosen for a tier tells checkout (the route's state): the tier the user picked. */
export interface MemberLimitChoice {
  members: number;
}

/** The last step stands for everything above the prompt's count: 'Over 100,000 members'. */
const OVER_LAST_TIER = MEMBERS_CONTACT_PROMPT.slice(0, MEMBERS_CONTACT_PROMPT.indexOf('?'));

/** How a step reads: '1,000 members', or 'Over 100,000 members' on the last step. */
export function memberTierText(steps: readonly number[], members: number): string {
  return isLastMemberStep(steps, members) ? OVER_LAST_TIER : `${formatMemberCount(members)} members`;
}

export interface MemberTierSliderProps {
  steps: readonly number[];
  index: number;
  onChange(index: number): void;
  /** the modal moves the focus to the slider when it opens */
  autoFocus?: boolean;
}

export function MemberTierSlider({ steps, index, onChange, autoFocus = false }: MemberTierSliderProps) {
  const sliderId = useId();
  const text = memberTierText(steps, steps[index] ?? steps[0]!);
  return (
    <div className="member-slider">
      <label htmlFor={sliderId}>Members</label>
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
  const { supportEmail } = useConfig();
  return (
    <p className="contact-prompt">
      <a href={`mailto:${supportEmail}`}>{MEMBERS_CONTACT_PROMPT}</a>
    </p>
  );
}
