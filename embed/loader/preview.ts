/**
 * The share tab's live widget preview (spec 002 §2 "Widget preview … SET_DATA and
 * {product}_PREVIEW_READY … mobile breakpoint 768; loop limit 1000"; issue 12 architecture §8 loader),
 * the script of `/widget-preview/{publicId}` (server/src/modules/share/widget.routes.ts), built to
 * dist/embed/widget-preview.js.
 *
 * The page carries `#vidbot-widget-data` = `{ config: WidgetConfig | null, allow: string[] }` (the
 * published widget of the bot, and the dashboard origins allowed to talk to the preview). It renders
 * that bubble (loop limit 1000), announces `{ action: 'VIDBOT_PREVIEW_READY' }` to its parent (exact
 * origins, never '*'), and re-renders on each
 * `{ action: 'SET_DATA', data: { widgetSettings, chatVideoUrl?, posterUrl?, name?, publicId? } }`
 * from the parent window at an allowed origin: `widgetSettings` (complete or partial) goes over the
 * defaults, must pass the WidgetSettings schema (else the message is ignored), and every feature-gated
 * option is shown as set (the dashboard only offers what the account has).
 */
import * as v from 'valibot';
import { defaultBotSettings, WidgetSettings } from '../../server/src/modules/bot/content.rules';
import type { WidgetConfig, WidgetShown } from '../../server/src/modules/share/widget.schemas';
import { bubbleSettings, bubbleVars } from '../../server/src/modules/share/widget.view';
import { announcePreviewReady, isAllowedOrigin } from '../../src/features/preview/previewMessages';
import { mountBubble, type Bubble } from './bubble';
import { BUBBLE_CSS } from './styles';

/** Loop limit of the preview bubble (spec 002 §2). */
export const PREVIEW_LOOP_LIMIT = 1000;

const SetData = v.object({
  action: v.literal('SET_DATA'),
  data: v.object({
    widgetSettings: v.record(v.string(), v.unknown()),
    chatVideoUrl: v.optional(v.nullable(v.string())),
    posterUrl: v.optional(v.nullable(v.string())),
    name: v.optional(v.string()),
    publicId: v.optional(v.string()),
  }),
});

/**
 * The bubble config for SET_DATA `data` over the page's published config `base` (null for
 * `/widget-preview/current`). Undefined when the settings do not pass the schema.
 */
export function previewConfig(base: WidgetConfig | null, data: v.InferOutput<typeof SetData>['data'], origin: string): WidgetShown | undefined {
  const parsed = v.safeParse(WidgetSettings, { ...defaultBotSettings().widgetSettings, ...data.widgetSettings });
  if (!parsed.success) return undefined;
  const shown = base?.show ? base : undefined;
  const settings = bubbleSettings(parsed.output, () => true);
  const publicId = data.publicId ?? shown?.publicId ?? 'current';
  return {
    show: true,
    publicId,
    name: data.name ?? shown?.name ?? 'Vidbot',
    lang: parsed.output.language,
    frameUrl: shown?.frameUrl ?? `${origin}/e/${encodeURIComponent(publicId)}?channel=widget&lang=${parsed.output.language}`,
    chatVideoUrl: data.chatVideoUrl !== undefined ? data.chatVideoUrl : (shown?.chatVideoUrl ?? null),
    posterUrl: data.posterUrl !== undefined ? data.posterUrl : (shown?.posterUrl ?? null),
    settings,
    vars: bubbleVars(settings),
    css: BUBBLE_CSS,
    customCss: shown?.customCss ?? null,
  };
}

/** Starts the preview on this page (reads `#vidbot-widget-data`). */
export function startWidgetPreview(win: Window = window): void {
  const el = win.document.getElementById('vidbot-widget-data');
  const page = JSON.parse(el?.textContent || '{}') as { config?: WidgetConfig | null; allow?: string[] };
  const base = page.config ?? null;
  const allow = [win.location.origin, ...(page.allow ?? [])];
  let bubble: Bubble | undefined;
  const show = (c: WidgetShown) => {
    bubble?.remove();
    bubble = mountBubble(c, win.location.origin, () => undefined, () => ({}), PREVIEW_LOOP_LIMIT);
  };
  if (base?.show) show(base);
  win.addEventListener('message', (e) => {
    if (!isAllowedOrigin(e.origin, allow) || (e.source !== win.parent && e.source !== win.opener)) return;
    const msg = v.safeParse(SetData, e.data);
    if (!msg.success) return;
    const c = previewConfig(base, msg.output.data, win.location.origin);
    if (c) show(c);
  });
  announcePreviewReady(win, allow);
}

startWidgetPreview();
