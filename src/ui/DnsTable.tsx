/**
 * DNS records as a table (SPEC 2 "DNS table columns"): Type, Host, Value, an optional Proxy Status and an
 * optional Status with an icon and its text alternative. Hosts and values are copy buttons, set as code, wrapping
 * at their natural points ('pic.', '_domainkey.', 'example.com'); a DKIM key is one 400-character token that has
 * to wrap anywhere. On a narrow frame each record stacks as a card
 * whose cells carry their column's name (`data-label`), instead of five squeezed columns.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { CopyButton } from './CopyButton';
import { NaturalBreaks } from './NaturalBreaks';

export type DnsRowStatus = 'valid' | 'invalid' | 'unknown';

export interface DnsTableRow {
  type: string;
  host: string;
  value: string;
  status?: DnsRowStatus;
}

export interface DnsTableProps {
  caption: string;
  rows: readonly DnsTableRow[];
  /** The Proxy Status every row shows (e.g. 'DNS Only'); no column when null. */
  proxyStatus?: string | null;
  showStatus?: boolean;
}

const STATUS_TEXT: Record<DnsRowStatus, { icon: string; text: MessageDescriptor }> = {
  valid: { icon: '✓', text: msg`Valid` },
  invalid: { icon: '✕', text: msg`Not valid` },
  unknown: { icon: '…', text: msg`Not checked yet` },
};

export function DnsStatusIcon({ status }: { status: DnsRowStatus }) {
  const { t } = useLingui();
  const { icon, text: message } = STATUS_TEXT[status];
  const text = t(message);
  return (
    <span className={`dns-status dns-status--${status}`} role="img" aria-label={text} title={text}>
      {icon}
    </span>
  );
}

export function DnsTable({ caption, rows, proxyStatus = null, showStatus = false }: DnsTableProps) {
  const { t } = useLingui();
  // The column names again on each cell: a narrow frame stacks a record as a card that shows them (panel.css).
  const columns = { type: t`Type`, host: t`Host`, value: t`Value`, proxyStatus: t`Proxy Status`, status: t`Status` };
  return (
    <div className="dns-table__scroll">
      <table className="dns-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{columns.type}</th>
            <th scope="col">{columns.host}</th>
            <th scope="col">{columns.value}</th>
            {proxyStatus !== null && <th scope="col">{columns.proxyStatus}</th>}
            {showStatus && <th scope="col">{columns.status}</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map(({ type, host, value, status }) => (
            <tr key={`${type} ${host} ${value}`}>
              <td data-label={columns.type}>{type}</td>
              <td data-label={columns.host} className="dns-table__host">
                <CopyButton text={host} label={t`${type} host ${host}`}>
                  <code className="dns-table__text">
                    <NaturalBreaks text={host} />
                  </code>
                </CopyButton>
              </td>
              <td data-label={columns.value}>
                <CopyButton text={value} label={t`${type} value ${value}`}>
                  <code className="dns-table__text">
                    <NaturalBreaks text={value} />
                  </code>
                </CopyButton>
              </td>
              {proxyStatus !== null && <td data-label={columns.proxyStatus}>{proxyStatus}</td>}
              {showStatus && <td data-label={columns.status}>{status && <DnsStatusIcon status={status} />}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
