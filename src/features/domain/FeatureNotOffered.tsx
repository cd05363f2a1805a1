/**
 * What the owner sees of a domain feature the platform does not offer (CUSTOM_DOMAINS_ENABLED,
 * SENDING_DOMAINS_ENABLED off: the panel's configuration says so): a sentence in the overview's box, and the same
 * sentence instead of the feature's setup screen, which then makes none of its calls. The spec has no wording for
 * it (it hides only domain purchase, by its flag): beyond the spec, issue 47.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { useConfig } from '../../config';
import { useScreenTitle } from '../../ui/shell';

export type OptionalDomainFeature = 'customDomains' | 'sendingDomains';

/** Whether the platform offers the feature, as the panel's configuration says. */
export function useFeatureOffered(feature: OptionalDomainFeature): boolean {
  const config = useConfig();
  return feature === 'customDomains' ? config.customDomainsEnabled : config.sendingDomainsEnabled;
}

/** The sentence: the platform, by its name, does not offer the feature. */
export function NotOfferedNote({ feature }: { feature: OptionalDomainFeature }) {
  const { t } = useLingui();
  const { platformName } = useConfig();
  return (
    <p className="note">
      {feature === 'customDomains'
        ? t`${platformName} does not offer custom domains.`
        : t`${platformName} does not offer custom sending domains.`}
    </p>
  );
}

/** The feature's setup screen when it is not offered: its title, the sentence, and the way back to the overview. */
export function FeatureNotOfferedScreen({ feature, title }: { feature: OptionalDomainFeature; title: string }) {
  useScreenTitle(title);
  return (
    <div className="domain-setup">
      <NotOfferedNote feature={feature} />
      <div className="domain-setup__links">
        <Link to="/domain">
          <Trans>Back</Trans>
        </Link>
      </div>
    </div>
  );
}
