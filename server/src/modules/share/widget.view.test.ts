/**
 * Pure widget rules (issue 12 "URL maps … exact, prefix, wildcard, regex in priority order", widget
 * settings; spec 001 §3, §6, §9): matching, priority, the scheduler window, gates and CSS properties.
 */
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { defaultBotSettings, UrlMap, urlPatternIssue, type UrlMatchType } from '../bot/content.rules';
import { bubbleSettings, bubbleVars, inSchedule, matchUrlMap, urlMapMatches, wildcardMatch } from './widget.view';

const map = (matchType: UrlMatchType, url: string, botId = 1) => ({ matchType, url, botId });

describe('urlMapMatches', () => {
  it.each([
    ['exact', 'https://shop.example/pricing', 'https://shop.example/pricing', true],
    ['exact', 'https://shop.example/pricing', 'https://shop.example/pricing/', true],
    ['exact', 'https://shop.example/pricing', 'https://shop.example/pricing#plans', true],
    ['exact', 'https://shop.example/pricing', 'https://shop.example/pricing?x=1', false],
    ['exact', 'https://shop.example/pricing', 'https://shop.example/pricing/eu', false],
    ['exact', 'https://shop.example/pricing', 'http://shop.example/pricing', false],
    ['prefix', 'https://shop.example/blog/', 'https://shop.example/blog/post-1', true],
    ['prefix', 'https://shop.example/blog/', 'https://shop.example/blog', false],
    ['prefix', 'https://shop.example/blog/', 'https://other.example/blog/post', false],
    ['wildcard', 'https://*.example.org/*/help', 'https://fi.example.org/products/help', true],
    ['wildcard', 'https://*.example.org/*/help', 'https://fi.example.org/products/help/more', false],
    ['wildcard', 'https://*.example.org/*/help', 'https://example.org/x/help', false],
    ['wildcard', 'https://shop.example/a.b*', 'https://shop.example/aXb', false],
    ['regex', '^https://docs\\.example\\.net/v\\d+/', 'https://docs.example.net/v12/intro', true],
    ['regex', '^https://docs\\.example\\.net/v\\d+/', 'https://docs.example.net/latest/intro', false],
    ['regex', '([', 'https://x.example/', false],
  ] as const)('%s %s vs %s → %s', (type, pattern, page, expected) => {
    expect(urlMapMatches(map(type, pattern), page)).toBe(expected);
  });

  it('reads a map without matchType as exact', () => {
    expect(urlMapMatches({ url: 'https://a.example/x' }, 'https://a.example/x/')).toBe(true);
    expect(urlMapMatches({ url: 'https://a.example/x' }, 'https://a.example/x/y')).toBe(false);
  });

  it('takes everything but * in wildcards literally', () => {
    expect(wildcardMatch('https://a.example/?q=(1)*', 'https://a.example/?q=(1)zz')).toBe(true);
    expect(wildcardMatch('https://a.example/?q=(1)*', 'https://a.example/q=1')).toBe(false);
    expect(wildcardMatch('*', '')).toBe(true);
    expect(wildcardMatch('a*b*c', 'aXXbYYc')).toBe(true);
    expect(wildcardMatch('a*b*c', 'aXXcYYb')).toBe(false);
    expect(wildcardMatch('a**', 'a')).toBe(true);
  });

  it('matches a hostile wildcard against a long URL without backtracking blow-up (a regex would hang here)', () => {
    expect(wildcardMatch(`https://${'*a'.repeat(20)}*b`, `https://${'a'.repeat(2000)}`)).toBe(false);
    expect(wildcardMatch(`https://${'*a'.repeat(20)}*`, `https://${'a'.repeat(2000)}`)).toBe(true);
  });
});

describe('matchUrlMap priority', () => {
  const maps = [
    map('regex', 'shop', 5),
    map('wildcard', 'https://shop.example/*', 4),
    map('prefix', 'https://shop.example/', 3),
    map('prefix', 'https://shop.example/pri', 6),
    map('exact', 'https://shop.example/pricing', 2),
  ];
  it('tries exact, then prefix, then wildcard, then regex; the first of a type in table order', () => {
    expect(matchUrlMap(maps, 'https://shop.example/pricing')?.botId).toBe(2);
    expect(matchUrlMap(maps, 'https://shop.example/prices')?.botId).toBe(3);
    expect(matchUrlMap(maps.filter((m) => m.matchType !== 'prefix'), 'https://shop.example/prices')?.botId).toBe(4);
    expect(matchUrlMap(maps, 'https://workshop.example/')?.botId).toBe(5);
    expect(matchUrlMap(maps, 'https://other.example/')).toBeUndefined();
  });
});

