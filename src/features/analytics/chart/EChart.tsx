/**
 * One ECharts chart (issue 13 "Screens"): loads echarts.setup.ts lazily, sizes to its box (height in
 * CSS px, width 100 %, follows resizes), redraws when `option` changes and disposes on unmount.
 * Accessible: the box is `role="img"` with `ariaLabel`. ECharts' aria module writes the box's
 * `aria-label` itself; its generated description is English or Chinese only, so it is given
 * `ariaLabel` (translated) as the description instead; screens put the numbers in a table next to it.
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

/** ECharts' aria option: on, with the screen's (translated) label as the description. */
function ariaOf(label: string) {
  return { enabled: true, label: { description: label } };
}

export function EChart({ option, height, ariaLabel, onReady, className }: EChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const readyRef = useRef(onReady);
  readyRef.current = onReady;
  const labelRef = useRef(ariaLabel);
  labelRef.current = ariaLabel;
  // The latest option: one that changes while ECharts is still loading is the one drawn first.
  const optionRef = useRef(option);
  optionRef.current = option;

  useEffect(() => {
    let disposed = false;
    let observer: ResizeObserver | null = null;
    void import('./echarts.setup').then(({ echarts }) => {
      if (disposed || !box.current) return;
      const c = echarts.init(box.current, undefined, { renderer: 'canvas' });
      chart.current = c;
      c.on('finished', () => readyRef.current?.(c));
      c.setOption({ aria: ariaOf(labelRef.current), animation: false, ...optionRef.current });
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
    chart.current?.setOption({ aria: ariaOf(ariaLabel), animation: false, ...option }, { notMerge: true });
  }, [option, ariaLabel]);

  return <div ref={box} className={className} role="img" aria-label={ariaLabel} style={{ height, width: '100%' }} />;
}
