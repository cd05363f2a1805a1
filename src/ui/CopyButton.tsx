/**
 * Copies a text to the clipboard when clicked (SPEC 2 "Clicking a name or value copies it"): its copy icon
 * becomes a green tick for 2 seconds, announced. A refused clipboard (no permission, an insecure page) only
 * logs a warning: the text stays on screen to copy by hand.
 */
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { COPY_CONFIRMATION_MS } from '../lib/constants';

export interface CopyButtonProps {
  text: string;
  /** What is copied, for the button's name: 'Copy {label}'. */
  label: string;
  /** What the button shows; the copy icon follows it. */
  children?: ReactNode;
  className?: string;
}

export function CopyButton({ text, label, children, className = 'copy-button' }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return undefined;
    const timer = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch (error) {
      console.warn('Could not copy to the clipboard', error);
    }
  }

  return (
    <>
      <button type="button" className={`${className}${copied ? ` ${className}--copied` : ''}`} aria-label={`Copy ${label}`} onClick={() => void copy()}>
        {children}
        <span className={`copy-button__icon${copied ? ' copy-button__icon--copied' : ''}`} aria-hidden="true">
          {copied ? '✓' : '⧉'}
        </span>
      </button>
      <span className="visually-hidden" role="status">
        {copied ? `Copied ${label}` : ''}
      </span>
    </>
  );
}
