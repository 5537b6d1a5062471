/**
 * The live preview's pure parts (spec 002 §2 preview widths; issue 15 architecture §3 messages): the
 * scale that fits a device width into the column, and which window message counts as the preview
 * page's ready announcement (only its own frame, only the app's origin, only VIDBOT_PREVIEW_READY).
 */
import { describe, expect, it } from 'vitest';
import { PREVIEW_WIDTHS } from '../../../../server/src/modules/widget/widget.schemas';
import { isPreviewReady, previewScale } from './WidgetPreview';

describe('previewScale', () => {
  it('shrinks a wider frame to the column and never enlarges; 1 while unmeasured', () => {
    expect(previewScale(PREVIEW_WIDTHS.desktop, 600)).toBe(0.5);
    expect(previewScale(PREVIEW_WIDTHS.mobile, 600)).toBe(1);
    expect(previewScale(PREVIEW_WIDTHS.tablet, 0)).toBe(1);
  });
});

describe('isPreviewReady', () => {
  const frame = {} as Window;
  const own = 'https://app.example';
  it('accepts the announcement of its own frame from the own origin', () => {
    expect(isPreviewReady({ data: { action: 'VIDBOT_PREVIEW_READY' }, origin: own, source: frame }, frame, own)).toBe(true);
  });
  it('refuses another window, another origin, another message, or no frame', () => {
    expect(isPreviewReady({ data: { action: 'VIDBOT_PREVIEW_READY' }, origin: own, source: {} as Window }, frame, own)).toBe(false);
    expect(isPreviewReady({ data: { action: 'VIDBOT_PREVIEW_READY' }, origin: 'https://evil.example', source: frame }, frame, own)).toBe(false);
    expect(isPreviewReady({ data: { action: 'SET_DATA' }, origin: own, source: frame }, frame, own)).toBe(false);
    expect(isPreviewReady({ data: 'VIDBOT_PREVIEW_READY', origin: own, source: frame }, frame, own)).toBe(false);
    expect(isPreviewReady({ data: { action: 'VIDBOT_PREVIEW_READY' }, origin: own, source: frame }, null, own)).toBe(false);
  });
});
