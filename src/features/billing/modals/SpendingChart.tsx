/**
 * View all's picture of what was paid (issue 27): a bar a month over the last 24 months ending with this one (the
 * sums of core/rules/spending.ts), a month holding a pending invoice marked by a hatched, outlined part with a
 * legend, the summary in words, and each bar a stop of the keyboard (one tab stop, the arrow keys move between months)
 * naming its month and amount, which a tooltip shows on hover and focus. The invoice table below is its text.
 * Hand-written SVG in the theme's tokens, its rules in spendingChart.css: it loads with View all, never with the dashboard.
 */
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import type { Invoice } from '../../../../core/contract';
import { MS_PER_SECOND, SPENDING_CHART_MONTHS } from '../../../../core/rules/constants';
import { toUnixSeconds } from '../../../../core/rules/dates';
import { formatCents } from '../../../../core/rules/money';
import { spendingByMonth, type SpendingMonth, type SpendingSeries } from '../../../../core/rules/spending';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import chartStyles from './spendingChart.css';

/** The plot's height in pixels; its width is the modal's. */
const PLOT_HEIGHT = 160;
/** Room above the top gridline for its label. */
const PLOT_TOP = 8;
/** Of each month's slot, the bar takes this share, centred. */
const BAR_SHARE = 0.6;
/** A pending part never shrinks below this (pixels), so the mark shows whatever the amount. */
const PENDING_MIN_HEIGHT = 4;
/** The axis names every fourth month back from the current one; a narrow frame every eighth. */
const LABEL_EVERY = 4;
const NARROW_LABEL_EVERY = 8;
/** Pixels between the tooltip and its month's slot. */
const TOOLTIP_GAP = 4;
const PERCENT = 100;
/** A label or tooltip centres on the middle of its month's slot. */
const SLOT_MIDDLE = 0.5;

interface MonthFormats {
  long: Intl.DateTimeFormat;
  short: Intl.DateTimeFormat;
}

function useMonthFormats(locale: string): MonthFormats {
  return useMemo(
    () => ({
      long: new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }),
      short: new Intl.DateTimeFormat(locale, { month: 'short', year: '2-digit', timeZone: 'UTC' }),
    }),
    [locale],
  );
}

function dateOf(seconds: number): Date {
  return new Date(seconds * MS_PER_SECOND);
}

/** An id safe inside url(#...): React's useId may hold characters a URL reference does not take. */
function useSvgId(prefix: string): string {
  return `${prefix}-${useId().replace(/[^\w-]/g, '')}`;
}

/**
 * Where the tooltip goes (its left edge, pixels from the plot's): beside its month's slot, after it where it fits,
 * else before it, else (a narrow frame) over it, kept inside the plot so that the frame never scrolls sideways.
 */
function tooltipLeft(index: number, count: number, plotWidth: number, tooltipWidth: number): number {
  const slot = plotWidth / count;
  const after = (index + 1) * slot + TOOLTIP_GAP;
  if (after + tooltipWidth <= plotWidth) return after;
  const before = index * slot - TOOLTIP_GAP - tooltipWidth;
  if (before >= 0) return before;
  return Math.max(0, Math.min((index + SLOT_MIDDLE) * slot - tooltipWidth / 2, plotWidth - tooltipWidth));
}

/** The y of an amount: the top of the scale at PLOT_TOP, 0 at the bottom. */
function yOf(cents: number, top: number): number {
  return top > 0 ? PLOT_TOP + (1 - cents / top) * (PLOT_HEIGHT - PLOT_TOP) : PLOT_HEIGHT;
}

function percent(value: number): string {
  return `${value * PERCENT}%`;
}

interface MonthText {
  /** 'March 2026' */
  name: string;
  /** '$36 paid' */
  paid: string;
  /** '$23 pending' when the month holds a pending invoice */
  pending: string | null;
  /** the bar's accessible name: 'March 2026: $36 paid, $23 pending' */
  label: string;
}

