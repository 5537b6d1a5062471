/**
 * Authorization matrix (spec 000 §6, spec 001 §6, spec 002 §6; docs/api.md): every `/api` route of
 * the app × ten callers — Owner, Admin, Editor, Viewer, Reseller (user flag + Reseller role in the
 * demo account), Super Admin, Customer Success, a member of another account, a user with no role,
 * and no token — with the expected status: 401 without a token, 403 for a role that may not, 404
 * for another account's resource, the success status otherwise.
 *
 * The route list is walked from Hono's `app.routes`: a route missing from TABLE (or a TABLE row
 * whose route no longer exists) fails the test, so new endpoints cannot be forgotten. Requests that
 * destroy or consume something get a fresh target per call (`req` runs per caller). Runs on PGlite
 * and PostgreSQL like every server test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from './harness';
import { createAccount, createUser, demoAccountId, TEST_PASSWORD, userIdByEmail } from './accounts';
import { crmDeliveries, featureFlags, formSubmissions, media, roles, widgetRevisions, widgets, type RoleName } from '../src/db/schema';
import { defaultWidgetContent } from '../src/modules/widget/widget.schemas';

const CALLERS = ['owner', 'admin', 'editor', 'viewer', 'reseller', 'superadmin', 'cs', 'other', 'norole', 'anon'] as const;
type Caller = (typeof CALLERS)[number];
type Expect = Record<Caller, number>;

interface Req {
  url: string;
  /** For `ALL` routes (tus): the method to send. */
  method?: string;
  body?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
}
interface Row {
  req: (caller: Caller) => Req | Promise<Req>;
  expect: Expect;
}

/** Full expectation: `base` for signed-in callers, anon 401, then overrides. */
const E = (base: number, over: Partial<Expect> = {}): Expect =>
  ({ ...Object.fromEntries(CALLERS.map((c) => [c, base])), anon: 401, ...over }) as Expect;
/** Any Active role in the demo account or staff → ok; other account / no role → 404. */
const members = (ok: number) => E(ok, { other: 404, norole: 404 });
/** As members, Viewer → 403. */
const writers = (ok: number) => E(ok, { viewer: 403, other: 404, norole: 404 });
/** Owner, Admin, Reseller, staff → ok; Editor, Viewer → 403; non-members 404. */
const managers = (ok: number) => E(ok, { editor: 403, viewer: 403, other: 404, norole: 404 });
const superOnly = (ok: number) => E(403, { superadmin: ok });
const staffOnly = (ok: number) => E(403, { superadmin: ok, cs: ok });
/** No token needed: every caller, anon included. */
const open = (status: number) => E(status, { anon: status });

/** `app.routes` entries that are middleware, not endpoints. */
// (ALL /api/public/*: caching and compression of public bot data, lib/embed-cache.ts)
const MIDDLEWARE = new Set(['ALL /api/*', 'ALL /api/events', 'ALL /api/sso/*', 'ALL /api/feature/flags', 'ALL /api/public/*', 'ALL /api/public/bot/:publicId/form-submission', 'ALL /api/public/bot/:publicId/widget', 'ALL /api/public/widget/:publicId']);

let ctx: TestContext;
let D: number;
let O: number;
const tok: Partial<Record<Caller, string>> = {};
const uid: Partial<Record<Caller, number>> = {};
const demoRole: Partial<Record<Caller, RoleName>> = { owner: 'Owner', admin: 'Admin', editor: 'Editor', viewer: 'Viewer', reseller: 'Reseller' };
let mediaId: number;
let captionId: number;
let botId: number;
let botPublicId: string;
let revisionId: number;
let tusLocation: string;
let tagId: number;
let ssoConfigId: number;
let pwTarget: number;
let widgetId: number;
let widgetRevisionId: number;
/** A Published carousel widget of the demo account (rows inserted directly; carousel block). */
let carousel: { id: number; publicId: string };
let n = 0;
const fresh = (what: string) => `${what}-${++n}-${randomUUID().slice(0, 6)}@matrix.example`;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const VTT = 'WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n';
const b64 = (s: string) => Buffer.from(s).toString('base64');
const tusHeaders = (accountId: number) => ({
  'Tus-Resumable': '1.0.0',
  'Upload-Length': '1000',
  'Account-Id': String(accountId),
  'Upload-Metadata': `name ${b64('Matrix clip')},type ${b64('SlideVideo')}`,
});
const form = (name: string, blob: Blob) => {
  const f = new FormData();
  f.append('file', blob, name);
  return f;
};

async function send(method: string, req: Req, token: string | undefined): Promise<Response> {
  const headers: Record<string, string> = { ...(req.headers ?? {}) };
  if (token) headers.authorization = `Bearer ${token}`;
  let body: string | FormData | undefined;
  if (req.form) body = req.form;
  else if (req.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(req.body);
  }
  return ctx.app.request(req.url, { method: req.method ?? method, headers, body });
}

