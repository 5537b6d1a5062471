/**
 * Fixtures of the analytics export (tests of the chart, the CSV / XLSX / PDF builders and the print
 * view): a report as `GET /analytics/report` answers it (server analytics.schemas.ts AnalyticsReport).
 */
import type { AnalyticsReport, ExportRequest } from './export.actors';

const counters = (over: Partial<AnalyticsReport['rows'][number]> = {}) => ({
  session: 120,
  opened: 30,
  engaged: 12,
  cta: 6,
  watched: 754,
  iframeViewed: 10,
  widgetViewed: 90,
  directIntroViewed: 5,
  iframeIntroViewed: 4,
  widgetIntroViewed: 60,
  sliderIntroViewed: 0,
  sliderSession: 0,
  sliderPlayed: 0,
  introActions: 3,
  contacted: 2,
  formSubmitted: 1,
  watermarkClicked: 4,
  liked: 7,
  impressions: 0,
  adClicks: 0,
  ctr: 25,
  ctaRate: 20,
  engagementRate: 40,
  ...over,
});

/** A report of two bots over October 2026 (all channels), filtered by two bots and one user. */
export function sampleReport(over: Partial<AnalyticsReport> = {}): AnalyticsReport {
  const rows = [
    {
      botId: 11,
      publicId: 'pub11',
      bot: 'Welcome; "tour"',
      accountId: 1,
      accountName: 'Demo',
      status: 'Published' as const,
      liveStatus: 'live' as const,
      authorEmail: 'owner@example.com',
      ...counters(),
    },
    {
      botId: 12,
      publicId: 'pub12',
      bot: 'Pricing',
      accountId: 1,
      accountName: 'Demo',
      status: 'Draft' as const,
      liveStatus: 'inactive' as const,
      authorEmail: null,
      ...counters({ session: 0, opened: 0, engaged: 0, cta: 0, watched: 0, ctr: null, ctaRate: null, engagementRate: null, watermarkClicked: 0 }),
    },
  ] as AnalyticsReport['rows'];
  const total = counters({ session: 120, opened: 30 });
  return {
    from: '2026-10-01',
    to: '2026-10-30',
    channel: null,
    bots: [
      { id: 11, name: 'Welcome; "tour"' },
      { id: 12, name: 'Pricing' },
    ],
    users: [{ id: 3, email: 'owner@example.com' }],
    watermark: false,
    rows,
    sliders: [{ sliderId: 5, sliderName: 'Home carousel', bots: 2, ...counters({ sliderSession: 44, sliderPlayed: 20 }) }],
    totals: { from: '2026-10-01', to: '2026-10-30', channel: null, bots: 2, ...total, avgEngagementRate: 40, medianEngagementRate: 40 },
    points: [
      { day: '2026-10-01', analytics: { session: 70, sliderSession: 0, opened: 20 } },
      { day: '2026-10-02', analytics: { session: 50, sliderSession: 0, opened: 10 } },
    ],
    ...over,
  } as AnalyticsReport;
}

/** The page's request for that report. */
export function sampleRequest(over: Partial<ExportRequest> = {}): ExportRequest {
  return { accountId: 1, channel: null, query: { from_date: '2026-10-01', to_date: '2026-10-30', bot_ids: '11,12', user_ids: '3' }, ...over };
}
