/**
 * The widget (carousel) dashboard API over HTTP on PGlite and PostgreSQL (issue 15 "Widgets";
 * spec 002 §3, §4 widget status, §5, §6 widget rights, §7 Widgets, §9; docs/api.md "Widgets"):
 * the feature gate, create defaults, list paging and search, drafts / publish / revision conflict,
 * 422 field messages, custom CSS reduced to the allow-list, clone, copy to another account,
 * deactivate / reactivate rights, the §6 editing rule, delete and the audit rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/harness';
import { createAccount, createUser, demoAccountId, TEST_PASSWORD, userIdByEmail } from '../../../test/accounts';
import { auditEvents, bots, botTags, featureFlags, roles, tags, widgetRevisions, widgets } from '../../db/schema';
import { defaultWidgetContent, type WidgetContent, type WidgetDetail, type WidgetListItem } from './widget.schemas';
import { readWidgetContent } from './widget.service';

let ctx: TestContext;
let D: number; // the demo account: has new_widgets
let X: number; // copy target: owner@example.com is its Editor; gets new_widgets in a test
let N: number; // no new_widgets: owner@example.com is its Owner
const tok: Record<string, string> = {};
const uid: Record<string, number> = {};

type ErrorBody = { detail: string; code?: string; errors?: Record<string, string> };
type List<T> = { records: T[]; metadata: { page: number; pageSize: number; pageCount: number; totalCount: number } };

async function json<T>(res: Response, status: number): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}
const call = (method: string, url: string, as: string, body?: unknown) => ctx.call(method, url, { token: tok[as], body });
const newWidget = async (name: string, as = 'owner', extra: Record<string, unknown> = {}, accountId = D) =>
  json<WidgetDetail>(await call('POST', '/api/widget', as, { accountId, name, ...extra }), 201);
const withContent = (over: Partial<WidgetContent>): WidgetContent => ({ ...defaultWidgetContent(), ...over });
const patch = (id: number, as: string, body: unknown) => call('PATCH', `/api/widget/${id}`, as, body);

/** A bot row of `accountId` in `status` (the list and botCount only read bots' account and status). */
async function botRow(accountId: number, status: 'Draft' | 'Published' | 'Deactivated', name = `Bot ${randomUUID().slice(0, 6)}`): Promise<number> {
  const [row] = await ctx.deps.db.insert(bots).values({ publicId: randomUUID().slice(0, 10), accountId, name, status }).returning();
  return row!.id;
}
async function tagRow(accountId: number, name: string): Promise<number> {
  const [row] = await ctx.deps.db.insert(tags).values({ accountId, name }).returning();
  return row!.id;
}
async function auditOf(widgetId: number) {
  return ctx.deps.db.select().from(auditEvents).where(and(eq(auditEvents.targetType, 'widget'), eq(auditEvents.targetId, widgetId))).orderBy(asc(auditEvents.id));
}
const grantWidgets = (accountIds: number[]) =>
  ctx.deps.db.insert(featureFlags).values({ name: 'new_widgets', flagType: 'dashboard', accountIds }).onConflictDoUpdate({ target: featureFlags.name, set: { accountIds } });

beforeAll(async () => {
  ctx = await createTestContext();
  D = await demoAccountId(ctx);
  X = await createAccount(ctx, 'Widget Copy Target Oy');
  N = await createAccount(ctx, 'No Widgets Oy');
  for (const who of ['superadmin', 'owner', 'admin', 'editor', 'viewer']) {
    tok[who] = await ctx.signIn(`${who}@example.com`);
    uid[who] = await userIdByEmail(ctx, `${who}@example.com`);
  }
  await ctx.deps.db.insert(roles).values([
    { userId: uid.owner!, accountId: X, role: 'Editor', status: 'Active' },
    { userId: uid.owner!, accountId: N, role: 'Owner', status: 'Active' },
  ]);
  await createUser(ctx, 'cs@widgets.example', { isCustomerSuccess: true });
  tok.cs = await ctx.signIn('cs@widgets.example', TEST_PASSWORD);
  await createUser(ctx, 'stranger@widgets.example', { roles: [[X, 'Owner']] });
  tok.stranger = await ctx.signIn('stranger@widgets.example', TEST_PASSWORD);
});
afterAll(async () => {
  await ctx?.close();
});

