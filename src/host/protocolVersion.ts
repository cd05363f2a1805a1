/**
 * The host protocol's version (docs/host-protocol.md, "Versions"). The panel names it in its billingAppReady; a host
 * that names its own (the host SDK does, at each billingAppReady) and names another is told to the owner and
 * reported. The host SDK has its own copy (packages/billing-host-sdk: HOST_PROTOCOL_VERSION), since it ships
 * without the panel's source; both follow the document.
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

export const HOST_PROTOCOL_VERSION = 1;

/** What the owner reads when the host names another version: the panel keeps working as far as both agree. */
export function protocolMismatchMessage(hostVersion: string): MessageDescriptor {
  const panelVersion = HOST_PROTOCOL_VERSION;
  return msg`The billing panel (protocol version ${panelVersion}) does not match this admin page (protocol version ${hostVersion}). Refresh the page and try again or contact support`;
}
