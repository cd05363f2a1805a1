/**
 * A long value (a host name, an e-mail address, a path, a TXT record's key=value with an id) set so a line may end
 * only at its natural points: a <wbr> after each '.', '@', '-', '/', '=' and '_' (e2e/layout.spec.ts counts any
 * other split as a broken word). It is one box (panel.css, .natural-breaks): it moves to a line of its own before
 * it is split, and splits only when longer than the line. The text and what it copies stay the same.
 */
import { Fragment } from 'react';

const AFTER_NATURAL_POINT = /(?<=[.@/=_-])/;

export function NaturalBreaks({ text }: { text: string }) {
  return (
    <span className="natural-breaks">
      {text.split(AFTER_NATURAL_POINT).map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
