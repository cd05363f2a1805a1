/**
 * The billing dashboard (SPEC 2): behind the screen gate (spinner, the error or legacy message, the state
 * redirects), the grid: plan details, payment information, billing history and the footer. The
 * modals load on demand, the card modal with the card provider in its own chunk.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useCallback, useState } from 'react';
import { api } from '../../api/api';
import type { BillingData, SubscribedBillingData } from '../../../core/contract';
import { hasSubscription } from '../../../core/rules/flags';
import { dashboardRedirect } from '../../../core/rules/flags';
import { useAppDispatch } from '../../store/hooks';
import { useScreenTitle } from '../../ui/shell';
import { ScreenGate } from '../common/ScreenGate';
import { BillingHistory } from './BillingHistory';
import { DashboardFooter } from './DashboardFooter';
import { PaymentInformation } from './PaymentInformation';
import type { PaymentModal } from './PaymentInformation';
import { PlanDetails } from './PlanDetails';

const CardModal = lazy(() => import(/* webpackChunkName: "card" */ '../payments/CardModal'));
const MemberLimitModal = lazy(() => import(/* webpackChunkName: "billing-members" */ './modals/MemberLimitModal'));
const InvoiceDetailsModal = lazy(
  () => import(/* webpackChunkName: "billing-modals" */ '../common/InvoiceDetailsModal'),
);
const BillingContactModal = lazy(() => import(/* webpackChunkName: "billing-modals" */ './modals/BillingContactModal'));
const CancelAccountModal = lazy(() => import(/* webpackChunkName: "billing-modals" */ '../common/CancelAccountModal'));
const InvoicesModal = lazy(() => import(/* webpackChunkName: "billing-modals" */ './modals/InvoicesModal'));

type DashboardModal = PaymentModal | 'cancel' | 'invoices';

function OpenModal({ modal, data, onClose }: { modal: DashboardModal; data: SubscribedBillingData; onClose(): void }) {
  const dispatch = useAppDispatch();
  // After a new card, the dashboard reads everything afresh (the "reload" of SPEC 9) as the modal closes.
  const onCardSaved = useCallback(() => {
    onClose();
    dispatch(api.util.invalidateTags(['BillingData']));
  }, [dispatch, onClose]);
  switch (modal) {
    case 'card':
      return (
        <CardModal
          customerId={data.customerId}
          userId={data.user.id}
          onClose={onClose}
          onSaved={onCardSaved}
          payOpenInvoiceAfterSave={data.isGrace}
        />
      );
    case 'members':
      return <MemberLimitModal data={data} onClose={onClose} />;
    case 'invoiceDetails':
      return <InvoiceDetailsModal data={data} onClose={onClose} />;
    case 'billingContact':
      return <BillingContactModal user={data.user} onClose={onClose} />;
    case 'cancel':
      return <CancelAccountModal data={data} onClose={onClose} />;
    case 'invoices':
      return (
        <InvoicesModal
          invoices={data.invoices}
          site={data.currentSite.subdomain}
          taxId={data.taxId}
          onClose={onClose}
        />
      );
  }
}

function ModalLoading() {
  return (
    <span className="visually-hidden" role="status">
      <Trans>Loading…</Trans>
    </span>
  );
}

function Dashboard({ data }: { data: SubscribedBillingData }) {
  const [modal, setModal] = useState<DashboardModal | null>(null);
  const close = useCallback(() => setModal(null), []);
  return (
    <>
      <div className="dashboard-grid">
        <PlanDetails data={data} />
        <PaymentInformation data={data} onOpen={setModal} />
        <BillingHistory invoices={data.invoices} onViewAll={() => setModal('invoices')} />
      </div>
      <DashboardFooter canCancel={data.subscription.status !== 'canceled'} onCancel={() => setModal('cancel')} />
      {modal && (
        <Suspense fallback={<ModalLoading />}>
          <OpenModal modal={modal} data={data} onClose={close} />
        </Suspense>
      )}
    </>
  );
}

/** A price missing from the catalogue or an inactive subscription shows its content without the navigation. */
function hidesNavigation(data: BillingData): boolean {
  return data.isInactive || !data.currentPrice;
}

export default function BillingDashboard() {
  const { t } = useLingui();
  useScreenTitle(t`Billing and domain settings`);
  return (
    <ScreenGate
      loadingLabel={t`Loading billing information`}
      onFailure="notice"
      redirect={dashboardRedirect}
      hidesNavigation={hidesNavigation}
    >
      {/* A site without a subscription has been sent to the plans screen (dashboardRedirect). */}
      {(data) => hasSubscription(data) && <Dashboard data={data} />}
    </ScreenGate>
  );
}
