/**
 * Member limit changes: pick a member tier and see the plan cards for it; the last step asks to contact us
 * instead.
 */
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { BillingData } from '../../../api/contract';
import { useConfig } from '../../../config';
import { MEMBERS_CONTACT_PROMPT } from '../../../lib/constants';
import { formatMemberCount, isLastMemberStep, memberCountOrDefault, memberLimitOf, memberTierSteps } from '../../../lib/limits';
import { offeredProducts } from '../../../lib/plans';
import { Modal } from '../../../ui/Modal';
import { PlanCard } from '../../account/PlanCard';

/** The last step stands for everything above the prompt's count: 'Over 100,000 members'. */
const OVER_LAST_TIER = MEMBERS_CONTACT_PROMPT.slice(0, MEMBERS_CONTACT_PROMPT.indexOf('?'));

/** What the member-limit choice tells checkout: the tier the user picked. */
export interface MemberLimitChoice {
  members: number;
}

function initialStep(steps: readonly number[], data: BillingData): number {
  const current = memberLimitOf(data.currentPrice?.limits ?? []) ?? memberCountOrDefault(data.currentSiteLimits);
  const index = steps.findIndex((step) => step >= current);
  return index === -1 ? 0 : index;
}

export default function MemberLimitModal({ data, onClose }: { data: BillingData; onClose(): void }) {
  const { supportEmail } = useConfig();
  const navigate = useNavigate();
  const products = offeredProducts(data.availableProducts, data.user.show_product_group);
  const steps = memberTierSteps({ prices: products.flatMap((product) => product.prices) });
  const [index, setIndex] = useState(() => initialStep(steps, data));
  const members = steps[index] ?? steps[0]!;
  const sliderId = useId();
  const label = `${formatMemberCount(members)} members`;
  const last = isLastMemberStep(steps, members);

  function choose(path: string) {
    onClose();
    navigate(path, { state: { members } satisfies MemberLimitChoice });
  }

  return (
    <Modal title="Member limit changes" onClose={onClose}>
      <div className="member-slider">
        <label htmlFor={sliderId}>Members</label>
        <input
          id={sliderId}
          type="range"
          min={0}
          max={steps.length - 1}
          step={1}
          value={index}
          aria-valuetext={last ? OVER_LAST_TIER : label}
          onChange={(event) => setIndex(Number(event.target.value))}
          data-autofocus
        />
        <output htmlFor={sliderId} aria-hidden="true">
          {last ? OVER_LAST_TIER : label}
        </output>
      </div>
      {last ? (
        <p className="contact-prompt">
          <a href={`mailto:${supportEmail}`}>{MEMBERS_CONTACT_PROMPT}</a>
        </p>
      ) : (
        <ul className="plan-cards" aria-label={`Plans for ${label}`}>
          {products.map((product) => (
            <PlanCard key={product.id} product={product} members={members} data={data} onChoose={choose} />
          ))}
        </ul>
      )}
    </Modal>
  );
}
