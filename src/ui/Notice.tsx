import type { ReactNode } from 'react';

/** A message that replaces content (an error, a legacy plan, a permission); announced when it appears. */
export function Notice({
  tone = 'error',
  title,
  children,
}: {
  tone?: 'error' | 'warning' | 'info';
  title?: string;
  children: ReactNode;
}) {
  return (
    <div className={`notice notice--${tone}`} role={tone === 'info' ? 'status' : 'alert'}>
      {title && <p className="notice__title">{title}</p>}
      <p className="notice__body">{children}</p>
    </div>
  );
}
