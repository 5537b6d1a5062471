/**
 * The analytics notices of spec 002 §8: "banner that the CTR calculation changed from 2023-07-03;
 * banner that CTR and engagement rate calculation changed from 2024-09-04 (banners shown when the
 * range starts earlier); actions warning when the from date is before 2023-07-20". Pure.
 */

/** The day the CTR calculation changed (spec 002 §8). */
export const CTR_CHANGED_DAY = '2023-07-03';
/** The day the CTR and engagement rate calculation changed (spec 002 §8). */
export const CTR_ENGAGEMENT_CHANGED_DAY = '2024-09-04';
/** Actions were recorded from this day on (spec 002 §8 actions warning). */
export const ACTIONS_RECORDED_FROM_DAY = '2023-07-20';

export type AnalyticsNotice = 'ctrChanged' | 'ctrEngagementChanged' | 'actionsIncomplete';

/** The notices for a range starting on `from` (`yyyy-MM-dd`; days compare as text), in display order. */
export function analyticsNotices(from: string): AnalyticsNotice[] {
  const out: AnalyticsNotice[] = [];
  if (from < CTR_CHANGED_DAY) out.push('ctrChanged');
  if (from < CTR_ENGAGEMENT_CHANGED_DAY) out.push('ctrEngagementChanged');
  if (from < ACTIONS_RECORDED_FROM_DAY) out.push('actionsIncomplete');
  return out;
}