async function readyImage(accountId: number, name = 'Matrix image'): Promise<number> {
  const key = `${accountId}/${randomUUID()}/source.png`;
  const [row] = await ctx.deps.db
    .insert(media)
    .values({ accountId, name, type: 'SlideImage', status: 'Ready', playbackKey: key, posterKey: key, sourceKey: key, width: 1, height: 1 })
    .returning();
  return row!.id;
}

async function asOwner<T>(method: string, req: Req, status: number): Promise<T> {
  const res = await send(method, req, tok.owner);
  expect(res.status, `${method} ${req.url}: ${await res.clone().text()}`).toBe(status);
  return (await res.json()) as T;
}

/** A new empty Public bot of the demo account, created by the Owner. */
async function ownerBot(name: string): Promise<number> {
  return (await asOwner<{ id: number }>('POST', { url: '/api/bot', body: { accountId: D, name } }, 201)).id;
}

async function putCaption(id: number, language: string): Promise<number> {
  const m = await asOwner<{ captions: { id: number; language: string }[] }>('PUT', { url: `/api/media/${id}/caption?language=${language}`, form: form('c.vtt', new Blob([VTT])) }, 200);
  return m.captions.find((c) => c.language === language)?.id ?? m.captions[0]!.id;
}

/** A new Public Draft widget of the demo account, created by the Owner. */
async function ownerWidget(name: string): Promise<number> {
  return (await asOwner<{ id: number }>('POST', { url: '/api/widget', body: { accountId: D, name } }, 201)).id;
}

/** AI wizard bodies (issue 16) and a queued analysis job of the demo account (beforeAll). */
const aiSourceInfo = { sourceName: 'Matrix', sourceType: 'website', mainKeywords: ['matrix'] };
const aiOption = { id: 'o1', title: 'Matrix tour', targetAudience: '', suggestedApproach: '', scriptCategory: '' };
const aiScript = { nodes: [{ id: 'n1', title: 'Intro', isEntryPoint: true, content: { text: 'Hello', videoDescription: '' }, links: [] }] };
let aiJobId: string;

/** A new user holding `role` in the demo account. */
const demoMember = (role: RoleName, status: 'Active' | 'Invited' = 'Active') => createUser(ctx, fresh(role), { roles: [[D, role, status]] });

