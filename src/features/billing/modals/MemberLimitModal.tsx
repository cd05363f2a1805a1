/**
 * Member limit changes: pick a member tier, see each plan's monthly price, features and 'Choose this plan'
 * (to the checkout route of that tier's price); the last step asks to contact us instead.
 */
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { BillingData, Product } from '../../../api/contract';
import { useConfig } from '../../../config';
import { MEMBERS_CONTACT_PROMPT } from '../../../lib/constants';
import { formatMemberCount, isLastMemberStep, memberCountOrDefault, memberLimitOf, memberTierSteps } from '../../../lib/limits';
import { centsToUnits, currencySymbol, formatMoney, yearlyToMonthly } from '../../../lib/money';
import { checkoutPath, offeredProducts, planDisabledReason, planFeatures, suitablePrice } from '../../../lib/plans';
import { Modal } from '../../../ui/Modal';

const USD = currencySymbol();
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

function PlanCard({ product, members, data, onChoose }: { product: Product; members: number; data: BillingData; onChoose(path: string): void }) {
  const headingId = useId();
  const reasonId = useId();
  const period = data.subscription.meta.baseProduct.billing_period;
  const price = suitablePrice(product, period, members);
  if (!price) return null;
  const monthly = period === 'year' ? yearlyToMonthly(centsToUnits(price.cost)) : centsToUnits(price.cost);
  const reason = planDisabledReason({
    product,
    price,
    currentPriceId: data.currentPrice?.id ?? null,
    siteLimits: data.currentSiteLimits,
    site: data.currentSite,
    siteMajorVersion: data.currentSiteVersion,
  });
  const path = checkoutPath({ product: product.name.toLowerCase(), group: product.group, period: price.billing_period });
  return (
    <li className="plan-card">
      <h3 id={headingId}>{product.name}</h3>
      <p className="plan-card__price">
        <strong>{formatMoney(monthly, USD)}</strong> per month{period === 'year' ? ', billed yearly' : ''}
      </p>
      <ul className="plan-card__features">
        {planFeatures(product.name, price.legacy).map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      {reason && (
        <p id={reasonId} className="note">
          {reason}
        </p>
      )}
      <button
        type="button"
        className="button"
        disabled={reason !== null || path === null}
        aria-label={`Choose this plan: ${product.name}`}
        aria-describedby={reason ? reasonId : undefined}
        onClick={() => path && onChoose(path)}
      >
        Choose this plan
      </button>
    </li>
  );
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
