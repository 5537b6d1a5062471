/**
 * The share tab's widget preview (spec 002 §2: SET_DATA, VIDBOT_PREVIEW_READY, loop limit 1000):
 * settings over the defaults, refused when they fail the schema, media and frame taken from the
 * published widget unless the message gives them.
 */
import { describe, expect, it } from 'vitest';
import { defaultBotSettings } from '../../server/src/modules/bot/content.rules';
import type { WidgetShown } from '../../server/src/modules/share/widget.schemas';
import { bubbleSettings, bubbleVars } from '../../server/src/modules/share/widget.view';
import { BUBBLE_CSS } from './styles';

const el = document.createElement('script');
el.type = 'application/json';
el.id = 'vidbot-widget-data';
el.textContent = '{"config":null,"allow":[]}';
document.body.appendChild(el);
const { previewConfig, PREVIEW_LOOP_LIMIT } = await import('./preview');

const V = 'https://vidbot.example';
const settings = bubbleSettings(defaultBotSettings().widgetSettings, () => false);
const base: WidgetShown = {
  show: true,
  publicId: 'abc123',
  name: 'Stored',
  lang: 'en',
  frameUrl: `${V}/e/abc123?channel=widget&lang=en`,
  chatVideoUrl: `${V}/files/v.mp4`,
  posterUrl: `${V}/files/p.jpg`,
  settings,
  vars: bubbleVars(settings),
  css: BUBBLE_CSS,
  customCss: null,
};

describe('previewConfig', () => {
  it('draws the sent settings over the defaults, every gated option as set, media from the published widget', () => {
    const c = previewConfig(base, { widgetSettings: { align: 'top_left', text: 'Hello', closeButtonEnabled: true, hideOnScroll: 'both' } }, V)!;
    expect(c.settings).toMatchObject({ align: 'top_left', text: 'Hello', closeButtonEnabled: true, hideOnScroll: 'both', width: 100 });
    expect(c.vars['--vb-t']).toBe('0px');
    expect(c).toMatchObject({ publicId: 'abc123', name: 'Stored', chatVideoUrl: `${V}/files/v.mp4`, frameUrl: base.frameUrl });
  });

  it('takes media, name and id from the message; works without a published widget', () => {
    const c = previewConfig(null, { widgetSettings: { language: 'fi' }, chatVideoUrl: '/files/new.mp4', posterUrl: null, name: 'Draft', publicId: 'xyz' }, V)!;
    expect(c).toMatchObject({ publicId: 'xyz', name: 'Draft', lang: 'fi', chatVideoUrl: '/files/new.mp4', posterUrl: null, frameUrl: `${V}/e/xyz?channel=widget&lang=fi` });
  });

  it('refuses settings that fail the WidgetSettings schema', () => {
    expect(previewConfig(base, { widgetSettings: { width: -1 } }, V)).toBeUndefined();
    expect(previewConfig(base, { widgetSettings: { align: 'middle' } }, V)).toBeUndefined();
  });

  it('loops 1000 times in the preview', () => {
    expect(PREVIEW_LOOP_LIMIT).toBe(1000);
  });
});
