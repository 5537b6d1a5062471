/**
 * Which columns the per-bot and per-slider tables show (spec 002 §2 "Power-user mode adds columns
 * (ids, watermark, likes)"; §3 Analytics row; account analyticsDisplayFields {email, cta,
 * watermark_clicked}; issue 13 architecture "Watermark column": the watermark column applies only
 * when the account has the `hide_watermark` feature, the one watermark feature flag). Pure.
 */
import type { Schema } from '../../api/contract';
import type { AnalyticsOrderBy } from './analyticsSearch';

export type AnalyticsDisplayFields = Schema<'AnalyticsSettings'>['analyticsDisplayFields'];

/** Columns of the per-bot table, in display order. */
export type BotColumn =
  | 'id'
  | 'publicId'
  | 'bot'
  | 'author'
  | 'liveStatus'
  | 'session'
  | 'opened'
  | 'ctr'
  | 'engaged'
  | 'engagementRate'
  | 'cta'
  | 'ctaRate'
  | 'watched'
  | 'iframeViewed'
  | 'watermarkClicked'
  | 'liked';

/** The sort key of a column, for the sortable ones (the API's order_by). */
export const BOT_COLUMN_SORT: Partial<Record<BotColumn, AnalyticsOrderBy>> = {
  bot: 'bot',
  liveStatus: 'live_status',
  session: 'session',
  opened: 'opened',
  ctr: 'ctr',
  engaged: 'engaged',
  cta: 'cta',
  watched: 'watched',
};

/** The watermark feature flag (issue 13 architecture; GET /feature lists it as `<type>:hide_watermark`). */
export const WATERMARK_FEATURE = 'hide_watermark';

/** True when the account's features include the watermark feature, whatever its flag type. */
export function hasWatermarkFeature(features: readonly string[] | undefined): boolean {
  return (features ?? []).some((f) => f === WATERMARK_FEATURE || f.endsWith(`:${WATERMARK_FEATURE}`));
}

export interface ColumnRules {
  /** The account's analyticsDisplayFields (all false while unknown). */
  displayFields: AnalyticsDisplayFields | undefined;
  /** Power-user mode is on (staff only; chrome/powerUser.ts). */
  power: boolean;
  /** The account has the watermark feature. */
  watermarkFeature: boolean;
}

/**
 * The per-bot table's columns: the basic row (bot, live status, sessions, opens, CTR, engaged,
 * engagement rate, watched, iframe views); author e-mail and CTA (+ CTA rate) by the display fields;
 * watermark clicks by the display field or power-user mode, and only with the watermark feature;
 * power-user mode adds the ids and likes.
 */
export function botColumns({ displayFields, power, watermarkFeature }: ColumnRules): BotColumn[] {
  const out: BotColumn[] = [];
  if (power) out.push('id', 'publicId');
  out.push('bot');
  if (displayFields?.email) out.push('author');
  out.push('liveStatus', 'session', 'opened', 'ctr', 'engaged', 'engagementRate');
  if (displayFields?.cta) out.push('cta', 'ctaRate');
  out.push('watched', 'iframeViewed');
  if (watermarkFeature && (power || displayFields?.watermark_clicked)) out.push('watermarkClicked');
  if (power) out.push('liked');
  return out;
}

/** Columns of the per-slider table (slider channel). */
export type SliderColumn = 'sliderId' | 'slider' | 'bots' | 'sliderSession' | 'opened' | 'ctr' | 'engaged' | 'engagementRate' | 'cta' | 'ctaRate' | 'watched' | 'liked';

/** The per-slider table's columns: ids and likes in power-user mode, CTA by the display field. */
export function sliderColumns({ displayFields, power }: Omit<ColumnRules, 'watermarkFeature'>): SliderColumn[] {
  const out: SliderColumn[] = [];
  if (power) out.push('sliderId');
  out.push('slider', 'bots', 'sliderSession', 'opened', 'ctr', 'engaged', 'engagementRate');
  if (displayFields?.cta) out.push('cta', 'ctaRate');
  out.push('watched');
  if (power) out.push('liked');
  return out;
}