describe('feature new_widgets (spec 002 §2 widget route guard)', () => {
  it('without the feature every call answers 403 featureDisabled; a non-member still gets 404', async () => {
    const list = await json<ErrorBody>(await call('GET', `/api/widget?account_id=${D}`, 'owner'), 403);
    expect(list.code).toBe('featureDisabled');
    expect((await json<ErrorBody>(await call('POST', '/api/widget', 'owner', { accountId: D, name: 'Early' }), 403)).code).toBe('featureDisabled');
    expect((await call('GET', `/api/widget?account_id=${D}`, 'stranger')).status).toBe(404);
    await grantWidgets([D]);
    await json(await call('GET', `/api/widget?account_id=${D}`, 'owner'), 200);
    // another account without it: still 403, and a widget read in it too
    expect((await json<ErrorBody>(await call('GET', `/api/widget?account_id=${N}`, 'owner'), 403)).code).toBe('featureDisabled');
    const [hidden] = await ctx.deps.db.insert(widgets).values({ publicId: randomUUID().slice(0, 10), accountId: N, name: 'Hidden' }).returning();
    expect((await json<ErrorBody>(await call('GET', `/api/widget/${hidden!.id}`, 'owner'), 403)).code).toBe('featureDisabled');
    expect((await call('GET', `/api/widget/${hidden!.id}`, 'editor')).status).toBe(404);
  });
});

describe('create (spec 002 §5, §9)', () => {
  it('a Draft widget with the defaults of its type, revision 1, the caller as author, play URL and embed code', async () => {
    const w = await newWidget('  Front page  ');
    expect(w).toMatchObject({ name: 'Front page', type: 'Slider', status: 'Draft', privacy: 'Public', revNumber: 1, revisionStatus: 'Draft', hasDraft: false, publishedRevisionId: null, canEdit: true, contentType: 'All' });
    expect(w.author).toEqual({ id: uid.owner, email: 'owner@example.com' });
    expect(w.content).toEqual(defaultWidgetContent('Slider'));
    expect(w.playUrl).toBe(`${ctx.env.publicUrl}/w/${w.publicId}`);
    expect(w.embedCode).toBe(`<div data-vidbot-carousel="${w.publicId}"></div>\n<script async src="${ctx.env.publicUrl}/embed/carousel.js"></script>`);
    const card = await newWidget('Cards', 'editor', { type: 'Card' });
    expect(card.type).toBe('Card');
    expect(card.content).toEqual(defaultWidgetContent('Card'));
    const audit = await auditOf(w.id);
    expect(audit.map((a) => [a.type, a.targetName, a.actorUserId, a.accountId])).toEqual([['widget.create', 'Front page', uid.owner, D]]);
  });

  it('Viewer cannot (403); bad input is 422 with field messages; another account is 404', async () => {
    expect((await call('POST', '/api/widget', 'viewer', { accountId: D, name: 'No' })).status).toBe(403);
    const bad = await json<ErrorBody>(await call('POST', '/api/widget', 'owner', { accountId: D, name: '   ', type: 'Grid' }), 422);
    expect(bad.errors).toMatchObject({ name: 'Name is required.', type: 'type must be Slider, Card or Thumbnail.' });
    expect((await call('POST', '/api/widget', 'editor', { accountId: X, name: 'Elsewhere' })).status).toBe(404);
  });
});

