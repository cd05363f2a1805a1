/**
 * Member limit changes: pick a member tier and see the plan cards for it; the last step asks to contact us
 * instead.
 */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { SubscribedBillingData } from '../../../../core/contract';
import {
  isLastMemberStep,
  memberCountOrDefault,
  memberLimitOf,
  memberTierIndex,
  memberTierSteps,
} from '../../../../core/rules/limits';
import { offeredProducts } from '../../../../core/rules/plans';
import { Modal } from '../../../ui/Modal';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import {
  MemberTierSlider,
  MembersContactPrompt,
  memberTierMessage,
  type MemberLimitChoice,
} from '../../common/MemberTierControl';
import { PlanCard } from '../../common/PlanCard';

/** The modal opens on the tier of the current price, else on the site's member count. */
function initialStep(steps: readonly number[], data: SubscribedBillingData): number {
  const current = memberLimitOf(data.currentPrice?.limits ?? []) ?? memberCountOrDefault(data.currentSiteLimits);
  return memberTierIndex(steps, current);
}

export default function MemberLimitModal({ data, onClose }: { data: SubscribedBillingData; onClose(): void }) {
  const { t } = useLingui();
  const locale = useIntlLocale();
  const navigate = useNavigate();
  const products = offeredProducts(data.availableProducts, data.user.show_product_group);
  const steps = memberTierSteps({ prices: products.flatMap((product) => product.prices) });
  const [index, setIndex] = useState(() => initialStep(steps, data));
  const members = steps[index] ?? steps[0]!;
  const period = data.subscription.meta.baseProduct.billing_period;
  const tier = t(memberTierMessage(steps, members, locale));

  function choose(path: string) {
    onClose();
    navigate(path, { state: { members } satisfies MemberLimitChoice });
  }

  return (
    <Modal title={t`Member limit changes`} onClose={onClose}>
      <MemberTierSlider steps={steps} index={index} onChange={setIndex} autoFocus />
      {isLastMemberStep(steps, members) ? (
        <MembersContactPrompt />
      ) : (
        <ul className="plan-cards" aria-label={t`Plans for ${tier}`}>
          {products.map((product) => (
            <PlanCard
              key={product.id}
              product={product}
              members={members}
              period={period}
              data={data}
              onChoose={choose}
            />
          ))}
        </ul>
      )}
    </Modal>
  );
}
