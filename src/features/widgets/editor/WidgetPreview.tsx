/**
 * The widget editor's live preview (spec 002 §2: "On wide screens, a right-hand live preview with a
 * desktop / tablet / phone switch (widths 1200, 992, 390)"; issue 15 architecture §2, §3).
 *
 * An iframe of `/widget-preview/current?type=carousel&embed=true` at the chosen device width
 * (`PREVIEW_WIDTHS`), scaled down to fit the column. The frame announces `{ action:
 * 'VIDBOT_PREVIEW_READY' }`; from then on the editor posts `{ action: 'SET_DATA', data:
 * CarouselConfig }` (exact target origin: the app's own) whenever the config changes. The config is
 * `POST /api/widget/{id}/preview-config` of the unsaved draft, asked 300 ms after the last edit
 * (spec 002 §9 debounce), keeping the previous one on screen meanwhile.
 */
import { useEffect, useRef, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { PREVIEW_WIDTHS, WIDGET_DEVICES, type CarouselConfig, type WidgetContent, type WidgetDevice } from '../../../../server/src/modules/widget/widget.schemas';
import { useDebouncedValue } from '../../../ui/useDebouncedValue';
import { fetchPreviewConfig, widgetEditorKeys } from './widgetEditor.api';

/** The preview page the frame shows (helper C's `/widget-preview/current`). */
export const PREVIEW_FRAME_SRC = '/widget-preview/current?type=carousel&embed=true';
/** The frame's height in CSS px before scaling. */
export const PREVIEW_FRAME_HEIGHT = 640;
/** Debounce of the preview config request after an edit, ms. */
export const PREVIEW_DEBOUNCE_MS = 300;

/** The scale that fits a frame `width` px wide into `available` px (never enlarged; 1 while unmeasured). */
export function previewScale(width: number, available: number): number {
  if (!(available > 0)) return 1;
  return Math.min(1, available / width);
}

/** True for the preview page's ready announcement from `frame` (same origin only). */
export function isPreviewReady(event: Pick<MessageEvent, 'data' | 'origin' | 'source'>, frame: Window | null | undefined, ownOrigin: string): boolean {
  const data = event.data as { action?: unknown } | null;
  return !!frame && event.source === frame && event.origin === ownOrigin && typeof data === 'object' && data !== null && data.action === 'VIDBOT_PREVIEW_READY';
}

export interface WidgetPreviewProps {
  widgetId: number;
  content: WidgetContent;
}

/** The preview column: device switch, scaled frame, status line. */
export function WidgetPreview({ widgetId, content }: WidgetPreviewProps) {
  const { t } = useLingui();
  const [device, setDevice] = useState<WidgetDevice>('desktop');
  const [ready, setReady] = useState(false);
  const [available, setAvailable] = useState(0);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const debounced = useDebouncedValue(content, PREVIEW_DEBOUNCE_MS);
  const latest = useRef<CarouselConfig | null>(null);
  const config = useQuery({
    queryKey: widgetEditorKeys.previewConfig(widgetId, debounced),
    queryFn: ({ signal }) => fetchPreviewConfig(widgetId, debounced, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

  // The frame's ready announcement (each one — e.g. after the frame reloaded — gets the current config again).
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (!isPreviewReady(event, frameRef.current?.contentWindow, window.location.origin)) return;
      setReady(true);
      if (latest.current) postConfig(frameRef.current, latest.current);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  // SET_DATA after the announcement and on every new config.
  useEffect(() => {
    latest.current = config.data ?? null;
    if (!ready || !config.data) return;
    postConfig(frameRef.current, config.data);
  }, [ready, config.data]);

  // Fit the device width into the column.
  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const measure = () => setAvailable(box.clientWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  const width = PREVIEW_WIDTHS[device];
  const scale = previewScale(width, available);
  const deviceLabel: Record<WidgetDevice, string> = { desktop: t`Desktop`, tablet: t`Tablet`, mobile: t`Phone` };
  const shownDevice = deviceLabel[device];

  return (
    <section className="widget-preview" aria-label={t`Live preview`}>
      <div className="widget-preview-bar">
        <h2>
          <Trans>Live preview</Trans>
        </h2>
        <div role="radiogroup" aria-label={t`Preview width`} className="widget-preview-devices">
          {WIDGET_DEVICES.slice()
            .reverse()
            .map((d) => (
              <label key={d} className={d === device ? 'button active' : 'button'}>
                <input type="radio" className="visually-hidden" name="widget-preview-device" value={d} checked={d === device} onChange={() => setDevice(d)} />
                {deviceLabel[d]} <span className="muted">({PREVIEW_WIDTHS[d]} px)</span>
              </label>
            ))}
        </div>
      </div>
      <div aria-live="polite" className="live-region">
        {config.isError && (
          <p className="alert alert-error">
            <Trans>The preview could not be updated.</Trans>
          </p>
        )}
      </div>
      <div ref={boxRef} className="widget-preview-box" style={{ height: Math.ceil(PREVIEW_FRAME_HEIGHT * scale) }}>
        <iframe
          ref={frameRef}
          src={PREVIEW_FRAME_SRC}
          title={t`Widget preview (${shownDevice})`}
          width={width}
          height={PREVIEW_FRAME_HEIGHT}
          data-device={device}
          style={{ transform: `scale(${scale})`, transformOrigin: 'top left' }}
        />
      </div>
    </section>
  );
}

function postConfig(frame: HTMLIFrameElement | null, data: CarouselConfig): void {
  frame?.contentWindow?.postMessage({ action: 'SET_DATA', data }, window.location.origin);
}
