/**
 * DNS records as a table (SPEC 2 "DNS table columns"): Type, Host, Value, an optional Proxy Status and an
 * optional Status with an icon and its text alternative. Hosts and values are copy buttons, set as code, wrapping
 * at their natural points ('pic.', '_domainkey.', 'example.com'); a DKIM key is one 400-character token that has
 * to wrap anywhere. On a narrow frame each record stacks as a card
 * whose cells carry their column's name (`data-label`), instead of five squeezed columns.
 */
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

const STATUS_TEXT: Record<DnsRowStatus, { icon: string; text: string }> = {
  valid: { icon: '✓', text: 'Valid' },
  invalid: { icon: '✕', text: 'Not valid' },
  unknown: { icon: '…', text: 'Not checked yet' },
};

export function DnsStatusIcon({ status }: { status: DnsRowStatus }) {
  const { icon, text } = STATUS_TEXT[status];
  return (
    <span className={`dns-status dns-status--${status}`} role="img" aria-label={text} title={text}>
      {icon}
    </span>
  );
}

export function DnsTable({ caption, rows, proxyStatus = null, showStatus = false }: DnsTableProps) {
  return (
    <div className="dns-table__scroll">
      <table className="dns-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Type</th>
            <th scope="col">Host</th>
            <th scope="col">Value</th>
            {proxyStatus !== null && <th scope="col">Proxy Status</th>}
            {showStatus && <th scope="col">Status</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.type} ${row.host} ${row.value}`}>
              <td data-label="Type">{row.type}</td>
              <td data-label="Host" className="dns-table__host">
                <CopyButton text={row.host} label={`${row.type} host ${row.host}`}>
                  <code className="dns-table__text">
                    <NaturalBreaks text={row.host} />
                  </code>
                </CopyButton>
              </td>
              <td data-label="Value">
                <CopyButton text={row.value} label={`${row.type} value ${row.value}`}>
                  <code className="dns-table__text">
                    <NaturalBreaks text={row.value} />
                  </code>
                </CopyButton>
              </td>
              {proxyStatus !== null && <td data-label="Proxy Status">{proxyStatus}</td>}
              {showStatus && <td data-label="Status">{row.status && <DnsStatusIcon status={row.status} />}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
