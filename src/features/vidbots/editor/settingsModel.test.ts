import { describe, expect, it } from 'vitest';
import { defaultBotSettings } from '../../../../server/src/modules/bot/content.rules';
import { contrastOf } from './contrast';
import {
  contrastRating,
  parseNumber,
  parseOptionalNumber,
  settingsFormIssues,
  themeValues,
  type SettingsFormValues,
  type SlideInfo,
} from './settingsModel';

const values = (patch: (v: SettingsFormValues) => void = () => {}): SettingsFormValues => {
  const v: SettingsFormValues = { theme: themeValues({}), settings: defaultBotSettings() };
  patch(v);
  return v;
};
const ids = (issues: Record<string, { id?: string; message?: string }>) => Object.fromEntries(Object.entries(issues).map(([k, m]) => [k, m.message ?? m.id]));
const slides: SlideInfo[] = [
  { id: 1, name: 'Intro', category: 'INTRO', type: 'VIDEO', duration: 12.5 },
  { id: 2, name: 'Picture', category: 'SLIDE', type: 'IMAGE', duration: null },
  { id: 3, name: 'Second', category: 'SLIDE', type: 'VIDEO', duration: 4 },
];

describe('contrast rating (spec 001 §9: 7 AAA, 4.5 AA, 3 low)', () => {
  it('rates at and around each threshold', () => {
    expect(contrastRating(21)).toBe('AAA');
    expect(contrastRating(7)).toBe('AAA');
    expect(contrastRating(6.99)).toBe('AA');
    expect(contrastRating(4.5)).toBe('AA');
    expect(contrastRating(4.49)).toBe('low');
    expect(contrastRating(3)).toBe('low');
    expect(contrastRating(2.99)).toBe('fail');
    expect(contrastRating(1)).toBe('fail');
  });

  it('computes the WCAG ratio of real colour pairs', () => {
    expect(contrastOf('#000000', '#FFFFFF')).toEqual({ ratio: 21, rating: 'AAA' });
    expect(contrastOf('#fff', '#fff')).toEqual({ ratio: 1, rating: 'fail' });
    // #767676 on white is the classic 4.54:1 AA pair; #351DDA (brand) on white is AAA.
    expect(contrastOf('#767676', '#FFFFFF')).toEqual({ ratio: 4.54, rating: 'AA' });
    expect(contrastOf('#949494', '#FFFFFF')).toEqual({ ratio: 3.03, rating: 'low' });
    expect(contrastOf('#351DDA', '#FFFFFF')?.rating).toBe('AAA');
  });

  it('has nothing to rate while a colour is not hex', () => {
    expect(contrastOf('blue', '#FFFFFF')).toBeNull();
    expect(contrastOf('#FFFFFF', '')).toBeNull();
    expect(contrastOf(null, '#000')).toBeNull();
  });
});

describe('number fields (spec 001 §5)', () => {
  it('delayButtons: empty becomes null, numbers parse (comma decimals too)', () => {
    expect(parseOptionalNumber('')).toBeNull();
    expect(parseOptionalNumber('  ')).toBeNull();
    expect(parseOptionalNumber('3')).toBe(3);
    expect(parseOptionalNumber('2,5')).toBe(2.5);
    expect(parseOptionalNumber('abc')).toBeNaN();
  });
  it('a required number left empty is NaN (refused with a message, not silently 0)', () => {
    expect(parseNumber('')).toBeNaN();
    expect(parseNumber('650')).toBe(650);
  });
});

describe('themeValues', () => {
  it('fills the player fallbacks and keeps other stored keys', () => {
    expect(themeValues({ styles: { a: 1 } })).toEqual({
      styles: { a: 1 },
      textColor: '#1B1B1F',
      backgroundColor: '#FFFFFF',
      isGradientEnabled: false,
      isArrowButtonEnabled: false,
      backButtonIntro: false,
      delayButtons: null,
      stylesRaw: null,
    });
    expect(themeValues({ textColor: '#000', delayButtons: 2 })).toMatchObject({ textColor: '#000', delayButtons: 2 });
  });
});

describe('settingsFormIssues (the server schemas plus the editor-only §5 rules)', () => {
  it('has nothing to say about the §9 defaults', () => {
    expect(settingsFormIssues(values(), slides)).toEqual({});
  });

  it('maps schema issues to form field paths with the editor messages', () => {
    const issues = settingsFormIssues(
      values((v) => {
        v.settings.widgetSettings.height = Number.NaN;
        v.settings.widgetSettings.coverOffset = -1;
        v.settings.widgetSettings.borderColor = 'blue';
        v.settings.widgetSettings.loopLimit = 1.5;
        v.settings.urlMaps = [
          { matchType: 'exact', url: 'ftp://x.example', botId: 4 },
          { matchType: 'exact', url: 'https://ok.example/a', botId: null as unknown as number },
        ];
        v.theme.delayButtons = -2;
      }),
      slides,
    );
    expect(ids(issues)).toEqual({
      'settings.widgetSettings.height': 'Must be a number.',
      'settings.widgetSettings.coverOffset': 'Must be at least {min}.',
      'settings.widgetSettings.borderColor': 'Must be a hex colour such as #351DDA.',
      'settings.widgetSettings.loopLimit': 'Must be a whole number.',
      'settings.urlMaps[0].url': 'Must be a full http:// or https:// URL.',
      'settings.urlMaps[1].botId': 'Choose a vidbot.',
      'theme.delayButtons': 'Must be at least {min}.',
    });
    expect(issues['settings.widgetSettings.coverOffset']?.values).toEqual({ min: '0' });
  });

  it('requires the text and background colours as hex (§5)', () => {
    const issues = settingsFormIssues(
      values((v) => {
        v.theme.textColor = '';
        v.theme.backgroundColor = 'white';
      }),
      slides,
    );
    expect(ids(issues)).toEqual({ 'theme.textColor': 'Required.', 'theme.backgroundColor': 'Must be a hex colour such as #351DDA.' });
  });

  it('keeps a thumbnail time within its slide (the intro when none is chosen)', () => {
    const ok = values((v) => {
      v.settings.widgetSettings.thumbnail.time = 12.5;
      v.settings.iframeSettings.thumbnail = { thumbnailType: 'frame', slide: 3, time: 4 };
      v.settings.adSettings.thumbnail = { slide: 2, time: 99 }; // an image: no duration to check
    });
    expect(settingsFormIssues(ok, slides)).toEqual({});
    const bad = values((v) => {
      v.settings.widgetSettings.thumbnail.time = 13;
      v.settings.iframeSettings.thumbnail = { thumbnailType: 'frame', slide: 3, time: 4.5 };
      v.settings.linkSettings.thumbnail = { thumbnailType: 'frame', slide: 3, time: -1 };
    });
    const issues = settingsFormIssues(bad, slides);
    expect(ids(issues)).toEqual({
      'settings.widgetSettings.thumbnail.time': "At most the slide's length, {max} s.",
      'settings.iframeSettings.thumbnail.time': "At most the slide's length, {max} s.",
      'settings.linkSettings.thumbnail.time': 'Must be at least {min}.',
    });
    expect(issues['settings.widgetSettings.thumbnail.time']?.values).toEqual({ max: '12.5' });
  });
});
