/**
 * HTTP routes of analytics reads (issue 13 "The calls of §7"; spec 002 §7 Analytics; docs/api.md
 * "Analytics"). Mounted at `/api/analytics` (authenticated). Rules and permissions in
 * analytics.service.ts / analytics.policy.ts; SQL over the rollups only in analytics.repo.ts.
 *
 * Permissions (spec 002 §6): the account reads — any Active role of the account (Super_Admin,
 * Reseller, Owner, Admin, Editor, Viewer) and staff, others 404; `/report` (the exports) 403 for
 * Editor and Viewer; settings PUT Owner and staff superuser (Super_Admin) only, 403 otherwise;
 * `/admin`, `/admin-daily` staff (superuser or customer success); `/admin-billing` superuser only.
 */
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context';
import { idParams, route } from '../../lib/contract';
import { validate } from '../../lib/validate';
import {
  AdminAnalyticsList,
  AdminAnalyticsQuery,
  AdminDailyQuery,
  AnalyticsBotQuery,
  AnalyticsChartQuery,
  AnalyticsList,
  AnalyticsListQuery,
  AnalyticsReport,
  AnalyticsReportQuery,
  AnalyticsSettings,
  AnalyticsTotals,
  BillingList,
  BillingQuery,
  BotAnalyticsDetail,
  ChartPoints,
  SliderRows,
} from './analytics.schemas';
import * as service from './analytics.service';

const tags = ['Analytics'];
const RANGE =
  '`from_date` / `to_date` are UTC days `yyyy-MM-dd`; an invalid date falls back to the last 30 days and the end is clamped to yesterday (spec 002 §5, §6) unless `include_today=true`. ';

/** `/api/analytics` routes. */
export function analyticsRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();

  r.get(
    '/',
    route({
      summary: 'Per-vidbot analytics rows of an account',
      description: RANGE + 'One page of per-bot rows (Analytics row, spec 002 §3) read from the daily rollups, with the totals over every matching bot. `channel` absent = all channels. 404 without a role in the account.',
      tags,
      responses: { 200: AnalyticsList },
      errors: [401, 404, 422],
    }),
    validate('query', AnalyticsListQuery),
    async (c) => c.json(await service.listAnalytics(deps, c.get('user'), c.req.valid('query'))),
  );

  r.get(
    '/report',
    route({
      summary: 'Everything an analytics export needs',
      description: RANGE + 'Rows (up to 9999), per-slider rows, totals, chart points, the filter bots and users (up to 1000) and whether the watermark column applies. 403 for Editor and Viewer (spec 002 §6: they cannot download reports).',
      tags,
      responses: { 200: AnalyticsReport },
      errors: [401, 403, 404, 422],
    }),
    validate('query', AnalyticsReportQuery),
    async (c) => c.json(await service.analyticsReport(deps, c.get('user'), c.req.valid('query'))),
  );

  r.get(
    '/total/:id',
    route({ summary: 'Analytics totals of an account', description: RANGE + 'Totals and §9 rates over the matching bots.', tags, responses: { 200: AnalyticsTotals }, errors: [401, 404, 422] }),
    idParams('Account'),
    validate('query', AnalyticsChartQuery),
    async (c) => c.json(await service.analyticsTotals(deps, c.get('user'), c.req.valid('param').id, c.req.valid('query'))),
  );

  r.get(
    '/total/:id/daily',
    route({ summary: 'Analytics chart points of an account', description: RANGE + 'One point per day of the range (zeros included): sessions, slider sessions, opens.', tags, responses: { 200: ChartPoints }, errors: [401, 404, 422] }),
    idParams('Account'),
    validate('query', AnalyticsChartQuery),
    async (c) => c.json(await service.analyticsDaily(deps, c.get('user'), c.req.valid('param').id, c.req.valid('query'))),
  );

  r.get(
    '/widget/:id',
    route({ summary: 'Per-carousel analytics of an account', description: RANGE + 'One row per slider (carousel widget) on the slider channel.', tags, responses: { 200: SliderRows }, errors: [401, 404, 422] }),
    idParams('Account'),
    validate('query', AnalyticsChartQuery),
    async (c) => c.json(await service.sliderAnalytics(deps, c.get('user'), c.req.valid('param').id, c.req.valid('query'))),
  );

  r.get(
    '/bot/:id',
    route({
      summary: 'Analytics detail of one vidbot',
      description: RANGE + 'Slides played and liked, actions clicked, sources, slide-to-slide transitions (Sankey), the most taken paths and drop-off per slide. 404 when the caller may not view the bot.',
      tags,
      responses: { 200: BotAnalyticsDetail },
      errors: [401, 404, 422],
    }),
    idParams('Vidbot'),
    validate('query', AnalyticsBotQuery),
    async (c) => c.json(await service.botAnalytics(deps, c.get('user'), c.req.valid('param').id, c.req.valid('query'))),
  );

  r.get(
    '/settings/:id',
    route({ summary: "An account's analytics settings", description: 'analyticsDefaultChannel and analyticsDisplayFields (spec 002 §3). Any role in the account.', tags, responses: { 200: AnalyticsSettings }, errors: [401, 404] }),
    idParams('Account'),
    async (c) => c.json(await service.getAnalyticsSettings(deps, c.get('user'), c.req.valid('param').id)),
  );

  r.put(
    '/settings/:id',
    route({ summary: "Update an account's analytics settings", description: 'Owner and Super_Admin (superuser) only (spec 002 §2: the gear is theirs); others 403.', tags, responses: { 200: AnalyticsSettings }, errors: [401, 403, 404, 422] }),
    idParams('Account'),
    validate('json', AnalyticsSettings),
    async (c) => c.json(await service.updateAnalyticsSettings(deps, c.get('user'), c.req.valid('param').id, c.req.valid('json'))),
  );

  r.get(
    '/admin',
    route({
      summary: 'Admin analytics (staff)',
      description: RANGE + 'Per-bot rows of every account, filtered by website tier (`lower` ≤ sessions in the range < `upper`), business type, use case and bots. Staff only (403).',
      tags,
      responses: { 200: AdminAnalyticsList },
      errors: [401, 403, 422],
    }),
    validate('query', AdminAnalyticsQuery),
    async (c) => c.json(await service.adminAnalytics(deps, c.get('user'), c.req.valid('query'))),
  );

  r.get(
    '/admin-daily',
    route({ summary: 'Admin analytics chart (staff)', description: RANGE + 'Chart points over the admin filters. Staff only (403).', tags, responses: { 200: ChartPoints }, errors: [401, 403, 422] }),
    validate('query', AdminDailyQuery),
    async (c) => c.json(await service.adminDaily(deps, c.get('user'), c.req.valid('query'))),
  );

  r.get(
    '/admin-billing',
    route({
      summary: 'Billing report (superuser)',
      description: RANGE.replace('clamped to yesterday', 'clamped to today') + 'Display-ad impressions per bot of the accounts (all, or `account_ids`), plus accounts with the vidbot_as_ads feature and no impressions (hasFeatureOnly). Superuser only (403).',
      tags,
      responses: { 200: BillingList },
      errors: [401, 403, 422],
    }),
    validate('query', BillingQuery),
    async (c) => c.json(await service.billingReport(deps, c.get('user'), c.req.valid('query'))),
  );

  return r;
}
