/**
 * One ECharts chart (issue 13 "Screens"): loads echarts.setup.ts lazily, sizes to its box (height in
 * CSS px, width 100 %, follows resizes), redraws when `option` changes and disposes on unmount.
 * Accessible: the box is `role="img"` with `ariaLabel`; ECharts' aria module adds a generated
 * description; screens put the same numbers in a table next to it.
 *
 * `onReady(chart)` runs after every render of an option has finished (the PDF export reads
 * `chart.getDataURL()` then; the print view counts it before REPORT_READY).
 */
import { useEffect, useRef } from 'react';
import type { EChartsOption, EChartsType } from './echarts.setup';

export interface EChartProps {
  option: EChartsOption;
  /** Height in CSS px. */
  height: number;
  ariaLabel: string;
  onReady?: (chart: EChartsType) => void;
  className?: string;
}

export function EChart({ option, height, ariaLabel, onReady, className }: EChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const readyRef = useRef(onReady);
  readyRef.current = onReady;

  useEffect(() => {
    let disposed = false;
    let observer: ResizeObserver | null = null;
    void import('./echarts.setup').then(({ echarts }) => {
      if (disposed || !box.current) return;
      const c = echarts.init(box.current, undefined, { renderer: 'canvas' });
      chart.current = c;
      c.on('finished', () => readyRef.current?.(c));
      c.setOption({ aria: { enabled: true }, animation: false, ...option });
      observer = new ResizeObserver(() => c.resize());
      observer.observe(box.current);
    });
    return () => {
      disposed = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
    // The chart is created once; option changes are applied by the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    chart.current?.setOption({ aria: { enabled: true }, animation: false, ...option }, { notMerge: true });
  }, [option]);

  return <div ref={box} className={className} role="img" aria-label={ariaLabel} style={{ height, width: '100%' }} />;
}
