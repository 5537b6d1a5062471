/** share.logic.ts (spec 001 §2 share tabs, §4 "Share code", §6 feature gates, §8 share warnings). */
import { describe, expect, it } from 'vitest';
import { AD_PACKAGE_PLATFORMS, cappedFrameSize, shareAvailability, shareOrigin, showLiveStatus, usesSyncWidget, visibleShareTabs } from './share.logic';

const intro = [{ category: 'INTRO' }, { category: 'SLIDE' }];
const published = { status: 'Published' as const, slides: intro, widgetVideoId: 7, submitting: false };

describe('visibleShareTabs', () => {
  it('shows widget, iframe and link; display ads only with vidbot_as_ads (of either flag type)', () => {
    expect(visibleShareTabs(new Set())).toEqual(['widget', 'iframe', 'link']);
    expect(visibleShareTabs(new Set(['vidbot_as_ads']))).toEqual(['widget', 'iframe', 'link', 'display-ads']);
    expect(visibleShareTabs(new Set(['dashboard:vidbot_as_ads']))).toContain('display-ads');
    expect(visibleShareTabs(new Set(['url_map']))).not.toContain('display-ads');
  });
  it('uses the sync widget only with widget_sync', () => {
    expect(usesSyncWidget(new Set())).toBe(false);
    expect(usesSyncWidget(new Set(['embed:widget_sync']))).toBe(true);
  });
});

describe('shareAvailability (spec 001 §4)', () => {
  it('shows and enables the code for a Published bot with an intro slide (and a widget video for the widget)', () => {
    for (const tab of ['widget', 'iframe', 'link', 'display-ads'] as const) {
      expect(shareAvailability(tab, published)).toEqual({ showCode: true, canCopy: true, warnings: [] });
    }
  });
  it('shows no code for a Draft or Deactivated bot', () => {
    expect(shareAvailability('iframe', { ...published, status: 'Draft' })).toEqual({ showCode: false, canCopy: false, warnings: ['notPublished'] });
    expect(shareAvailability('link', { ...published, status: 'Deactivated' }).warnings).toEqual(['notPublished']);
  });
  it('warns that there are no slides without an INTRO slide', () => {
    expect(shareAvailability('iframe', { ...published, slides: [{ category: 'SLIDE' }] }).warnings).toEqual(['noSlides']);
    expect(shareAvailability('link', { ...published, slides: [] }).showCode).toBe(false);
  });
  it('needs a widget video for the widget only', () => {
    expect(shareAvailability('widget', { ...published, widgetVideoId: null })).toEqual({ showCode: false, canCopy: false, warnings: ['noWidgetVideo'] });
    expect(shareAvailability('iframe', { ...published, widgetVideoId: null }).showCode).toBe(true);
  });
  it('lists every warning that applies, in order', () => {
    expect(shareAvailability('widget', { status: 'Draft', slides: [], widgetVideoId: undefined, submitting: false }).warnings).toEqual(['notPublished', 'noSlides', 'noWidgetVideo']);
  });
  it('keeps the code shown but disables copying while submitting', () => {
    expect(shareAvailability('widget', { ...published, submitting: true })).toEqual({ showCode: true, canCopy: false, warnings: [] });
  });
  it('shows live status only for Published bots', () => {
    expect(showLiveStatus('Published')).toBe(true);
    expect(showLiveStatus('Draft')).toBe(false);
    expect(showLiveStatus('Deactivated')).toBe(false);
  });
});

describe('cappedFrameSize', () => {
  it('keeps a size that fits', () => {
    expect(cappedFrameSize({ width: 650, height: 340 }, 800)).toEqual({ width: 650, height: 340, scaled: false });
  });
  it('scales a wider frame down to the panel, keeping the aspect ratio', () => {
    expect(cappedFrameSize({ width: 1000, height: 500 }, 600)).toEqual({ width: 600, height: 300, scaled: true });
  });
  it('keeps the size until the panel is measured', () => {
    expect(cappedFrameSize({ width: 1000, height: 500 }, 0)).toEqual({ width: 1000, height: 500, scaled: false });
  });
});

describe('shareOrigin', () => {
  it("prefers the server's public URL, without trailing slashes, else the page's origin", () => {
    expect(shareOrigin('https://v.example.com/', 'http://localhost:5173')).toBe('https://v.example.com');
    expect(shareOrigin(undefined, 'http://localhost:5173')).toBe('http://localhost:5173');
    expect(shareOrigin('not a url', 'http://localhost:5173')).toBe('http://localhost:5173');
  });
});

describe('AD_PACKAGE_PLATFORMS', () => {
  it('offers every settings platform and Google Ad Manager, once each', () => {
    expect(AD_PACKAGE_PLATFORMS).toEqual(expect.arrayContaining(['gam', 'dv360', 'xandr', 'adform', 'custom']));
    expect(new Set(AD_PACKAGE_PLATFORMS).size).toBe(AD_PACKAGE_PLATFORMS.length);
  });
});
