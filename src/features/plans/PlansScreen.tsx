/** Placeholder until the Plans screen's issue lands: it says so rather than pretending. */
import { Notice } from '../../ui/Notice';

export default function PlansScreen() {
  return <Notice tone="info">The Plans screen is not built yet.</Notice>;
}