describe('list (spec 002 §2, §7: 10 per page, name search, records + metadata)', () => {
  it('pages newest first with metadata, searches by name case-insensitively, counts the shown bots', async () => {
    const acc = await createAccount(ctx, 'Widget List Oy');
    await ctx.deps.db.insert(roles).values({ userId: uid.admin!, accountId: acc, role: 'Admin', status: 'Active' });
    await grantWidgets([D, acc]);
    const made: WidgetDetail[] = [];
    for (let i = 1; i <= 12; i++) made.push(await newWidget(i % 4 === 0 ? `Summer sale ${i}` : `Carousel ${i}`, 'admin', {}, acc));
    const page1 = await json<List<WidgetListItem>>(await call('GET', `/api/widget?account_id=${acc}`, 'admin'), 200);
    expect(page1.metadata).toEqual({ page: 1, pageSize: 10, pageCount: 2, totalCount: 12 });
    expect(page1.records.map((r) => r.id)).toEqual(made.slice(2).reverse().map((w) => w.id));
    const page2 = await json<List<WidgetListItem>>(await call('GET', `/api/widget?account_id=${acc}&page=2`, 'admin'), 200);
    expect(page2.records.map((r) => r.id)).toEqual([made[1]!.id, made[0]!.id]);
    const search = await json<List<WidgetListItem>>(await call('GET', `/api/widget?account_id=${acc}&name=SUMMER%20s`, 'admin'), 200);
    expect(search.records.map((r) => r.name)).toEqual(['Summer sale 12', 'Summer sale 8', 'Summer sale 4']);
    expect(search.metadata.totalCount).toBe(3);
    const pct = await json<List<WidgetListItem>>(await call('GET', `/api/widget?account_id=${acc}&name=%25`, 'admin'), 200);
    expect(pct.metadata.totalCount).toBe(0);
    expect((await json<ErrorBody>(await call('GET', `/api/widget?account_id=${acc}&size=101`, 'admin'), 422)).errors).toHaveProperty('size');

    // botCount: All → the account's Published bots; Selected → the selected Published ones; ByTags → Published bots with any tag
    const p1 = await botRow(acc, 'Published');
    const p2 = await botRow(acc, 'Published');
    const draft = await botRow(acc, 'Draft');
    await botRow(D, 'Published'); // another account's: never counted
    const t = await tagRow(acc, 'Spring');
    await ctx.deps.db.insert(botTags).values([{ botId: p2, tagId: t }, { botId: draft, tagId: t }]);
    const [all, selected, byTags] = made.slice(0, 3);
    await json(await patch(selected!.id, 'admin', { content: withContent({ contentType: 'Selected', contentSortBy: 'Custom', selectedBotIds: [draft, p1] }) }), 200);
    await json(await patch(byTags!.id, 'admin', { content: withContent({ contentType: 'ByTags', selectedTagIds: [t] }), status: 'Published' }), 200);
    const rows = (await json<List<WidgetListItem>>(await call('GET', `/api/widget?account_id=${acc}&page=2&size=10`, 'admin'), 200)).records;
    const byId = new Map(rows.map((r) => [r.id, r]));
    const last3 = (await json<List<WidgetListItem>>(await call('GET', `/api/widget?account_id=${acc}&page=4&size=3`, 'admin'), 200)).records;
    const all3 = new Map([...rows, ...last3].map((r) => [r.id, r]));
    expect(all3.get(all!.id)).toMatchObject({ contentType: 'All', botCount: 2 });
    expect(all3.get(selected!.id)).toMatchObject({ contentType: 'Selected', botCount: 1, revNumber: 2, revisionStatus: 'Draft' });
    expect(all3.get(byTags!.id)).toMatchObject({ contentType: 'ByTags', botCount: 1, status: 'Published', revisionStatus: 'Published', hasDraft: false });
    expect(byId.size).toBe(2);
    const detail = await json<WidgetDetail>(await call('GET', `/api/widget/${selected!.id}`, 'admin'), 200);
    expect(detail.botCount).toBe(1);
  });

  it('another account is 404 for a non-member, Viewer reads the list', async () => {
    expect((await call('GET', `/api/widget?account_id=${X}`, 'editor')).status).toBe(404);
    await json(await call('GET', `/api/widget?account_id=${D}`, 'viewer'), 200);
    expect((await json<ErrorBody>(await call('GET', '/api/widget', 'owner'), 422)).errors).toHaveProperty('account_id');
  });
});

