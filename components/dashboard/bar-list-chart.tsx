"use client";

import { ChartTable, type ChartPoint } from "./column-chart";
import { niceScale } from "./format";

/**
 * Horizontal bars drawn with CSS, one row per name (long names stay readable beside their bar):
 * a value axis with round ticks and grid lines under the bars, the value at the end of each bar,
 * the full name and figure as a tooltip, and a table for screen readers. Theme tokens only.
 */
export function BarListChart({ points, caption, testId }: { points: ChartPoint[]; caption: string; testId: string }) {
  const { top, ticks } = niceScale(Math.max(0, ...points.map((p) => p.value)));
  const pct = (v: number) => `${(v / top) * 100}%`;
  return (
    <figure data-testid={testId} className="relative w-full">
      <div className="max-h-80 overflow-y-auto pr-1" aria-hidden>
        <div className="relative">
          <div className="pointer-events-none absolute inset-y-0 right-10 left-28 sm:left-36">
            {ticks.map((tick) => (
              <div key={tick} className="absolute inset-y-0 border-l border-dashed border-border" style={{ left: pct(tick) }} />
            ))}
          </div>
          <ul className="relative space-y-2 py-1">
            {points.map((p, i) => (
              <li key={i} className="flex items-center gap-2" title={p.tip}>
                <span className="w-26 shrink-0 truncate text-right text-xs text-muted-foreground sm:w-34">{p.label}</span>
                <span className="relative h-6 flex-1">
                  <span className="absolute inset-y-0 left-0 rounded-r-sm bg-primary" style={{ width: pct(p.value) }} data-testid={`${testId}-bar`} data-value={p.value} />
                </span>
                <span className="w-8 shrink-0 text-xs font-medium tabular-nums">{p.value}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="relative mr-11 ml-28 h-5 border-t border-border sm:ml-36" aria-hidden>
        {ticks.map((tick) => (
          <span key={tick} className="absolute top-0.5 -translate-x-1/2 text-[11px] text-muted-foreground tabular-nums" style={{ left: pct(tick) }}>
            {tick}
          </span>
        ))}
      </div>
      <figcaption className="sr-only">{caption}</figcaption>
      <ChartTable points={points} caption={caption} />
    </figure>
  );
}
