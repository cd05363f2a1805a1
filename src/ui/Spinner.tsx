import { useLingui } from '@lingui/react/macro';

/** A busy indicator that screen readers announce with its label (the catalog's 'Loading' unless given one). */
export function Spinner({ label }: { label?: string }) {
  const { t } = useLingui();
  return (
    <div className="spinner" role="status" aria-live="polite">
      <span className="spinner__wheel" aria-hidden="true" />
      <span className="visually-hidden">{label ?? t`Loading`}</span>
    </div>
  );
}
