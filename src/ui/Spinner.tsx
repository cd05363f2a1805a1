/** A busy indicator that screen readers announce with its label. */
export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="spinner" role="status" aria-live="polite">
      <span className="spinner__wheel" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