function Bar({
  month,
  index,
  count,
  top,
  text,
  patternId,
  tabStop,
  focused,
  onFocus,
  onBlur,
  onHover,
  onKeyDown,
  barRef,
}: {
  month: SpendingMonth;
  index: number;
  count: number;
  top: number;
  text: MonthText;
  patternId: string;
  tabStop: boolean;
  focused: boolean;
  onFocus(): void;
  onBlur(): void;
  onHover(hovered: boolean): void;
  onKeyDown(event: KeyboardEvent<SVGGElement>): void;
  barRef(element: SVGGElement | null): void;
}) {
  const slot = 1 / count;
  const barX = percent(index * slot + (slot * (1 - BAR_SHARE)) / 2);
  const barWidth = percent(slot * BAR_SHARE);
  const paidY = yOf(month.paid, top);
  const pendingY = month.hasPending
    ? Math.min(yOf(month.paid + month.pending, top), paidY - PENDING_MIN_HEIGHT)
    : paidY;
  return (
    <g
      ref={barRef}
      className="spending-chart__month"
      role="img"
      aria-label={text.label}
      tabIndex={tabStop ? 0 : -1}
      onFocus={onFocus}
      onBlur={onBlur}
      onMouseEnter={() => onHover(true)}
      onMouseLeave={() => onHover(false)}
      onKeyDown={onKeyDown}
    >
      {/* The whole slot answers the pointer, so an empty month shows its tooltip too. */}
      <rect
        className="spending-chart__hit"
        x={percent(index * slot)}
        y={0}
        width={percent(slot)}
        height={PLOT_HEIGHT}
      />
      {month.paid > 0 && (
        <rect className="spending-chart__paid" x={barX} y={paidY} width={barWidth} height={PLOT_HEIGHT - paidY} />
      )}
      {month.hasPending && (
        <rect
          className="spending-chart__pending"
          x={barX}
          y={pendingY}
          width={barWidth}
          height={paidY - pendingY}
          fill={`url(#${patternId})`}
        />
      )}
      {focused && (
        <rect
          className="spending-chart__focus"
          x={percent(index * slot)}
          y={1}
          width={percent(slot)}
          height={PLOT_HEIGHT - 2}
          rx={3}
        />
      )}
    </g>
  );
}

