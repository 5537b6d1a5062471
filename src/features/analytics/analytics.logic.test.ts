/**
 * Pure rules of the analytics page: metric formatting (spec 002 §9 HH:mm:ss, one-decimal %), the
 * notices by date (§8), the table columns by display fields / power-user mode / watermark feature
 * (§2, §3), who sees the settings gear and may download (§2, §6), and the settings form mapping.
 */
import { describe, expect, it } from 'vitest';
import { formatCount, formatDuration, formatRate } from './format';
import { analyticsNotices } from './notices';
import { botColumns, hasWatermarkFeature, sliderColumns } from './columns';
import { canDownloadAnalytics, canEditAnalyticsSettings } from './permissions';
import { settingsFormValues, settingsFromForm } from './settingsForm';

describe('metric formatting', () => {
  it('watched seconds as HH:mm:ss, hours not wrapped, rounded, never negative', () => {
    expect(formatDuration(0)).toBe('00:00:00');
    expect(formatDuration(59.6)).toBe('00:01:00');
    expect(formatDuration(3661)).toBe('01:01:01');
    expect(formatDuration(360_000)).toBe('100:00:00');
    expect(formatDuration(-5)).toBe('00:00:00');
    expect(formatDuration(Number.NaN)).toBe('00:00:00');
  });
  it('rates with one decimal as a percentage; null (denominator 0) is a dash', () => {
    expect(formatRate(12.5, 'en')).toBe('12.5%');
    expect(formatRate(0, 'en')).toBe('0.0%');
    expect(formatRate(100, 'en')).toBe('100.0%');
    expect(formatRate(null, 'en')).toBe('–');
    expect(formatRate(12.5, 'fi').replace(/\s/g, ' ')).toBe('12,5 %');
  });
  it('counts with the locale grouping', () => {
    expect(formatCount(1234567, 'en')).toBe('1,234,567');
  });
});

describe('notices by the range start (§8)', () => {
  it('none from 2024-09-04 on', () => {
    expect(analyticsNotices('2024-09-04')).toEqual([]);
    expect(analyticsNotices('2026-01-01')).toEqual([]);
  });
  it('CTR and engagement from the day before 2024-09-04', () => {
    expect(analyticsNotices('2024-09-03')).toEqual(['ctrEngagementChanged']);
    expect(analyticsNotices('2023-07-20')).toEqual(['ctrEngagementChanged']);
  });
  it('actions warning before 2023-07-20; CTR banner before 2023-07-03', () => {
    expect(analyticsNotices('2023-07-19')).toEqual(['ctrEngagementChanged', 'actionsIncomplete']);
    expect(analyticsNotices('2023-07-03')).toEqual(['ctrEngagementChanged', 'actionsIncomplete']);
    expect(analyticsNotices('2023-07-02')).toEqual(['ctrChanged', 'ctrEngagementChanged', 'actionsIncomplete']);
  });
});

describe('table columns', () => {
  const none = { email: false, cta: false, watermark_clicked: false };
  it('basic row without display fields or power-user mode', () => {
    expect(botColumns({ displayFields: none, power: false, watermarkFeature: true })).toEqual([
      'bot',
      'liveStatus',
      'session',
      'opened',
      'ctr',
      'engaged',
      'engagementRate',
      'watched',
      'iframeViewed',
    ]);
    expect(botColumns({ displayFields: undefined, power: false, watermarkFeature: false })).not.toContain('author');
  });
  it('display fields add the author e-mail, CTA (+ rate) and watermark clicks (with the watermark feature only)', () => {
    const all = { email: true, cta: true, watermark_clicked: true };
    const cols = botColumns({ displayFields: all, power: false, watermarkFeature: true });
    expect(cols).toEqual(expect.arrayContaining(['author', 'cta', 'ctaRate', 'watermarkClicked']));
    expect(cols.indexOf('author')).toBe(cols.indexOf('bot') + 1);
    expect(botColumns({ displayFields: all, power: false, watermarkFeature: false })).not.toContain('watermarkClicked');
  });
  it('power-user mode adds ids, watermark and likes', () => {
    const cols = botColumns({ displayFields: none, power: true, watermarkFeature: true });
    expect(cols.slice(0, 3)).toEqual(['id', 'publicId', 'bot']);
    expect(cols.slice(-2)).toEqual(['watermarkClicked', 'liked']);
    expect(sliderColumns({ displayFields: none, power: true })).toEqual(expect.arrayContaining(['sliderId', 'liked']));
    expect(sliderColumns({ displayFields: none, power: false })).not.toContain('sliderId');
  });
  it('the watermark feature is hide_watermark of any flag type', () => {
    expect(hasWatermarkFeature(['dashboard:hide_watermark'])).toBe(true);
    expect(hasWatermarkFeature(['embed:hide_watermark'])).toBe(true);
    expect(hasWatermarkFeature(['dashboard:likes'])).toBe(false);
    expect(hasWatermarkFeature(undefined)).toBe(false);
  });
});

describe('permissions (§2 gear, §6 downloads)', () => {
  const viewer = { id: 1, isSuperuser: false, isCustomerSuccess: false, isReseller: false };
  it('the settings gear: Owner and superuser only', () => {
    expect(canEditAnalyticsSettings(viewer, 'Owner')).toBe(true);
    expect(canEditAnalyticsSettings({ ...viewer, isSuperuser: true }, null)).toBe(true);
    for (const role of ['Admin', 'Editor', 'Viewer', 'Reseller', null] as const) expect(canEditAnalyticsSettings(viewer, role), String(role)).toBe(false);
    expect(canEditAnalyticsSettings({ ...viewer, isCustomerSuccess: true }, 'Admin')).toBe(false);
    expect(canEditAnalyticsSettings(undefined, 'Admin')).toBe(false);
  });
  it('downloads: everyone but Editor and Viewer', () => {
    expect(canDownloadAnalytics('Editor')).toBe(false);
    expect(canDownloadAnalytics('Viewer')).toBe(false);
    for (const role of ['Owner', 'Admin', 'Reseller', null] as const) expect(canDownloadAnalytics(role)).toBe(true);
  });
});

describe('settings form', () => {
  it('null channel is "all" in the form and back; display fields round-trip', () => {
    const stored = { analyticsDefaultChannel: null, analyticsDisplayFields: { email: true, cta: false, watermark_clicked: true } };
    const values = settingsFormValues(stored);
    expect(values.defaultChannel).toBe('all');
    expect(settingsFromForm(values)).toEqual(stored);
    expect(settingsFromForm({ ...values, defaultChannel: 'slider' }).analyticsDefaultChannel).toBe('slider');
    expect(settingsFormValues(undefined)).toEqual({ defaultChannel: 'all', fields: { email: false, cta: false, watermark_clicked: false } });
  });
});