const TABLE: Record<string, Row> = {
  // --- public ---------------------------------------------------------------------------------
  'GET /api/config': { req: () => ({ url: '/api/config' }), expect: open(200) },
  // The contract and its reference page are public (issue 10 §4).
  'GET /api/openapi.json': { req: () => ({ url: '/api/openapi.json' }), expect: open(200) },
  'GET /api/docs': { req: () => ({ url: '/api/docs' }), expect: open(200) },
  'GET /api/docs/init.js': { req: () => ({ url: '/api/docs/init.js' }), expect: open(200) },
  'GET /api/docs/theme.css': { req: () => ({ url: '/api/docs/theme.css' }), expect: open(200) },
  'GET /api/docs/scalar.js': { req: () => ({ url: '/api/docs/scalar.js' }), expect: open(200) },
  'POST /api/auth/sso/discover': { req: () => ({ url: '/api/auth/sso/discover', body: { email: 'someone@no-sso.example' } }), expect: open(404) },
  'GET /api/auth/invitation': { req: () => ({ url: '/api/auth/invitation?token=not-a-token' }), expect: open(404) },
  'POST /api/auth/join': {
    req: () => ({ url: '/api/auth/join', body: { firstName: 'A', lastName: 'B', email: 'a@b.example', password: 'Matrix-pass-1', token: 'not-a-token', accountId: D } }),
    expect: open(404),
  },
  'GET /api/public/bot/:publicId': { req: () => ({ url: `/api/public/bot/${botPublicId}` }), expect: open(200) },
  // Form submissions (issue 12): public; a fresh submissionId per call.
  'POST /api/public/bot/:publicId/form-submission': {
    req: () => ({ url: `/api/public/bot/${botPublicId}/form-submission`, body: { submissionId: randomUUID(), revisionId: null, actionId: 2, values: { email: 'lead@matrix.example' } } }),
    expect: open(201),
  },
  // The widget config (issue 12): public, the bot has no widget video here → 200 { show: false }.
  'GET /api/public/bot/:publicId/widget': { req: () => ({ url: `/api/public/bot/${botPublicId}/widget?url=https%3A%2F%2Fhost.example%2F` }), expect: open(200) },
  // --- carousel (issue 15; modules/widget/carousel.routes.ts) -------------------------------------
  // The public carousel config: no token, a Published widget of an Active account.
  'GET /api/public/widget/:publicId': { req: () => ({ url: `/api/public/widget/${carousel.publicId}` }), expect: open(200) },
  // The editor's preview config: any Active role of the widget's account and staff; others 404.
  'POST /api/widget/:id/preview-config': { req: () => ({ url: `/api/widget/${carousel.id}/preview-config`, body: { content: defaultWidgetContent() } }), expect: members(200) },
  // --- global, user -----------------------------------------------------------------------------
  'GET /api/global': { req: () => ({ url: '/api/global' }), expect: E(200) },
  'POST /api/auth/finalize': { req: () => ({ url: '/api/auth/finalize' }), expect: E(200) },
  'GET /api/user/me': { req: () => ({ url: '/api/user/me' }), expect: E(200) },
  'PATCH /api/user/me': { req: () => ({ url: '/api/user/me', body: { language: 'en' } }), expect: E(200) },
  'GET /api/user/me/account': { req: () => ({ url: '/api/user/me/account' }), expect: E(200) },
  'GET /api/user/all-users': { req: () => ({ url: '/api/user/all-users' }), expect: staffOnly(200) },
  'GET /api/user/resellers': { req: () => ({ url: '/api/user/resellers' }), expect: staffOnly(200) },
  'POST /api/user/resellers': { req: () => ({ url: '/api/user/resellers', body: { email: fresh('reseller') } }), expect: superOnly(201) },
  'POST /api/user/resellers/:userId': {
    req: async () => ({ url: `/api/user/resellers/${await createUser(ctx, fresh('ex-reseller'), { isReseller: true })}` }),
    expect: superOnly(200),
  },
  'GET /api/user/:userId': { req: () => ({ url: `/api/user/${uid.editor}` }), expect: members(200) },
  'PATCH /api/user/:userId': {
    req: () => ({ url: `/api/user/${uid.editor}`, body: { lastName: 'Editor' } }),
    expect: E(403, { editor: 200, superadmin: 200, cs: 200, other: 404, norole: 404 }),
  },
  'PATCH /api/user/:userId/set-password': { req: () => ({ url: `/api/user/${pwTarget}/set-password`, body: { password: 'Matrix-pass-1' } }), expect: superOnly(200) },
  'PUT /api/user/:userId/role/:roleId': {
    req: async () => {
      const u = await demoMember('Viewer', 'Invited');
      const [r] = await ctx.deps.db.select().from(roles).where(eq(roles.userId, u));
      return { url: `/api/user/${u}/role/${r!.id}`, body: { status: 'Active' } };
    },
    expect: E(403, { superadmin: 200, cs: 200 }),
  },
  // --- accounts ---------------------------------------------------------------------------------
  'GET /api/account': { req: () => ({ url: '/api/account' }), expect: E(200) },
  'POST /api/account': {
    req: () => ({ url: '/api/account', body: { businessName: 'Matrix Oy', ownerEmail: fresh('owner') } }),
    expect: E(403, { superadmin: 201, cs: 201, reseller: 201 }),
  },
  'GET /api/account/detail': { req: () => ({ url: '/api/account/detail' }), expect: E(403, { superadmin: 200, cs: 200, reseller: 200 }) },
  'GET /api/account/:accountId': { req: () => ({ url: `/api/account/${D}` }), expect: members(200) },
  'PUT /api/account/:accountId': {
    req: () => ({ url: `/api/account/${D}`, body: { businessName: 'Demo' } }),
    expect: E(403, { owner: 200, reseller: 200, superadmin: 200, cs: 200, other: 404, norole: 404 }),
  },
  'DELETE /api/account/:accountId': {
    // a fresh account where the caller holds the same role as in the demo account
    req: async (caller) => {
      const x = await createAccount(ctx, `Doomed ${++n}`);
      const role = demoRole[caller];
      if (role && uid[caller]) await ctx.deps.db.insert(roles).values({ userId: uid[caller]!, accountId: x, role, status: 'Active' });
      return { url: `/api/account/${x}` };
    },
    expect: E(403, { superadmin: 204, other: 404, norole: 404 }),
  },
  'GET /api/account/:accountId/detail': { req: () => ({ url: `/api/account/${D}/detail` }), expect: managers(200) },
  'GET /api/account/:accountId/profile': { req: () => ({ url: `/api/account/${D}/profile` }), expect: members(200) },
  'PUT /api/account/:accountId/profile': { req: () => ({ url: `/api/account/${D}/profile`, body: { profile: { companyName: 'Demo' } } }), expect: managers(200) },
  // --- members and invitations (modules/invitation; docs/api.md "Members and invitations") -------
  'GET /api/account/:accountId/user': { req: () => ({ url: `/api/account/${D}/user` }), expect: managers(200) },
  'POST /api/account/:accountId/user': { req: () => ({ url: `/api/account/${D}/user`, body: { email: fresh('invitee'), role: 'Viewer' } }), expect: managers(201) },
  'POST /api/account/:accountId/user/resend-invitation': {
    req: async () => {
      const email = fresh('invited');
      await createUser(ctx, email, { roles: [[D, 'Viewer', 'Invited']] });
      return { url: `/api/account/${D}/user/resend-invitation`, body: { accountId: D, role: 'Viewer', userEmail: email } };
    },
    expect: managers(200),
  },
  'DELETE /api/account/:accountId/user/:userId': { req: async () => ({ url: `/api/account/${D}/user/${await demoMember('Viewer')}` }), expect: managers(204) },
  'PUT /api/account/:accountId/user/:userId/role': {
    req: async () => ({ url: `/api/account/${D}/user/${await demoMember('Viewer')}/role`, body: { role: 'Editor' } }),
    expect: E(403, { owner: 200, admin: 200, superadmin: 200, cs: 200, other: 404, norole: 404 }),
  },
  // --- features ---------------------------------------------------------------------------------
  'GET /api/feature': { req: () => ({ url: `/api/feature?account_id=${D}` }), expect: members(200) },
  'GET /api/feature/flags': { req: () => ({ url: '/api/feature/flags' }), expect: superOnly(200) },
  'POST /api/feature/flags': { req: () => ({ url: '/api/feature/flags', body: { name: 'likes', flag_type: 'embed' } }), expect: superOnly(201) },
  'PUT /api/feature/flags': { req: () => ({ url: '/api/feature/flags', body: { name: 'url_map', is_everyone: false } }), expect: superOnly(200) },
  // --- audit, outbox, SSO -------------------------------------------------------------------------
  'GET /api/audit-log': { req: () => ({ url: `/api/audit-log?account_id=${D}` }), expect: E(403, { owner: 200, admin: 200, superadmin: 200, cs: 200, other: 404, norole: 404 }) },
  'GET /api/admin/outbox': { req: () => ({ url: '/api/admin/outbox' }), expect: staffOnly(200) },
  'GET /api/sso/config': { req: () => ({ url: '/api/sso/config' }), expect: superOnly(200) },
  'POST /api/sso/config': { req: () => ({ url: '/api/sso/config', body: { name: 'Matrix SSO', domain: 'matrix-sso.example', provider: 'MatrixIdp' } }), expect: superOnly(201) },
  'GET /api/sso/config/:configId': { req: () => ({ url: `/api/sso/config/${ssoConfigId}` }), expect: superOnly(200) },
  'PATCH /api/sso/config/:configId': { req: () => ({ url: `/api/sso/config/${ssoConfigId}`, body: { status: 'active' } }), expect: superOnly(200) },
  'POST /api/sso/config/:configId/provision': {
    req: () => ({ url: `/api/sso/config/${ssoConfigId}/provision`, body: { accountId: D, defaultRole: 'Viewer' } }),
    expect: superOnly(201),
  },
  // --- analytics (issue 13; spec 002 §6) ------------------------------------------------------------
  'POST /api/events': {
    // A fresh session per call (the ingest rate-limits per session).
    req: () => {
      const sessionId = `matrix${randomUUID().replace(/-/g, '')}`;
      return { url: '/api/events', body: { v: 1, publicId: botPublicId, channel: 'iframe', sessionId, events: [{ id: `${sessionId}.session`, name: 'session', at: Date.now() }] } };
    },
    expect: open(202),
  },
  'GET /api/analytics': { req: () => ({ url: `/api/analytics?account_id=${D}` }), expect: members(200) },
  'GET /api/analytics/report': { req: () => ({ url: `/api/analytics/report?account_id=${D}` }), expect: managers(200) },
  'GET /api/analytics/total/:id': { req: () => ({ url: `/api/analytics/total/${D}` }), expect: members(200) },
  'GET /api/analytics/total/:id/daily': { req: () => ({ url: `/api/analytics/total/${D}/daily` }), expect: members(200) },
  'GET /api/analytics/widget/:id': { req: () => ({ url: `/api/analytics/widget/${D}` }), expect: members(200) },
  'GET /api/analytics/bot/:id': { req: () => ({ url: `/api/analytics/bot/${botId}` }), expect: members(200) },
  'GET /api/analytics/settings/:id': { req: () => ({ url: `/api/analytics/settings/${D}` }), expect: members(200) },
  'PUT /api/analytics/settings/:id': {
    req: () => ({ url: `/api/analytics/settings/${D}`, body: { analyticsDefaultChannel: null, analyticsDisplayFields: { email: true, cta: true, watermark_clicked: false } } }),
    // Owner and Super_Admin only (the settings gear, spec 002 §2).
    expect: E(403, { owner: 200, superadmin: 200, other: 404, norole: 404 }),
  },
  'GET /api/analytics/admin': { req: () => ({ url: '/api/analytics/admin' }), expect: staffOnly(200) },
  'GET /api/analytics/admin-daily': { req: () => ({ url: '/api/analytics/admin-daily' }), expect: staffOnly(200) },
  'GET /api/analytics/admin-billing': { req: () => ({ url: '/api/analytics/admin-billing' }), expect: superOnly(200) },
  'GET /api/bot/status': { req: () => ({ url: '/api/bot/status' }), expect: staffOnly(200) },
  // --- bots ---------------------------------------------------------------------------------------
  'GET /api/bot': { req: () => ({ url: `/api/bot?account_id=${D}` }), expect: members(200) },
  'POST /api/bot': { req: () => ({ url: '/api/bot', body: { accountId: D, name: 'Matrix bot' } }), expect: writers(201) },
  'GET /api/bot/:id': { req: () => ({ url: `/api/bot/${botId}` }), expect: members(200) },
  'GET /api/bot/:id/form-submission': { req: () => ({ url: `/api/bot/${botId}/form-submission` }), expect: members(200) },
  'GET /api/bot/:id/graph': { req: () => ({ url: `/api/bot/${botId}/graph?mode=published` }), expect: members(200) },
  'PATCH /api/bot/:id': { req: () => ({ url: `/api/bot/${botId}`, body: { name: 'Matrix published bot' } }), expect: writers(200) },
  'DELETE /api/bot/:id': { req: async () => ({ url: `/api/bot/${await ownerBot('Doomed bot')}` }), expect: writers(200) },
  'POST /api/bot/:id/clone': { req: () => ({ url: `/api/bot/${botId}/clone` }), expect: writers(201) },
  'POST /api/bot/:id/copy-to-account': {
    // A fresh target account per call, where the caller holds the same role as in the demo account.
    req: async (caller) => {
      const x = await createAccount(ctx, `Copy target ${++n}`);
      const role = demoRole[caller];
      if (role && uid[caller]) await ctx.deps.db.insert(roles).values({ userId: uid[caller]!, accountId: x, role, status: 'Active' });
      return { url: `/api/bot/${botId}/copy-to-account?target_account_id=${x}` };
    },
    expect: writers(201),
  },
  'GET /api/tag': { req: () => ({ url: `/api/tag?account_id=${D}` }), expect: members(200) },
  'POST /api/tag': { req: () => ({ url: '/api/tag', body: { name: `Tag ${++n}`, account_id: D } }), expect: writers(201) },
  'PATCH /api/tag/:tagId': { req: () => ({ url: `/api/tag/${tagId}`, body: { name: `Renamed ${++n}` } }), expect: writers(200) },
  // Display ads (issue 12): any role of the account and staff (spec 001 §6 share); the account has
  // vidbot_as_ads (set in beforeAll).
  'GET /api/bot/:id/ad-package': { req: () => ({ url: `/api/bot/${botId}/ad-package?platform=gam` }), expect: members(200) },
  'PATCH /api/bot/:id/revision/:revisionId/status': {
    req: () => ({ url: `/api/bot/${botId}/revision/${revisionId}/status`, body: { status: 'Published' } }),
    expect: writers(200),
  },
  // --- widgets (issue 15) -----------------------------------------------------------------------------
  // The demo account has the new_widgets feature (beforeAll); copy targets get it per call.
  'GET /api/widget': { req: () => ({ url: `/api/widget?account_id=${D}` }), expect: members(200) },
  'POST /api/widget': { req: () => ({ url: '/api/widget', body: { accountId: D, name: 'Matrix widget' } }), expect: writers(201) },
  'GET /api/widget/:id': { req: () => ({ url: `/api/widget/${widgetId}` }), expect: members(200) },
  'PATCH /api/widget/:id': { req: () => ({ url: `/api/widget/${widgetId}`, body: { name: 'Matrix carousel' } }), expect: writers(200) },
  'DELETE /api/widget/:id': { req: async () => ({ url: `/api/widget/${await ownerWidget('Doomed widget')}` }), expect: writers(200) },
  'POST /api/widget/:id/clone': { req: () => ({ url: `/api/widget/${widgetId}/clone` }), expect: writers(201) },
  'POST /api/widget/:id/copy-to-account': {
    // A fresh target account per call (with new_widgets), where the caller holds the same role as in the demo account.
    req: async (caller) => {
      const x = await createAccount(ctx, `Widget copy target ${++n}`);
      const role = demoRole[caller];
      if (role && uid[caller]) await ctx.deps.db.insert(roles).values({ userId: uid[caller]!, accountId: x, role, status: 'Active' });
      await ctx.deps.db
        .update(featureFlags)
        .set({ accountIds: sql`array_append(${featureFlags.accountIds}, ${x}::int)` })
        .where(eq(featureFlags.name, 'new_widgets'));
      return { url: `/api/widget/${widgetId}/copy-to-account?target_account_id=${x}` };
    },
    expect: writers(201),
  },
  'PATCH /api/widget/:id/revision/:revisionId/status': {
    req: () => ({ url: `/api/widget/${widgetId}/revision/${widgetRevisionId}/status`, body: { status: 'Published' } }),
    expect: writers(200),
  },
  // --- avatar video generator (issue 16; modules/avatar/avatar.routes.ts) ----------------------------
  // Staff or a non-Viewer role of the account, with the feature video_generation (set in beforeAll);
  // the embedded ffmpeg provider: the matrix image is the account's one Ready image → group media-<id>.
  // The POST queues a job per caller (no worker runs here).
  'GET /api/generate/avatar-groups': { req: () => ({ url: `/api/generate/avatar-groups?account_id=${D}` }), expect: writers(200) },
  'GET /api/generate/avatar-groups/:groupId/avatars': { req: () => ({ url: `/api/generate/avatar-groups/media-${mediaId}/avatars?account_id=${D}` }), expect: writers(200) },
  'GET /api/generate/voices': { req: () => ({ url: `/api/generate/voices?account_id=${D}` }), expect: writers(200) },
  'POST /api/generate/avatar': {
    req: () => ({
      url: '/api/generate/avatar',
      body: {
        accountId: D,
        title: 'Matrix avatar',
        videoInputs: [{ character: { type: 'talking_photo', talkingPhotoId: `media-${mediaId}`, talkingPhotoStyle: 'square' }, voice: { type: 'text', inputText: 'Hello.' } }],
      },
    }),
    expect: writers(202),
  },
  // --- AI wizards (issue 16; modules/ai/ai.routes.ts) ----------------------------------------------
  // Generating: non-Viewer roles and staff in an account with generative_ai (set in beforeAll); the
  // job status: any role of the job's account. Jobs are queued only (JOB_CONCURRENCY=0).
  'POST /api/gen-ai/analyze-navigation': { req: () => ({ url: '/api/gen-ai/analyze-navigation', body: { accountId: D, url: 'https://matrix.example/' } }), expect: writers(202) },
  'POST /api/gen-ai/analyze-navigation/stream': {
    req: () => ({ url: '/api/gen-ai/analyze-navigation/stream', body: { accountId: D, url: 'https://matrix.example/' } }),
    expect: writers(200),
  },
  'POST /api/gen-ai/script': { req: () => ({ url: '/api/gen-ai/script', body: { accountId: D, sourceInfo: aiSourceInfo, details: aiOption } }), expect: writers(202) },
  'POST /api/gen-ai/prompt': { req: () => ({ url: '/api/gen-ai/prompt', body: { accountId: D, prompt: 'A matrix of rights', botName: 'Matrix AI' } }), expect: writers(202) },
  'POST /api/gen-ai': { req: () => ({ url: '/api/gen-ai', body: { accountId: D, botName: 'Matrix AI bot', sourceInfo: aiSourceInfo, script: aiScript } }), expect: writers(201) },
  'GET /api/gen-ai/status/:id': { req: () => ({ url: `/api/gen-ai/status/${aiJobId}` }), expect: members(200) },
  // --- media --------------------------------------------------------------------------------------
  'ALL /api/media/tus': { req: () => ({ url: '/api/media/tus', method: 'POST', headers: tusHeaders(D) }), expect: writers(201) },
  'ALL /api/media/tus/*': { req: () => ({ url: tusLocation, method: 'HEAD', headers: { 'Tus-Resumable': '1.0.0' } }), expect: writers(200) },
  // Google Drive import (issue 5): this app has no Google client configured → 409 google_not_configured
  // once the caller passed the rules (upload: media upload rule + feature integration_google_drive).
  'POST /api/integration/google/auth/csrf': { req: () => ({ url: '/api/integration/google/auth/csrf' }), expect: E(409) },
  'POST /api/integration/google/auth/callback': { req: () => ({ url: '/api/integration/google/auth/callback', body: { code: 'c', state: 's' } }), expect: E(409) },
  'POST /api/integration/google/auth/logout': { req: () => ({ url: '/api/integration/google/auth/logout' }), expect: E(204) },
  'GET /api/integration/google/drive/list': { req: () => ({ url: '/api/integration/google/drive/list?search_name=a' }), expect: E(409) },
  'POST /api/integration/google/drive/upload/:fileId': {
    req: async () => {
      await ctx.deps.db.insert(featureFlags).values({ name: 'integration_google_drive', flagType: 'dashboard', accountIds: [D] }).onConflictDoNothing();
      return { url: '/api/integration/google/drive/upload/gdFile1', body: { data: { accountId: D } } };
    },
    expect: writers(409),
  },
  'POST /api/media': { req: () => ({ url: '/api/media', body: { type: 'SlideImage', name: 'Matrix', accountId: D } }), expect: writers(201) },
  'GET /api/media': { req: () => ({ url: `/api/media?account_id=${D}` }), expect: members(200) },
  'GET /api/media/:id{[0-9]+}': { req: () => ({ url: `/api/media/${mediaId}` }), expect: members(200) },
  'PATCH /api/media/:id{[0-9]+}': { req: () => ({ url: `/api/media/${mediaId}`, body: { name: 'Matrix image' } }), expect: writers(200) },
  'DELETE /api/media/:id{[0-9]+}': { req: async () => ({ url: `/api/media/${await readyImage(D, 'Doomed')}` }), expect: writers(200) },
  'GET /api/media/:id{[0-9]+}/usage': { req: () => ({ url: `/api/media/${mediaId}/usage` }), expect: members(200) },
  'POST /api/media/:id{[0-9]+}/replace': { req: () => ({ url: `/api/media/${mediaId}/replace` }), expect: writers(201) },
  'PUT /api/media/:id{[0-9]+}/caption': {
    req: () => ({ url: `/api/media/${mediaId}/caption?language=fi`, form: form('fi.vtt', new Blob([VTT])) }),
    expect: writers(200),
  },
  'GET /api/media/:id{[0-9]+}/caption/:captionId{[0-9]+}': { req: () => ({ url: `/api/media/${mediaId}/caption/${captionId}` }), expect: members(200) },
  'DELETE /api/media/:id{[0-9]+}/caption/:captionId{[0-9]+}': {
    req: async () => {
      const m = await readyImage(D, 'Captioned');
      return { url: `/api/media/${m}/caption/${await putCaption(m, 'sv')}` };
    },
    expect: writers(200),
  },
  'POST /api/media/:id{[0-9]+}/upload': {
    req: async () => {
      const m = await asOwner<{ id: number; uploadUrl: { uploadToken: string } }>('POST', { url: '/api/media', body: { type: 'SlideImage', name: 'Upload', accountId: D } }, 201);
      return { url: `/api/media/${m.id}/upload`, headers: { 'Upload-Token': m.uploadUrl.uploadToken }, form: form('pixel.png', new Blob([PNG], { type: 'image/png' })) };
    },
    expect: writers(200),
  },
  // CRM integrations (issue 15; modules/integration/crm.routes.ts): staff, Owner, Admin, Reseller
  // manage them (spec 002 §6). This app has no CRM OAuth client configured, so the OAuth CRM calls
  // end in 409 notConfigured once the caller passed the rights and the feature flags.
  'GET /api/account/:accountId/integration': { req: () => ({ url: `/api/account/${D}/integration` }), expect: managers(200) },
  'POST /api/integration/:type/auth/start/account/:accountId': {
    req: async () => {
      await crmFlags();
      return { url: `/api/integration/hubspot/auth/start/account/${D}` };
    },
    expect: managers(409),
  },
  'POST /api/integration/:type/auth/account/:accountId': {
    req: async () => {
      await crmFlags();
      return { url: `/api/integration/hubspot/auth/account/${D}`, body: { code: 'c', state: 's' } };
    },
    expect: managers(409),
  },
  'DELETE /api/integration/:type/account/:accountId': { req: () => ({ url: `/api/integration/linear/account/${D}` }), expect: managers(204) },
  'POST /api/bot/:id/form-submission/:submissionId/delivery/:type/retry': {
    req: async () => {
      // A stored submission of the matrix bot whose HubSpot delivery failed, fresh per caller.
      const [sub] = await ctx.deps.db
        .insert(formSubmissions)
        .values({ submissionId: randomUUID(), botId, revisionId: null, actionId: 2, formName: 'Matrix form', values: {}, language: 'en' })
        .returning();
      await ctx.deps.db.insert(crmDeliveries).values({ submissionId: sub!.id, accountId: D, integrationType: 'hubspot', state: 'failed', attempts: 1, lastError: 'rejected' });
      return { url: `/api/bot/${botId}/form-submission/${sub!.submissionId}/delivery/hubspot/retry` };
    },
    expect: writers(200),
  },
};

