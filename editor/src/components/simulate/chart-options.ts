/**
 * Chart.js options shared by every chart of the Simulate panel: the legend, axes in % or plain
 * numbers, no animation (the charts redraw on every progress tick).
 */
import type { ChartOptions, ScaleOptions, TooltipOptions } from 'chart.js';

/** What a chart gives of its tooltip (its callbacks, a filter). */
export type TooltipPart<T extends 'bar' | 'line'> = Partial<Omit<TooltipOptions<T>, 'callbacks'>> & {
  callbacks?: Partial<TooltipOptions<T>['callbacks']>;
};

export const GRID = '#e7e4db';

export const percentTick = (v: string | number) => `${Math.round(Number(v) * 100)}%`;

/** A 0…100% value axis. */
export const percentAxis = (title?: string, max = true) => ({
  min: 0,
  ...(max ? { max: 1 } : {}),
  ticks: { callback: percentTick },
  grid: { color: GRID },
  ...(title ? { title: { display: true, text: title } } : {}),
});

/** A plain number axis. */
export const numberAxis = (title?: string) => ({
  beginAtZero: true,
  grid: { color: GRID },
  ...(title ? { title: { display: true, text: title } } : {}),
});

/** A category axis (no grid lines). */
export const categoryAxis = (title?: string) => ({
  grid: { display: false },
  ...(title ? { title: { display: true, text: title } } : {}),
});

/** What every chart shares; `scales` and `plugins.tooltip` are the chart's own. */
export function baseOptions<T extends 'bar' | 'line'>(
  scales: Record<string, ScaleOptions | object>,
  tooltip: TooltipPart<T>,
  extra: Partial<ChartOptions<T>> = {},
): ChartOptions<T> {
  return {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    ...extra,
    scales,
    plugins: {
      legend: {
        position: 'top',
        labels: {
          boxWidth: 14,
          font: { size: 11 },
          // Bands are drawn by datasets of their own: only the named series are in the legend.
          filter: (item) => !item.text.startsWith('\u200b'),
        },
      },
      tooltip,
    },
  } as ChartOptions<T>;
}

/** Point shapes of the variants' lines, in variant order (after the last, from the first again). */
const POINT_STYLES = ['circle', 'rectRot', 'triangle', 'rect'] as const;
/** Dash patterns of the variants' lines: the first solid, the others dashed each its own way. */
const DASHES: number[][] = [[], [7, 4], [2, 3], [9, 3, 2, 3]];

/**
 * How variant `v`'s line is drawn besides its colour: a dash and a point shape of its own, so
 * that two variants with the same figures (a house rule that changes nothing here) show as one
 * line drawn over the other, not as one line with the second missing, and the lines stay apart
 * for a reader who does not tell the colours apart.
 */
export const lineStyleOf = (v: number): { borderDash: number[]; pointStyle: (typeof POINT_STYLES)[number] } => ({
  borderDash: DASHES[v % DASHES.length]!,
  pointStyle: POINT_STYLES[v % POINT_STYLES.length]!,
});
