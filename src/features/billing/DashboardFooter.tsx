/** The dashboard's footer (SPEC 2, "Billing dashboard" 4): the cancel-account button and the Billing Help link. */
import { Trans } from '@lingui/react/macro';
import { useConfig } from '../../config';
import { ExternalLink } from '../../ui/ExternalLink';
import { BILLING_HELP_PATH, companyPage } from '../common/links';

export function DashboardFooter({ canCancel, onCancel }: { canCancel: boolean; onCancel(): void }) {
  const { companySite } = useConfig();
  return (
    <div className="dashboard-footer">
      {canCancel && (
        <button type="button" className="button button--link button--danger-link" onClick={onCancel}>
          <Trans>Cancel account</Trans>
        </button>
      )}
      <ExternalLink className="dashboard-footer__help" href={companyPage(companySite, BILLING_HELP_PATH)}>
        <Trans>Billing Help</Trans>
      </ExternalLink>
    </div>
  );
}
