/**
 * Copies a text to the clipboard when clicked (SPEC 2 "Clicking a name or value copies it"): its copy icon
 * becomes a green tick for 2 seconds, announced. A refused clipboard (no permission, an insecure page) only
 * logs a warning: the text stays on screen to copy by hand.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { COPY_CONFIRMATION_MS } from '../../core/rules/constants';

export interface CopyButtonProps {
  text: string;
  /** What is copied, for the button's name: 'Copy {label}'. */
  label: string;
  /** What the button shows; the copy icon follows it. */
  children?: ReactNode;
  className?: string;
}

// Drawn, not a font glyph: a copy symbol such as U+29C9 is missing from many system fonts and shows as a box.
function CopyIcon() {
  return (
    <svg
      width="14"
      height="14"
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      focusable="false"
    >
      <rect x="5.5" y="5.5" width="8" height="8" rx="1.5" />
      <path d="M10.5 3.5v-0.5a1.5 1.5 0 0 0-1.5-1.5h-5.5a1.5 1.5 0 0 0-1.5 1.5v5.5a1.5 1.5 0 0 0 1.5 1.5h0.5" />
    </svg>
  );
}

function TickIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="2" focusable="false">
      <path d="M3 8.5l3 3 7-7" />
    </svg>
  );
}

export function CopyButton({ text, label, children, className = 'copy-button' }: CopyButtonProps) {
  const { t } = useLingui();
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
      <button
        type="button"
        className={`${className}${copied ? ` ${className}--copied` : ''}`}
        aria-label={t`Copy ${label}`}
        onClick={() => void copy()}
      >
        {children}
        <span className={`copy-button__icon${copied ? ' copy-button__icon--copied' : ''}`} aria-hidden="true">
          {copied ? <TickIcon /> : <CopyIcon />}
        </span>
      </button>
      <span className="visually-hidden" role="status">
        {copied ? t`Copied ${label}` : ''}
      </span>
    </>
  );
}
