/**
 * Sessions and opens per day (spec 002 §2 chart; §3 chart points; §9 "Chart height 420; y-axis
 * maximum at least 50"). Shared by the account analytics page, admin analytics and the print view.
 * Series: sessions, opens, and slider sessions when `slider` (the slider channel).
 */
import { useMemo } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { Schema } from '../../../api/contract';
import type { EChartsType } from './echarts.setup';
import { EChart } from './EChart';

/** Chart height in CSS px (spec 002 §9). */
export const CHART_HEIGHT = 420;
/** The y axis reaches at least this (spec 002 §9). */
export const CHART_Y_MIN_MAX = 50;

export interface SessionsChartProps {
  points: readonly Schema<'AnalyticsChartPoint'>[];
  /** Show slider sessions instead of sessions (slider channel). */
  slider?: boolean;
  onReady?: (chart: EChartsType) => void;
}

/** The y-axis maximum: the largest value rounded up to a "nice" step, never below 50. */
export function chartYMax(points: readonly Schema<'AnalyticsChartPoint'>[]): number {
  const top = Math.max(0, ...points.flatMap((p) => [p.analytics.session, p.analytics.sliderSession, p.analytics.opened]));
  if (top <= CHART_Y_MIN_MAX) return CHART_Y_MIN_MAX;
  const step = 10 ** Math.floor(Math.log10(top)) / 2;
  return Math.ceil(top / step) * step;
}

export function SessionsChart({ points, slider = false, onReady }: SessionsChartProps) {
  const { t } = useLingui();
  const sessionsLabel = slider ? t`Slider sessions` : t`Sessions`;
  const opensLabel = t`Opens`;
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { data: [sessionsLabel, opensLabel], bottom: 0 },
      grid: { left: 48, right: 24, top: 24, bottom: 56 },
      xAxis: { type: 'category', data: points.map((p) => p.day) },
      yAxis: { type: 'value', min: 0, max: chartYMax(points), minInterval: 1 },
      series: [
        { name: sessionsLabel, type: 'line', smooth: false, data: points.map((p) => (slider ? p.analytics.sliderSession : p.analytics.session)) },
        { name: opensLabel, type: 'line', smooth: false, data: points.map((p) => p.analytics.opened) },
      ],
    }),
    [points, slider, sessionsLabel, opensLabel],
  );
  return <EChart option={option} height={CHART_HEIGHT} ariaLabel={t`Sessions and opens per day`} onReady={onReady} />;
}
