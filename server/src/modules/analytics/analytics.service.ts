/**
 * Analytics reads (issue 13; spec 002 §7, §9). SEAM — the read-API helper replaces every body below
 * with the real implementation over the rollups (analytics.repo.ts). Until then each answers 501.
 */
import type { AppDeps } from '../../lib/context';
import type { AuthUser } from '../../lib/context';
import { HttpError } from '../../lib/errors';
import type * as S from './analytics.schemas';

const notYet = (): never => {
  throw new HttpError(501, 'Analytics reads are being built.', 'not_implemented');
};

export async function listAnalytics(_deps: AppDeps, _user: AuthUser, _q: S.AnalyticsListQuery): Promise<S.AnalyticsList> {
  return notYet();
}
export async function analyticsReport(_deps: AppDeps, _user: AuthUser, _q: S.AnalyticsReportQuery): Promise<S.AnalyticsReport> {
  return notYet();
}
export async function analyticsTotals(_deps: AppDeps, _user: AuthUser, _accountId: number, _q: S.AnalyticsChartQuery): Promise<S.AnalyticsTotals> {
  return notYet();
}
export async function analyticsDaily(_deps: AppDeps, _user: AuthUser, _accountId: number, _q: S.AnalyticsChartQuery): Promise<S.ChartPoints> {
  return notYet();
}
export async function sliderAnalytics(_deps: AppDeps, _user: AuthUser, _accountId: number, _q: S.AnalyticsChartQuery): Promise<S.SliderRows> {
  return notYet();
}
export async function botAnalytics(_deps: AppDeps, _user: AuthUser, _botId: number, _q: S.AnalyticsBotQuery): Promise<S.BotAnalyticsDetail> {
  return notYet();
}
export async function getAnalyticsSettings(_deps: AppDeps, _user: AuthUser, _accountId: number): Promise<S.AnalyticsSettings> {
  return notYet();
}
export async function updateAnalyticsSettings(_deps: AppDeps, _user: AuthUser, _accountId: number, _body: S.AnalyticsSettings): Promise<S.AnalyticsSettings> {
  return notYet();
}
export async function adminAnalytics(_deps: AppDeps, _user: AuthUser, _q: S.AdminAnalyticsQuery): Promise<S.AdminAnalyticsList> {
  return notYet();
}
export async function adminDaily(_deps: AppDeps, _user: AuthUser, _q: S.AdminDailyQuery): Promise<S.ChartPoints> {
  return notYet();
}
export async function billingReport(_deps: AppDeps, _user: AuthUser, _q: S.BillingQuery): Promise<S.BillingList> {
  return notYet();
}
export async function liveStatusList(_deps: AppDeps, _user: AuthUser, _q: S.LiveStatusQuery): Promise<S.LiveStatusList> {
  return notYet();
}