describe('drafts, publish, revision conflict (spec 002 §4)', () => {
  it('saves drafts as new revisions, publishes, keeps the published one while a new draft exists; stale base → 409', async () => {
    const w = await newWidget('Revisions');
    const base = w.widgetRevisionId;
    const thumb = withContent({ type: 'Thumbnail', isAutoSwipe: true });
    const saved = await json<WidgetDetail>(await patch(w.id, 'owner', { content: thumb, baseRevisionId: base }), 200);
    expect(saved).toMatchObject({ revNumber: 2, revisionStatus: 'Draft', status: 'Draft', type: 'Thumbnail', hasDraft: false });
    expect(saved.content).toEqual(thumb);
    const stale = await json<ErrorBody>(await patch(w.id, 'editor', { content: withContent({ isAutoSwipe: false }), baseRevisionId: base }), 409);
    expect(stale.code).toBe('revisionConflict');
    expect(stale.detail).toContain('revision 2');
    const pub = await json<WidgetDetail>(await patch(w.id, 'owner', { status: 'Published', revisionStatus: 'Published' }), 200);
    expect(pub).toMatchObject({ status: 'Published', revisionStatus: 'Published', revNumber: 2, publishedRevisionId: saved.widgetRevisionId, hasDraft: false });
    const next = await json<WidgetDetail>(await patch(w.id, 'owner', { content: withContent({ type: 'Card' }), baseRevisionId: saved.widgetRevisionId }), 200);
    expect(next).toMatchObject({ revNumber: 3, revisionStatus: 'Draft', status: 'Published', hasDraft: true, publishedRevisionId: saved.widgetRevisionId });
    const published = await json<WidgetDetail>(await call('GET', `/api/widget/${w.id}?mode=published`, 'viewer'), 200);
    expect(published).toMatchObject({ revNumber: 2, type: 'Card', canEdit: false });
    expect(published.content.type).toBe('Thumbnail');
    const head = await ctx.app.request(`/api/widget/${w.id}`, { method: 'HEAD', headers: { authorization: `Bearer ${tok.viewer}` } });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect((await ctx.app.request('/api/widget/999999', { method: 'HEAD', headers: { authorization: `Bearer ${tok.viewer}` } })).status).toBe(404);
    // roll back: publish revision 2 again by id after revision 3 was published
    await json(await patch(w.id, 'owner', { status: 'Published' }), 200);
    await json(await patch(w.id, 'owner', { revisionStatus: 'Published' }), 200); // already published: no new audit row
    const back = await json<WidgetDetail>(await call('PATCH', `/api/widget/${w.id}/revision/${saved.widgetRevisionId}/status`, 'owner', { status: 'Published' }), 200);
    expect(back).toMatchObject({ publishedRevisionId: saved.widgetRevisionId, revNumber: 3, hasDraft: true });
    const revs = await ctx.deps.db.select().from(widgetRevisions).where(eq(widgetRevisions.widgetId, w.id)).orderBy(asc(widgetRevisions.revNumber));
    expect(revs.map((r) => r.status)).toEqual(['Draft', 'Published', 'Archived']);
    const other = await newWidget('Other widget');
    expect((await call('PATCH', `/api/widget/${w.id}/revision/${other.widgetRevisionId}/status`, 'owner', { status: 'Published' })).status).toBe(404);
    expect((await call('GET', `/api/widget/${other.id}?mode=published`, 'owner')).status).toBe(404);
    expect((await call('GET', '/api/widget/abc', 'owner')).status).toBe(404);

    const types = (await auditOf(w.id)).map((a) => a.type);
    expect(types).toEqual(['widget.create', 'widget.update', 'widget.publish', 'widget.update', 'widget.publish', 'widget.publish']);
    const update = (await auditOf(w.id))[1]!;
    expect(update).toMatchObject({ targetName: 'Revisions', details: { fields: ['content'], revisionId: saved.widgetRevisionId, revNumber: 2 } });
  });

  it('rename and privacy are audited as widget.update with the fields', async () => {
    const w = await newWidget('Old name');
    const r = await json<WidgetDetail>(await patch(w.id, 'owner', { name: 'New name', privacy: 'Private' }), 200);
    expect(r).toMatchObject({ name: 'New name', privacy: 'Private', revNumber: 1 });
    const [, update] = await auditOf(w.id);
    expect(update).toMatchObject({ type: 'widget.update', targetName: 'New name', details: { fields: ['name', 'privacy'], previousName: 'Old name' } });
  });
});