function SeriesChart({ series, named }: { series: SpendingSeries; named: boolean }) {
  const { t } = useLingui();
  const locale = useIntlLocale();
  const formats = useMonthFormats(locale);
  const titleId = useId();
  const summaryId = useId();
  const hintId = useId();
  const patternId = useSvgId('spending-pending');
  const { months, scale } = series;
  const count = months.length;
  const last = count - 1;
  // The one tab stop among the bars (the current month first), the focused bar (ringed), the hovered one, and the bar
  // whose tooltip shows: the last one focused or hovered, so a pointer resting on the chart does not hide the focus's.
  const [tabStop, setTabStop] = useState(last);
  const [focusedIndex, setFocusedIndex] = useState<number | null>(null);
  const hovered = useRef<number | null>(null);
  const [shown, setShown] = useState<number | null>(null);
  const bars = useRef<(SVGGElement | null)[]>([]);

  const money = (cents: number) => formatCents(cents, series.currency, locale);
  const texts: MonthText[] = months.map((month) => {
    const name = formats.long.format(dateOf(month.start));
    const paidAmount = money(month.paid);
    const pendingAmount = money(month.pending);
    return month.hasPending
      ? {
          name,
          paid: t`${paidAmount} paid`,
          pending: t`${pendingAmount} pending`,
          label: t`${name}: ${paidAmount} paid, ${pendingAmount} pending`,
        }
      : { name, paid: t`${paidAmount} paid`, pending: null, label: t`${name}: ${paidAmount} paid` };
  });

  const total = money(series.total);
  const highest = series.highest ? money(series.highest.paid) : '';
  const highestMonth = series.highest ? formats.long.format(dateOf(series.highest.start)) : '';
  const paidSummary = series.highest
    ? t`${plural(count, {
        one: `Paid over the last month: total ${total}.`,
        other: `Paid per month over the last # months: total ${total}, highest ${highest} in ${highestMonth}.`,
      })}`
    : t`${plural(count, { one: 'Nothing was paid over the last month.', other: 'Nothing was paid over the last # months.' })}`;
  const pendingMonths = series.pendingMonths;
  const pendingSummary =
    pendingMonths > 0
      ? t`${plural(pendingMonths, { one: '# month holds a pending invoice.', other: '# months hold a pending invoice.' })}`
      : null;
  const currencyCode = series.currency.toUpperCase();
  const title = named ? t`Paid per month in ${currencyCode}` : t`Paid per month`;

  function moveTo(index: number) {
    setTabStop(index);
    bars.current[index]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<SVGGElement>, index: number) {
    const targets: Record<string, number> = {
      ArrowRight: Math.min(index + 1, last),
      ArrowDown: Math.min(index + 1, last),
      ArrowLeft: Math.max(index - 1, 0),
      ArrowUp: Math.max(index - 1, 0),
      Home: 0,
      End: last,
    };
    const target = targets[event.key];
    if (target === undefined) return;
    event.preventDefault();
    moveTo(target);
  }

  const shownText = shown === null ? null : texts[shown]!;
  const plot = useRef<HTMLDivElement>(null);
  const tooltip = useRef<HTMLDivElement>(null);
  // Placed once its width is known, before it is painted.
  useLayoutEffect(() => {
    if (shown === null || !plot.current || !tooltip.current) return;
    tooltip.current.style.left = `${tooltipLeft(shown, count, plot.current.clientWidth, tooltip.current.offsetWidth)}px`;
  }, [shown, count, shownText?.label]);

  return (
    <figure className="spending-chart" aria-labelledby={titleId} aria-describedby={summaryId}>
      <figcaption className="spending-chart__caption">
        <h3 className="spending-chart__title" id={titleId}>
          {title}
        </h3>
        <p className="spending-chart__summary" id={summaryId}>
          {pendingSummary ? `${paidSummary} ${pendingSummary}` : paidSummary}
        </p>
      </figcaption>
      <ul className="spending-chart__legend">
        <li>
          <svg className="spending-chart__swatch" width="14" height="14" aria-hidden="true">
            <rect className="spending-chart__paid" x="1" y="1" width="12" height="12" />
          </svg>
          {t`Amount paid`}
        </li>
        {pendingMonths > 0 && (
          <li>
            <svg className="spending-chart__swatch" width="14" height="14" aria-hidden="true">
              <rect
                className="spending-chart__pending"
                x="1"
                y="1"
                width="12"
                height="12"
                fill={`url(#${patternId})`}
              />
            </svg>
            {t`Pending invoice`}
          </li>
        )}
      </ul>
      <div className="spending-chart__body">
        <div className="spending-chart__y" aria-hidden="true">
          <span className="spending-chart__tick-sizer">{money(scale.top)}</span>
          {scale.ticks.map((tick) => (
            <span key={tick} className="spending-chart__tick" style={{ top: `${yOf(tick, scale.top)}px` }}>
              {money(tick)}
            </span>
          ))}
        </div>
        <div
          className="spending-chart__plot"
          ref={plot}
          onMouseLeave={() => {
            hovered.current = null;
            setShown(focusedIndex);
          }}
        >
          <svg
            className="spending-chart__svg"
            width="100%"
            height={PLOT_HEIGHT}
            role="group"
            aria-labelledby={titleId}
            aria-describedby={hintId}
          >
            <defs>
              <pattern id={patternId} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
                <rect className="spending-chart__hatch-ground" width="6" height="6" />
                <line className="spending-chart__hatch" x1="0" y1="0" x2="0" y2="6" />
              </pattern>
            </defs>
            <g aria-hidden="true">
              {scale.ticks.map((tick) => (
                <line
                  key={tick}
                  className={tick === 0 ? 'spending-chart__baseline' : 'spending-chart__grid'}
                  x1="0"
                  x2="100%"
                  y1={yOf(tick, scale.top)}
                  y2={yOf(tick, scale.top)}
                />
              ))}
            </g>
            {months.map((month, index) => (
              <Bar
                key={month.start}
                month={month}
                index={index}
                count={count}
                top={scale.top}
                text={texts[index]!}
                patternId={patternId}
                tabStop={index === tabStop}
                focused={index === focusedIndex}
                onFocus={() => {
                  setTabStop(index);
                  setFocusedIndex(index);
                  setShown(index);
                }}
                onBlur={() => {
                  setFocusedIndex(null);
                  setShown(hovered.current);
                }}
                onHover={(entered) => {
                  hovered.current = entered ? index : null;
                  setShown(entered ? index : focusedIndex);
                }}
                onKeyDown={(event) => onKeyDown(event, index)}
                barRef={(element) => {
                  bars.current[index] = element;
                }}
              />
            ))}
          </svg>
          <div className="spending-chart__x" aria-hidden="true">
            {months.map((month, index) => {
              const fromEnd = last - index;
              if (fromEnd % LABEL_EVERY !== 0) return null;
              const minor = fromEnd % NARROW_LABEL_EVERY !== 0 ? ' spending-chart__month-label--minor' : '';
              // The current month's label ends with the plot rather than passing its edge.
              const end = fromEnd === 0 ? ' spending-chart__month-label--end' : '';
              const left = fromEnd === 0 ? 1 : (index + SLOT_MIDDLE) / count;
              return (
                <span
                  key={month.start}
                  className={`spending-chart__month-label${minor}${end}`}
                  style={{ left: percent(left) }}
                >
                  {formats.short.format(dateOf(month.start))}
                </span>
              );
            })}
          </div>
          {shownText && (
            <div className="spending-chart__tooltip" role="tooltip" ref={tooltip}>
              <strong>{shownText.name}</strong>
              <span>{shownText.paid}</span>
              {shownText.pending && <span className="spending-chart__tooltip-pending">{shownText.pending}</span>}
            </div>
          )}
        </div>
      </div>
      <p className="visually-hidden" id={hintId}>
        {t`Use the arrow keys to move between months.`}
      </p>
    </figure>
  );
}

/**
 * The chart of each currency the invoices of the months are in (an account has one). `now`: the clock's time in
 * milliseconds, whose month is the last; `currency`: the site's, charted when there are no invoices at all (core's
 * spendingByMonth: the platform's without it).
 */
export function SpendingChart({
  invoices,
  now,
  currency,
}: {
  invoices: readonly Invoice[];
  now: number;
  currency?: string;
}) {
  const series = spendingByMonth(invoices, toUnixSeconds(now), SPENDING_CHART_MONTHS, currency);
  return (
    <>
      {/* Its rules come with its chunk (React puts them in the head once), never with the dashboard's first screen. */}
      <style href="spending-chart" precedence="default">
        {chartStyles}
      </style>
      {series.map((one) => (
        <SeriesChart key={one.currency} series={one} named={series.length > 1} />
      ))}
    </>
  );
}