describe('UrlMap validation by match type', () => {
  it.each([
    ['exact', 'https://a.example/x', undefined],
    ['exact', 'shop', 'Must be a full http:// or https:// URL.'],
    ['prefix', 'ftp://a.example/', 'Must be a full http:// or https:// URL.'],
    ['wildcard', 'https://*.example.org/*', undefined],
    ['wildcard', '*.example.org', 'Must be a full http:// or https:// URL.'],
    ['regex', '^https://a\\.example/(en|fi)/', undefined],
    ['regex', '([', 'Must be a valid regular expression.'],
    ['regex', '^(a+)+$', 'Nested repetition such as (a+)+ is not allowed.'],
    ['regex', '(x{2,})*', 'Nested repetition such as (a+)+ is not allowed.'],
    ['regex', '.*a.*a.*a.*b', 'At most 3 open-ended repetitions (such as * or +) are allowed.'],
    ['regex', '^https://a\\.example/\\*/x+/y{2,}/z*', undefined],
  ] as const)('%s %s → %s', (type, url, issue) => {
    expect(urlPatternIssue(type, url)).toBe(issue);
    const parsed = v.safeParse(UrlMap, { matchType: type, url, botId: 3 });
    expect(parsed.success).toBe(issue === undefined);
    if (!parsed.success) expect(parsed.issues[0]?.message).toBe(issue);
  });

  it('defaults matchType to exact and refuses unknown types', () => {
    expect(v.parse(UrlMap, { url: 'https://a.example/', botId: 1 })).toEqual({ matchType: 'exact', url: 'https://a.example/', botId: 1 });
    expect(v.safeParse(UrlMap, { matchType: 'glob', url: 'https://a.example/', botId: 1 }).success).toBe(false);
  });
});

describe('inSchedule (server time)', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  it.each([
    [{ enabled: false, startTime: '2030-01-01T00:00:00Z', endTime: null }, true],
    [{ enabled: true, startTime: null, endTime: null }, true],
    [{ enabled: true, startTime: '2026-06-01T12:00:00Z', endTime: '2026-06-02T00:00:00Z' }, true],
    [{ enabled: true, startTime: '2026-06-01T12:00:01Z', endTime: null }, false],
    [{ enabled: true, startTime: null, endTime: '2026-06-01T12:00:00Z' }, false],
    [{ enabled: true, startTime: '2026-05-01T00:00:00Z', endTime: '2026-05-31T00:00:00Z' }, false],
    [{ enabled: true, startTime: 'not a date', endTime: null }, true],
  ])('%j → %s', (s, expected) => {
    expect(inSchedule(s, now)).toBe(expected);
  });
});

describe('bubbleSettings and bubbleVars', () => {
  const ws = { ...defaultBotSettings().widgetSettings, hideOnScroll: 'both' as const, closeButtonEnabled: true };
  it('applies the feature gates of hide_widget_on_scroll and close_button', () => {
    expect(bubbleSettings(ws, () => true)).toMatchObject({ hideOnScroll: 'both', closeButtonEnabled: true });
    expect(bubbleSettings(ws, () => false)).toMatchObject({ hideOnScroll: 'none', closeButtonEnabled: false });
  });

  it('places the bubble in its corner with the offsets, sizes it, and crops the video', () => {
    const s = bubbleSettings({ ...ws, align: 'top_left', verticalOffset: 20, horizontalOffset: 30, width: 120, height: 160, chatVideoCrop: { x: 40, y: 60, scale: 1.5 } }, () => true);
    expect(bubbleVars(s)).toMatchObject({
      '--vb-t': '20px',
      '--vb-b': 'auto',
      '--vb-l': '30px',
      '--vb-r': 'auto',
      '--vb-fd': 'column-reverse',
      '--vb-ai': 'flex-start',
      '--vb-w': '120px',
      '--vb-h': '160px',
      '--vb-rad': '16px',
      '--vb-x': '40%',
      '--vb-y': '60%',
      '--vb-s': '1.5',
      '--vb-bc': '#351DDA',
    });
    const d = bubbleVars(bubbleSettings(defaultBotSettings().widgetSettings, () => true));
    expect(d).toMatchObject({ '--vb-b': '0px', '--vb-r': '0px', '--vb-t': 'auto', '--vb-fd': 'column', '--vb-rad': '50%', '--vb-x': '50%', '--vb-s': '1' });
  });

  it('makes the bubble landscape (40/21) in horizontal mode, separately on mobile', () => {
    const s = bubbleSettings({ ...ws, width: 100, height: 105, horizontalMode: true, horizontalModeMobile: false }, () => true);
    expect(bubbleVars(s)).toMatchObject({ '--vb-w': '200px', '--vb-h': '105px', '--vb-mw': '100px', '--vb-mh': '105px' });
  });
});