describe('422 field messages (spec 002 §5, §9)', () => {
  it('names the field: references of another account, §9 visible limits, Custom with All, breakpoints, colours', async () => {
    const w = await newWidget('Validation');
    const foreignBot = await botRow(X, 'Published');
    const foreignTag = await tagRow(X, 'Foreign');
    const ownBot = await botRow(D, 'Published');
    const refs = await json<ErrorBody>(await patch(w.id, 'owner', { content: withContent({ contentType: 'Selected', selectedBotIds: [ownBot, foreignBot], selectedTagIds: [foreignTag] }) }), 422);
    expect(refs.errors).toEqual({
      'content.selectedBotIds': `Vidbot ${foreignBot} does not exist in this account.`,
      'content.selectedTagIds': `Tag ${foreignTag} does not belong to this account.`,
    });
    const twice = await json<ErrorBody>(await patch(w.id, 'owner', { content: withContent({ contentType: 'Selected', selectedBotIds: [ownBot, ownBot] }) }), 422);
    expect(twice.errors).toEqual({ 'content.selectedBotIds': `Vidbot ${ownBot} is listed more than once.` });
    const rules = await json<ErrorBody>(
      await patch(w.id, 'owner', {
        content: withContent({ contentSortBy: 'Custom', slidesVisible: { mobile: 3, tablet: 4, desktop: 6 }, cardsVisible: { mobile: 4, tablet: 7, desktop: 11 } }),
      }),
      422,
    );
    expect(rules.errors).toMatchObject({
      'content.contentSortBy': 'Custom order needs Selected or ByTags content.',
      'content.slidesVisible.mobile': 'Slider shows at most 2 on mobile.',
      'content.cardsVisible.desktop': 'Card shows at most 10 on desktop.',
    });
    const fields = await json<ErrorBody>(
      await patch(w.id, 'owner', {
        content: { ...withContent({ breakpoints: { tablet: 1300, desktop: 1200 } }), appearanceSettings: { ...defaultWidgetContent().appearanceSettings, playerBackgroundColor: 'red', radius: -1 } },
      }),
      422,
    );
    expect(fields.errors).toMatchObject({
      'content.breakpoints.desktop': 'desktop must be wider than tablet.',
      'content.appearanceSettings.playerBackgroundColor': 'Use #rrggbb or #rrggbbaa.',
      'content.appearanceSettings.radius': 'radius must be at least 0.',
    });
    const styles = await json<ErrorBody>(
      await patch(w.id, 'owner', { content: { ...defaultWidgetContent(), appearanceSettings: { ...defaultWidgetContent().appearanceSettings, styles: '.x{}' } } }),
      422,
    );
    expect(Object.keys(styles.errors ?? {})).toEqual(['content.appearanceSettings.styles']);
    expect((await json<WidgetDetail>(await call('GET', `/api/widget/${w.id}`, 'owner'), 200)).revNumber).toBe(1);
  });

  it('publishing content that is no longer valid answers 422 (a selected vidbot was deleted meanwhile)', async () => {
    const w = await newWidget('Goes stale');
    const bot = await botRow(D, 'Published');
    await json(await patch(w.id, 'owner', { content: withContent({ contentType: 'Selected', selectedBotIds: [bot] }) }), 200);
    await ctx.deps.db.delete(bots).where(eq(bots.id, bot));
    const err = await json<ErrorBody>(await patch(w.id, 'owner', { status: 'Published' }), 422);
    expect(err.errors).toEqual({ 'content.selectedBotIds': `Vidbot ${bot} does not exist in this account.` });
    // a stored document broken by hand: the schema's messages, keyed under content.
    const fresh = await json<WidgetDetail>(await patch(w.id, 'owner', { content: withContent({}) }), 200);
    await ctx.deps.db.update(widgetRevisions).set({ content: { ...defaultWidgetContent(), slidesVisible: { mobile: 9, tablet: 1, desktop: 1 } } }).where(eq(widgetRevisions.id, fresh.widgetRevisionId));
    const broken = await json<ErrorBody>(await call('PATCH', `/api/widget/${w.id}/revision/${fresh.widgetRevisionId}/status`, 'owner', { status: 'Published' }), 422);
    expect(broken.errors).toEqual({ 'content.slidesVisible.mobile': 'Slider shows at most 2 on mobile.' });
    const read = await json<WidgetDetail>(await call('GET', `/api/widget/${w.id}`, 'owner'), 200);
    expect(read.content.slidesVisible).toEqual(defaultWidgetContent().slidesVisible);
    expect((await json<WidgetDetail>(await call('GET', `/api/widget/${w.id}`, 'owner'), 200)).status).toBe('Draft');
  });
});

