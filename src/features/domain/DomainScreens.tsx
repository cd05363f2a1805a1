/** Placeholders until the domain issues land: they say so rather than pretending. */
import { Notice } from '../../ui/Notice';
import { useScreenTitle } from '../../ui/shell';

export function DomainOverview() {
  useScreenTitle('Domain settings');
  return <Notice tone="info">The domain settings overview is not built yet.</Notice>;
}

export function CustomDomainSetup() {
  useScreenTitle('Domain settings');
  return <Notice tone="info">The custom domain setup is not built yet.</Notice>;
}

export function SendingDomainSetup() {
  useScreenTitle('Custom sending domain settings');
  return <Notice tone="info">The custom sending domain setup is not built yet.</Notice>;
}
