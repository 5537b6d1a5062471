/**
 * SEAM (issue 13 wave 1): the exports helper replaces this file with the real export menu (PDF, CSV,
 * XLSX; machines/analytics export machine). The analytics page renders it with these props.
 */
import type { Channel } from '../../../../embed/shared/analytics';

export interface AnalyticsExportProps {
  accountId: number;
  /** The page's channel filter (null = all channels). The slider channel offers PDF only (§9). */
  channel: Channel | null;
  /** The API query of `/analytics/report` the page is showing (dates resolved, lists comma-joined). */
  query: {
    from_date: string;
    to_date: string;
    channel?: Channel;
    bot_ids?: string;
    slider_ids?: string;
    user_ids?: string;
    bot_name?: string;
    status?: string;
    tag_ids?: string;
  };
  /** False for Editor and Viewer: the button is disabled with a tooltip (spec 002 §6). */
  canDownload: boolean;
}

export function AnalyticsExport(_props: AnalyticsExportProps) {
  return null;
}