describe('custom CSS (parsed and allow-listed; share/custom-css.ts)', () => {
  it('keeps stylesRaw as typed, stores only the sanitized, scoped CSS as styles', async () => {
    const w = await newWidget('Styled');
    const raw = '@import url(https://evil.example/x.css);\n.vb-item { color: red; background: url(javascript:alert(1)); }\nbody { display: none }\n.title { border-radius: 4px; behavior: url(x.htc) }';
    const saved = await json<WidgetDetail>(await patch(w.id, 'owner', { content: withContent({ appearanceSettings: { ...defaultWidgetContent().appearanceSettings, stylesRaw: raw } }) }), 200);
    expect(saved.content.appearanceSettings.stylesRaw).toBe(raw);
    expect(saved.content.appearanceSettings).not.toHaveProperty('styles');
    const [rev] = await ctx.deps.db.select().from(widgetRevisions).where(eq(widgetRevisions.id, saved.widgetRevisionId));
    const styles = (rev!.content.appearanceSettings as { styles: string }).styles;
    expect(styles).toContain('.vb-carousel .vb-item{color:red');
    expect(styles).toContain('border-radius:4px');
    for (const bad of ['@import', 'javascript', 'evil.example', 'body', 'display', 'behavior']) expect(styles).not.toContain(bad);
    expect(readWidgetContent(rev!.content).appearanceSettings.stylesRaw).toBe(raw);
  });
});

