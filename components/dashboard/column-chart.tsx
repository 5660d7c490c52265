"use client";

import { labelEvery, niceScale } from "./format";

export type ChartPoint = { label: string; value: number; tip: string };

const MAX_VALUE_LABELS = 31; // beyond a month of bars the numbers would touch: the tooltip tells them
const MAX_AXIS_LABELS = 12;

/**
 * Vertical bars drawn with CSS (no chart library): a value axis with round ticks and grid lines,
 * the value over each bar when they fit, a tooltip on hover, every k-th label under the bars, and
 * the same figures as a table for screen readers. Colours are theme tokens: it reads in light and dark.
 */
export function ColumnChart({ points, caption, testId }: { points: ChartPoint[]; caption: string; testId: string }) {
  const { top, ticks } = niceScale(Math.max(0, ...points.map((p) => p.value)));
  const pct = (v: number) => `${(v / top) * 100}%`;
  const showLabel = labelEvery(points.length, MAX_AXIS_LABELS);
  return (
    <figure data-testid={testId} className="relative w-full">
      <div className="flex h-64" aria-hidden>
        <div className="relative w-9 shrink-0 text-right text-[11px] text-muted-foreground tabular-nums">
          {ticks.map((tick) => (
            <span key={tick} className="absolute right-2 translate-y-1/2" style={{ bottom: pct(tick) }}>
              {tick}
            </span>
          ))}
        </div>
        <div className="relative flex-1 border-b border-l border-border">
          {ticks.slice(1).map((tick) => (
            <div key={tick} className="absolute inset-x-0 border-t border-dashed border-border" style={{ bottom: pct(tick) }} />
          ))}
          <div className="absolute inset-0 flex items-end gap-px px-1 sm:gap-0.5">
            {points.map((p, i) => (
              <div key={i} className="group relative flex h-full min-w-0 flex-1 items-end justify-center">
                <div
                  className="w-full max-w-12 rounded-t-sm bg-primary transition-colors group-hover:bg-primary/75"
                  style={{ height: pct(p.value) }}
                  data-testid={`${testId}-bar`}
                  data-value={p.value}
                />
                {points.length <= MAX_VALUE_LABELS && p.value > 0 && (
                  <span className="absolute text-[10px] font-medium text-foreground tabular-nums sm:text-xs" style={{ bottom: `calc(${pct(p.value)} + 2px)` }}>
                    {p.value}
                  </span>
                )}
                <span className="pointer-events-none absolute bottom-full z-10 mb-1 hidden rounded-md border bg-popover px-2 py-1 text-xs whitespace-nowrap text-popover-foreground shadow-md group-hover:block">
                  {p.tip}
                </span>
              </div>
            ))}
          </div>
        </div>
      </div>
      <div className="ml-9 flex gap-px px-1 pt-1 sm:gap-0.5" aria-hidden>
        {points.map((p, i) => (
          <span key={i} className="min-w-0 flex-1 overflow-visible text-center text-[11px] whitespace-nowrap text-muted-foreground">
            {showLabel(i) ? p.label : ""}
          </span>
        ))}
      </div>
      <figcaption className="sr-only">{caption}</figcaption>
      <ChartTable points={points} caption={caption} />
    </figure>
  );
}

/** The figures of a chart for screen readers. */
export function ChartTable({ points, caption }: { points: ChartPoint[]; caption: string }) {
  return (
    // the wrapper hides it: `overflow` does not apply to a table box, so a sr-only table still
    // spreads its rows below the page
    <div className="sr-only">
      <table>
        <caption>{caption}</caption>
        <tbody>
          {points.map((p, i) => (
            <tr key={i}>
              <th scope="row">{p.label}</th>
              <td>{p.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
