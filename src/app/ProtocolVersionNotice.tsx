/**
 * The host named another version of the host protocol than the panel's (docs/host-protocol.md, "Versions"): the
 * owner is told in the spec's error style, above the screen, which keeps working as far as both versions agree.
 */
import { useLingui } from '@lingui/react';
import { selectMismatchedProtocolVersion } from '../host/hostBridge';
import { protocolMismatchMessage } from '../host/protocolVersion';
import { useAppSelector } from '../store/hooks';
import { Notice } from '../ui/Notice';

export function ProtocolVersionNotice() {
  const { i18n } = useLingui();
  const hostVersion = useAppSelector(selectMismatchedProtocolVersion);
  if (hostVersion === null) return null;
  return <Notice>{i18n._(protocolMismatchMessage(hostVersion))}</Notice>;
}