describe('duplicate and copy to account (spec 002 §2 row menu, §5)', () => {
  it('clone: a Draft "(Copy)" with the latest content, new publicId; Viewer 403; audit widget.clone', async () => {
    const bot = await botRow(D, 'Published');
    const w = await newWidget('Original', 'editor');
    const content = withContent({ type: 'Card', contentType: 'Selected', contentSortBy: 'Custom', selectedBotIds: [bot] });
    await json(await patch(w.id, 'editor', { content, status: 'Published' }), 200);
    const copy = await json<WidgetDetail>(await call('POST', `/api/widget/${w.id}/clone`, 'admin'), 201);
    expect(copy).toMatchObject({ name: 'Original (Copy)', status: 'Draft', type: 'Card', revNumber: 1, accountId: D, author: { id: uid.admin, email: 'admin@example.com' } });
    expect(copy.publicId).not.toBe(w.publicId);
    expect(copy.content).toEqual(content);
    expect((await call('POST', `/api/widget/${w.id}/clone`, 'viewer')).status).toBe(403);
    expect((await auditOf(copy.id)).map((a) => [a.type, a.targetName, a.details])).toEqual([['widget.clone', 'Original (Copy)', { sourceWidgetId: w.id }]]);
  });

  it('copy: needs the feature in the target, keeps the settings, clears the selected vidbots and tags; audit in the target', async () => {
    const bot = await botRow(D, 'Published');
    const tag = await tagRow(D, 'Copied tag');
    const w = await newWidget('Travelling');
    const content = withContent({ type: 'Thumbnail', contentType: 'ByTags', contentSortBy: 'Custom', selectedBotIds: [bot], selectedTagIds: [tag], isAutoSwipe: true });
    await json(await patch(w.id, 'owner', { content }), 200);
    const off = await json<ErrorBody>(await call('POST', `/api/widget/${w.id}/copy-to-account?target_account_id=${X}`, 'owner'), 403);
    expect(off.code).toBe('featureDisabled');
    await grantWidgets([D, X]);
    const copy = await json<WidgetDetail>(await call('POST', `/api/widget/${w.id}/copy-to-account?target_account_id=${X}`, 'owner'), 201);
    expect(copy).toMatchObject({ accountId: X, name: 'Travelling (Copy)', status: 'Draft', type: 'Thumbnail' });
    expect(copy.content).toEqual({ ...content, selectedBotIds: [], selectedTagIds: [] });
    const [audit] = await auditOf(copy.id);
    expect(audit).toMatchObject({ type: 'widget.copy', accountId: X, targetName: 'Travelling (Copy)', details: { sourceWidgetId: w.id, sourceAccountId: D, clearedSelection: true } });
    expect((await call('POST', `/api/widget/${w.id}/copy-to-account?target_account_id=${D}`, 'owner')).status).toBe(422);
    expect((await call('POST', `/api/widget/${w.id}/copy-to-account?target_account_id=${X}`, 'editor')).status).toBe(404);
    expect((await call('POST', `/api/widget/${w.id}/copy-to-account?target_account_id=${X}`, 'viewer')).status).toBe(403);
    expect((await call('POST', `/api/widget/${w.id}/copy-to-account`, 'owner')).status).toBe(422);
    // the copy is editable in the target by its Owner (stranger)
    expect((await json<WidgetDetail>(await call('GET', `/api/widget/${copy.id}`, 'stranger'), 200)).canEdit).toBe(true);
  });
});

describe('deactivate and reactivate (power users only, spec 002 §2, §4)', () => {
  it('staff only; only from Published; reactivate serves the published revision again; copies are refused while deactivated', async () => {
    const w = await newWidget('Seasonal');
    expect((await json<ErrorBody>(await patch(w.id, 'superadmin', { status: 'Deactivated' }), 422)).code).toBe('invalidStatusTransition');
    await json(await patch(w.id, 'owner', { status: 'Published' }), 200);
    expect((await patch(w.id, 'owner', { status: 'Deactivated' })).status).toBe(403);
    expect((await patch(w.id, 'admin', { status: 'Deactivated' })).status).toBe(403);
    const off = await json<WidgetDetail>(await patch(w.id, 'cs', { status: 'Deactivated' }), 200);
    expect(off.status).toBe('Deactivated');
    expect((await json<ErrorBody>(await call('POST', `/api/widget/${w.id}/clone`, 'owner'), 422)).code).toBe('widgetDeactivated');
    expect((await patch(w.id, 'owner', { status: 'Published' })).status).toBe(403);
    expect((await call('PATCH', `/api/widget/${w.id}/revision/${w.widgetRevisionId}/status`, 'owner', { status: 'Published' })).status).toBe(403);
    // editing the content of a deactivated widget is still editing (allowed); it stays Deactivated
    const edited = await json<WidgetDetail>(await patch(w.id, 'owner', { content: withContent({ isAutoSwipe: true }) }), 200);
    expect(edited).toMatchObject({ status: 'Deactivated', revNumber: 2, hasDraft: true });
    const on = await json<WidgetDetail>(await patch(w.id, 'superadmin', { status: 'Published' }), 200);
    expect(on).toMatchObject({ status: 'Published', publishedRevisionId: w.widgetRevisionId, hasDraft: true });
    expect((await auditOf(w.id)).map((a) => [a.type, a.actorUserId])).toEqual([
      ['widget.create', uid.owner],
      ['widget.publish', uid.owner],
      ['widget.deactivate', expect.any(Number)],
      ['widget.update', uid.owner],
      ['widget.reactivate', uid.superadmin],
    ]);
  });

  it('a Deactivated widget that was never published cannot be reactivated (422 notPublished)', async () => {
    const w = await newWidget('Never published');
    await ctx.deps.db.update(widgets).set({ status: 'Deactivated' }).where(eq(widgets.id, w.id));
    expect((await json<ErrorBody>(await patch(w.id, 'superadmin', { status: 'Published' }), 422)).code).toBe('notPublished');
  });
});