/** The CRM feature flags `integration` + `integration_hubspot` for the demo account (idempotent). */
async function crmFlags(): Promise<void> {
  for (const name of ['integration', 'integration_hubspot']) {
    await ctx.deps.db.insert(featureFlags).values({ name, flagType: 'dashboard', accountIds: [D] }).onConflictDoNothing();
  }
}

/** Distinct `METHOD /path` of the app's `/api` endpoints. */
function apiRoutes(): string[] {
  const keys = new Set<string>();
  for (const r of ctx.app.routes) {
    if (!r.path.startsWith('/api/')) continue;
    const key = `${r.method} ${r.path}`;
    if (!MIDDLEWARE.has(key)) keys.add(key);
  }
  return [...keys].sort();
}

beforeAll(async () => {
  ctx = await createTestContext();
  D = await demoAccountId(ctx);
  O = await createAccount(ctx, 'Other Oy');
  await createUser(ctx, 'reseller@matrix.example', { isReseller: true, roles: [[D, 'Reseller']] });
  await createUser(ctx, 'cs@matrix.example', { isCustomerSuccess: true });
  await createUser(ctx, 'other@matrix.example', { roles: [[O, 'Owner']] });
  await createUser(ctx, 'norole@matrix.example');
  pwTarget = await createUser(ctx, 'pw-target@matrix.example', { roles: [[D, 'Viewer']] });
  for (const c of ['owner', 'admin', 'editor', 'viewer', 'superadmin'] as const) {
    tok[c] = await ctx.signIn(`${c}@example.com`);
    uid[c] = await userIdByEmail(ctx, `${c}@example.com`);
  }
  for (const c of ['reseller', 'cs', 'other', 'norole'] as const) {
    tok[c] = await ctx.signIn(`${c}@matrix.example`, TEST_PASSWORD);
    uid[c] = await userIdByEmail(ctx, `${c}@matrix.example`);
  }
  mediaId = await readyImage(D);
  captionId = await putCaption(mediaId, 'en');
  const bot = await asOwner<{ id: number; publicId: string }>('POST', { url: '/api/bot', body: { accountId: D, name: 'Matrix published bot' } }, 201);
  const content = {
    slides: [{ id: 1, name: 'Intro', category: 'INTRO', type: 'IMAGE', imageId: mediaId }],
    actions: [
      { id: 2, name: 'Matrix form', type: 'REGULAR_FORM', description: 'Leave your e-mail.', email: 'leads@matrix.example', subject: 'Matrix lead', fields: [{ id: 1, name: 'email', type: 'email', label: 'E-mail', required: true }] },
    ],
  };
  const saved = await asOwner<{ botRevisionId: number }>('PATCH', { url: `/api/bot/${bot.id}`, body: { content, status: 'Published' } }, 200);
  botId = bot.id;
  tagId = (await asOwner<{ id: number }>('POST', { url: '/api/tag', body: { name: 'Matrix tag', account_id: D } }, 201)).id;
  botPublicId = bot.publicId;
  revisionId = saved.botRevisionId;
  {
    const [w] = await ctx.deps.db.insert(widgets).values({ publicId: `wmatrix${randomUUID().slice(0, 6)}`, accountId: D, name: 'Matrix carousel', status: 'Published' }).returning();
    const [r] = await ctx.deps.db.insert(widgetRevisions).values({ widgetId: w!.id, revNumber: 1, status: 'Published', content: defaultWidgetContent() as never }).returning();
    await ctx.deps.db.update(widgets).set({ latestRevisionId: r!.id, publishedRevisionId: r!.id }).where(eq(widgets.id, w!.id));
    carousel = { id: w!.id, publicId: w!.publicId };
  }
  const tus = await send('POST', { url: '/api/media/tus', headers: tusHeaders(D) }, tok.owner);
  expect(tus.status, await tus.clone().text()).toBe(201);
  tusLocation = tus.headers.get('location')!;
  const sso = await send('POST', { url: '/api/sso/config', body: { name: 'Fixture SSO', domain: 'fixture-sso.example', provider: 'FixtureIdp' } }, tok.superadmin);
  expect(sso.status, await sso.clone().text()).toBe(201);
  ssoConfigId = ((await sso.json()) as { id: number }).id;
  const flag = await send('POST', { url: '/api/feature/flags', body: { name: 'url_map', flag_type: 'dashboard' } }, tok.superadmin);
  expect(flag.status).toBe(201);
  const ads = await send('POST', { url: '/api/feature/flags', body: { name: 'vidbot_as_ads', flag_type: 'dashboard', account_ids: [D] } }, tok.superadmin);
  expect(ads.status).toBe(201);
  const widgetsFlag = await send('POST', { url: '/api/feature/flags', body: { name: 'new_widgets', flag_type: 'dashboard', account_ids: [D] } }, tok.superadmin);
  expect(widgetsFlag.status).toBe(201);
  // Avatar video generator (issue 16).
  await ctx.deps.db.insert(featureFlags).values({ name: 'video_generation', flagType: 'dashboard', accountIds: [D] }).onConflictDoNothing();
  const widget = await asOwner<{ id: number; widgetRevisionId: number }>('POST', { url: '/api/widget', body: { accountId: D, name: 'Matrix carousel' } }, 201);
  widgetId = widget.id;
  widgetRevisionId = widget.widgetRevisionId;
  const aiFlag = await send('POST', { url: '/api/feature/flags', body: { name: 'generative_ai', flag_type: 'dashboard', account_ids: [D] } }, tok.superadmin);
  expect(aiFlag.status).toBe(201);
  aiJobId = (await asOwner<{ jobId: string }>('POST', { url: '/api/gen-ai/analyze-navigation', body: { accountId: D, url: 'https://matrix.example/' } }, 202)).jobId;
});
afterAll(async () => {
  await ctx?.close();
});

describe('authorization matrix', () => {
  it('lists every /api route of the app, and only those', () => {
    const routes = apiRoutes();
    expect(routes.filter((r) => !(r in TABLE)), 'routes missing from TABLE').toEqual([]);
    expect(Object.keys(TABLE).filter((r) => !routes.includes(r)), 'TABLE rows without a route').toEqual([]);
  });

  for (const [route, row] of Object.entries(TABLE)) {
    it(route, async () => {
      const method = route.split(' ')[0]!;
      const got: Partial<Expect> = {};
      for (const caller of CALLERS) {
        const req = await row.req(caller);
        const res = await send(method, req, tok[caller]);
        got[caller] = res.status;
        if (res.status !== row.expect[caller]) console.error(`[matrix] ${route} as ${caller}: ${res.status} ${await res.text()}`);
      }
      expect(got).toEqual(row.expect);
    });
  }
});
