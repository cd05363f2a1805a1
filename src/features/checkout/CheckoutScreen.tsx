/** Placeholder until the Checkout screen's issue lands: it says so rather than pretending. */
import { Notice } from '../../ui/Notice';

export default function CheckoutScreen() {
  return <Notice tone="info">The Checkout screen is not built yet.</Notice>;
}
