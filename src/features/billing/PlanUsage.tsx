/**
 * The plan's usage beside the plan (issue 27): members, staff users, newsletters and custom integrations the site
 * uses against the current plan's limits (core/rules/usage.ts), each a labelled meter with its value in words; the
 * warning tone from 90% on, "Over the limit" with the way to the plans screen, and "Unlimited" without a bar where
 * the plan sets no count. The site's usage is get-current-site-limits' (the shell reads it on every screen), the
 * billing data's copy until it has come.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { SubscribedBillingData } from '../../../core/contract';
import { effectiveLimits } from '../../../core/rules/limitChecks';
import { formatCount } from '../../../core/rules/limits';
import { usageMeters, type UsageMeter, type UsageMeterName } from '../../../core/rules/usage';
import { useGetCurrentSiteLimitsQuery } from '../../api/accountApi';
import { useIntlLocale } from '../../i18n/useIntlLocale';

const METER_LABELS: Record<UsageMeterName, MessageDescriptor> = {
  members: msg`Members`,
  staff: msg`Staff users`,
  newsletters: msg`Newsletters`,
  customIntegrations: msg`Custom integrations`,
};

const PERCENT = 100;

function Meter({ meter }: { meter: UsageMeter }) {
  const { t } = useLingui();
  const locale = useIntlLocale();
  const labelId = useId();
  const label = t(METER_LABELS[meter.name]);
  const used = formatCount(meter.used, locale);
  if (meter.limit === null) {
    return (
      <li className="usage-meter usage-meter--unlimited">
        <div className="usage-meter__head">
          <span className="usage-meter__label">{label}</span>
          <span className="usage-meter__value">
            {used} <span className="usage-meter__unlimited">{t`Unlimited`}</span>
          </span>
        </div>
      </li>
    );
  }
  const limit = formatCount(meter.limit, locale);
  const valueTexts = {
    normal: t`${used} of ${limit}`,
    warning: t`${used} of ${limit}, near the limit`,
    over: t`${used} of ${limit}, over the limit`,
  };
  return (
    <li className={`usage-meter usage-meter--${meter.state}`}>
      <div className="usage-meter__head">
        <span className="usage-meter__label" id={labelId}>
          {label}
        </span>
        <span className="usage-meter__value">{t`${used} of ${limit}`}</span>
      </div>
      <div
        className="usage-meter__bar"
        role="meter"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={meter.limit}
        aria-valuenow={Math.min(meter.used, meter.limit)}
        aria-valuetext={valueTexts[meter.state]}
      >
        <span className="usage-meter__fill" style={{ width: `${meter.fill * PERCENT}%` }} />
      </div>
      {meter.state === 'warning' && <p className="usage-meter__status">{t`Near the limit`}</p>}
      {meter.state === 'over' && (
        <p className="usage-meter__status">
          <span className="usage-meter__over">{t`Over the limit`}</span> <Link to="/plans">{t`See plans`}</Link>
        </p>
      )}
    </li>
  );
}

export function PlanUsage({ data }: { data: SubscribedBillingData }) {
  const { t } = useLingui();
  const headingId = useId();
  const { data: limitsReply } = useGetCurrentSiteLimitsQuery();
  const price = data.currentPrice;
  // Without its price the plan's limits are not known: no meter rather than a wrong one.
  if (price === null) return null;
  const { baseProduct } = data.subscription.meta;
  const product = data.availableProducts.find((candidate) => candidate.id === baseProduct.product) ?? { limits: [] };
  const siteLimits = limitsReply?.currentSiteLimits ?? data.currentSiteLimits;
  const meters = usageMeters(effectiveLimits(product, price), siteLimits, {
    productName: baseProduct.name,
    site: data.currentSite,
  });
  return (
    <div className="plan-usage" role="group" aria-labelledby={headingId}>
      <h3 className="plan-usage__heading" id={headingId}>
        {t`Usage`}
      </h3>
      <ul className="usage-meters">
        {meters.map((meter) => (
          <Meter key={meter.name} meter={meter} />
        ))}
      </ul>
    </div>
  );
}
