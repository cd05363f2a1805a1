/** A form's failure message, announced when it appears; nothing while there is none. */
export function FormError({ id, children }: { id?: string; children: string | null | undefined }) {
  if (!children) return null;
  return (
    <p id={id} className="form-error" role="alert">
      {children}
    </p>
  );
}
