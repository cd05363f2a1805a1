/** The Support screen (SPEC section 2). */
import { useConfig } from '../../config';
import { useScreenTitle } from '../../ui/shell';

export const SUPPORT_HOURS = 'Our team works Monday to Friday, and will get back to you as soon as possible.';

export function supportTitle(platformName: string): string {
  return `Get help with your ${platformName} account`;
}

export default function SupportScreen() {
  const { supportEmail, platformName } = useConfig();
  useScreenTitle(supportTitle(platformName));
  return (
    <section className="card" aria-labelledby="support-heading">
      <h2 id="support-heading">Need some help?</h2>
      <p>
        E-mail us at <a href={`mailto:${supportEmail}`}>{supportEmail}</a> with any question about your billing,
        plan or domain.
      </p>
      <p>{SUPPORT_HOURS}</p>
    </section>
  );
}