describe('editing rights (spec 002 §6)', () => {
  it('Private: Owner, Admin, the author and staff edit; other Editors and Viewers do not (canEdit says so)', async () => {
    const priv = await newWidget('Private by editor', 'editor');
    await json(await patch(priv.id, 'editor', { privacy: 'Private' }), 200);
    const other = await createUser(ctx, 'editor2@widgets.example', { roles: [[D, 'Editor']] });
    tok.editor2 = await ctx.signIn('editor2@widgets.example', TEST_PASSWORD);
    expect(other).toBeGreaterThan(0);
    const canEdit = async (as: string) => (await json<WidgetDetail>(await call('GET', `/api/widget/${priv.id}`, as), 200)).canEdit;
    const expected: Record<string, boolean> = { owner: true, admin: true, editor: true, superadmin: true, cs: true, editor2: false, viewer: false };
    for (const [as, ok] of Object.entries(expected)) {
      expect(await canEdit(as), as).toBe(ok);
      expect((await patch(priv.id, as, { name: `Private by editor` })).status, as).toBe(ok ? 200 : 403);
    }
    expect((await call('DELETE', `/api/widget/${priv.id}`, 'editor2')).status).toBe(403);
  });

  it('Public: any non-Viewer edits and deletes; Viewer does not; a non-member gets 404', async () => {
    const pub = await newWidget('Public by owner');
    expect((await json<WidgetDetail>(await call('GET', `/api/widget/${pub.id}`, 'editor2'), 200)).canEdit).toBe(true);
    await json(await patch(pub.id, 'editor2', { content: withContent({ bullets: false } as never) }), 422);
    await json(await patch(pub.id, 'editor2', { name: 'Public, renamed by an editor' }), 200);
    expect((await patch(pub.id, 'viewer', { name: 'Nope' })).status).toBe(403);
    expect((await call('DELETE', `/api/widget/${pub.id}`, 'viewer')).status).toBe(403);
    expect((await call('GET', `/api/widget/${pub.id}`, 'stranger')).status).toBe(404);
    expect((await call('DELETE', `/api/widget/${pub.id}`, 'stranger')).status).toBe(404);
    expect(await json(await call('DELETE', `/api/widget/${pub.id}`, 'editor2'), 200)).toEqual({ id: pub.id });
    expect((await call('GET', `/api/widget/${pub.id}`, 'owner')).status).toBe(404);
    const audit = await auditOf(pub.id);
    expect(audit.at(-1)).toMatchObject({ type: 'widget.delete', targetName: 'Public, renamed by an editor', details: { status: 'Draft', publicId: pub.publicId } });
    expect(await ctx.deps.db.select().from(widgetRevisions).where(eq(widgetRevisions.widgetId, pub.id))).toEqual([]);
  });
});
