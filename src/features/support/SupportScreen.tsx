/** The Support screen (SPEC section 2). */
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useConfig } from '../../config';
import { useScreenTitle } from '../../ui/shell';

/** The hours the spec quotes (core/rules SUPPORT_HOURS_TEXT, word for word in English). */
export const SUPPORT_HOURS = msg`Our team works Monday to Friday, and will get back to you as soon as possible.`;

export default function SupportScreen() {
  const { t } = useLingui();
  const { supportEmail, platformName } = useConfig();
  useScreenTitle(t`Get help with your ${platformName} account`);
  return (
    <section className="card" aria-labelledby="support-heading">
      <h2 id="support-heading">
        <Trans>Need some help?</Trans>
      </h2>
      <p>
        <Trans>
          E-mail us at <a href={`mailto:${supportEmail}`}>{supportEmail}</a> with any question about your billing, plan
          or domain.
        </Trans>
      </p>
      <p>{t(SUPPORT_HOURS)}</p>
    </section>
  );
}
