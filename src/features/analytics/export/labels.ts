/**
 * The translated texts of the analytics exports (Lingui en + fi): column headers, header-line
 * labels, channel and status names, sheet names. Made here, in the component's module, and handed to
 * the lazily loaded builders (sheet.ts, pdf.ts), which carry no messages of their own.
 */
import { useMemo } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { ExportLabels } from './columns';

/** The labels in the active locale (recomputed when the locale changes). */
export function useExportLabels(): ExportLabels {
  const { t, i18n } = useLingui();
  return useMemo(
    (): ExportLabels => ({
      title: t`Analytics report`,
      range: t`Range`,
      channel: t`Channel`,
      bots: t`Vidbots`,
      users: t`Users`,
      all: t`All`,
      dataSheet: t`Analytics`,
      filtersSheet: t`Report`,
      totals: t`Totals`,
      chart: t`Sessions and opens per day`,
      channelName: {
        all: t`All channels`,
        direct: t`Direct link`,
        iframe: t`Iframe`,
        widget: t`Widget`,
        slider: t`Slider`,
        display_ad: t`Display ad`,
      },
      liveStatus: { live: t`Live`, offline: t`Offline`, inactive: t`Inactive` },
      status: { Draft: t`Draft`, Published: t`Published`, Deactivated: t`Deactivated` },
      columns: {
        bot: t`Vidbot`,
        botId: t`Vidbot ID`,
        publicId: t`Public ID`,
        accountName: t`Account`,
        status: t`Status`,
        liveStatus: t`Live status`,
        authorEmail: t`Author`,
        session: t`Sessions`,
        opened: t`Opens`,
        ctr: t`CTR %`,
        engaged: t`Engaged`,
        engagementRate: t`Engagement rate %`,
        cta: t`CTA`,
        ctaRate: t`CTA rate %`,
        watched: t`Watched (s)`,
        iframeViewed: t`Iframe views`,
        widgetViewed: t`Widget views`,
        directIntroViewed: t`Direct intro views`,
        iframeIntroViewed: t`Iframe intro views`,
        widgetIntroViewed: t`Widget intro views`,
        sliderIntroViewed: t`Slider intro views`,
        sliderSession: t`Slider sessions`,
        sliderPlayed: t`Slider plays`,
        introActions: t`Intro actions`,
        contacted: t`Contacted`,
        formSubmitted: t`Forms submitted`,
        liked: t`Likes`,
        watermarkClicked: t`Watermark clicks`,
        impressions: t`Impressions`,
        adClicks: t`Ad clicks`,
      },
      sliderColumns: {
        sliderName: t`Slider`,
        bots: t`Vidbots`,
        sliderSession: t`Slider sessions`,
        sliderPlayed: t`Slider plays`,
        sliderIntroViewed: t`Slider intro views`,
        opened: t`Opens`,
        ctr: t`CTR %`,
        engaged: t`Engaged`,
        cta: t`CTA`,
        watched: t`Watched (s)`,
      },
      totalFields: {
        bots: t`Vidbots`,
        session: t`Sessions`,
        opened: t`Opens`,
        ctr: t`CTR %`,
        engaged: t`Engaged`,
        engagementRate: t`Engagement rate %`,
        avgEngagementRate: t`Average engagement rate %`,
        medianEngagementRate: t`Median engagement rate %`,
        cta: t`CTA`,
        ctaRate: t`CTA rate %`,
        watched: t`Watched (s)`,
      },
    }),
    // `t` changes with the locale.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n.locale],
  );
}
