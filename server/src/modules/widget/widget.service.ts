/**
 * Widget (carousel) rules on the dashboard API (issue 15 "Widgets"; spec 002 §3 Widget, §4 widget
 * status, §5, §6, §7 Widgets, §9; docs/api.md "Widgets"): list, create, read, save drafts, publish,
 * deactivate / reactivate, delete, duplicate and copy to another account. Routes validate and
 * delegate here; SQL is in widget.repo.ts; who-may decisions are in widget.policy.ts.
 *
 * Like vidbots (bot.service.ts), revisions are immutable rows: saving content inserts revision max+1
 * inside a transaction that locks the widget row, so concurrent saves serialise; an editor whose
 * `baseRevisionId` is no longer the latest gets 409 `revisionConflict`.
 *
 * Stored content = `WidgetContent` plus `appearanceSettings.styles`: the custom CSS `stylesRaw`
 * reduced to the allow-list by share/custom-css.ts (`sanitizeCustomCss`, scoped under
 * `.vb-carousel`, `url()` only to this instance's `/files/`). CSS the sanitizer can drop is not
 * refused (as for the vidbot theme); only the sanitized text is ever stored as `styles`, and the
 * answers carry `stylesRaw` only (`styles` is derived, never accepted).
 *
 * Every call needs the account feature `dashboard:new_widgets` (403 `featureDisabled`), checked after
 * the account / widget is known to be visible (404 first, so other accounts stay invisible).
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import type { Db } from '../../db/client';
import { accounts, bots } from '../../db/schema';
import type { AppDeps, AuthUser } from '../../lib/context';
import { recordAudit } from '../../lib/audit';
import { conflict, forbidden, HttpError, notFound } from '../../lib/errors';
import { listMetadata, type ListMetadata } from '../../lib/list-query';
import { canUseAccount } from '../../lib/policy';
import { issuesToFields } from '../../lib/validate';
import { getFeatures } from '../feature/feature.service';
import { copyName } from '../bot/bot.copy';
import { sanitizeCustomCss } from '../share/custom-css';
import { carouselCode, carouselPlayUrl } from '../share/embed.codes';
import * as tagRepo from '../tag/tag.repo';
import { canChangeWidgetActivation, canCreateWidget, canEditWidget, canViewWidgets, WIDGETS_FEATURE } from './widget.policy';
import * as repo from './widget.repo';
import type { WidgetRevisionRow, WidgetRow } from './widget.repo';
import {
  defaultWidgetContent,
  WIDGET_CONTENT_TYPES,
  WidgetContent,
  type CreateWidgetBody,
  type PatchWidgetBody,
  type WidgetContentType,
  type WidgetDetail,
  type WidgetListItem,
  type WidgetListQuery,
} from './widget.schemas';

/** The class every rule of a carousel's custom CSS is scoped under (CarouselConfig.customCss). */
export const CAROUSEL_SCOPE = '.vb-carousel';

// --- errors --------------------------------------------------------------------------------------------

const widgetNotFound = () => notFound('Widget not found.');

/** 403 `featureDisabled`: the account lacks `dashboard:new_widgets` (spec 002 §2 widget route guard). */
export const widgetsFeatureDisabled = () =>
  new HttpError(403, 'Widgets are not enabled for this account (feature new_widgets).', 'featureDisabled');

/** 409 `revisionConflict`: the editor's base revision is no longer the latest (`revNumber` = the latest's). */
export const widgetRevisionConflict = (revNumber: number) =>
  conflict(
    `This widget was saved in another tab or by someone else (revision ${revNumber}). Reload to see their changes; your edits are still here.`,
    'revisionConflict',
  );

/** 422 with `content.`-prefixed field paths (the body schema's own paths). */
function invalidContent(issues: Record<string, string>): HttpError {
  const errors = Object.fromEntries(Object.entries(issues).map(([k, m]) => [k.startsWith('content.') ? k : `content.${k}`, m]));
  return new HttpError(422, 'The widget content is not valid.', 'validation_error', errors);
}

const activationForbidden = () => forbidden('Only superusers and customer success can deactivate or reactivate a widget.');
const editForbidden = () => forbidden('Editing this widget is restricted to account owners, admins, its author, or anyone but Viewers when it is Public.');

// --- content -------------------------------------------------------------------------------------------

/** A stored content document without the derived `appearanceSettings.styles` (what the schema reads). */
function withoutStyles(raw: Record<string, unknown>): Record<string, unknown> {
  const a = raw.appearanceSettings;
  if (!a || typeof a !== 'object' || Array.isArray(a)) return raw;
  const { styles: _styles, ...rest } = a as Record<string, unknown>;
  return { ...raw, appearanceSettings: rest };
}

/**
 * The `WidgetContent` of a stored revision. Content is validated on write, so this parses; a
 * document that does not (written by hand, or by an older version) reads as its valid top-level
 * parts over the defaults of `type`, never as an error (publishing it still answers 422).
 */
export function readWidgetContent(raw: Record<string, unknown> | undefined, type: WidgetRow['type'] = 'Slider'): WidgetContent {
  const base = defaultWidgetContent(type);
  if (!raw) return base;
  const stored = withoutStyles(raw);
  const whole = v.safeParse(WidgetContent, stored);
  if (whole.success) return whole.output;
  const merged: Record<string, unknown> = { ...base };
  for (const key of Object.keys(base)) {
    if (!(key in stored)) continue;
    const attempt = v.safeParse(WidgetContent, { ...merged, [key]: stored[key] });
    if (attempt.success) merged[key] = stored[key];
  }
  return v.parse(WidgetContent, merged);
}

/** The document stored for `content`: as given, plus `appearanceSettings.styles` = the sanitized custom CSS. */
export function toStoredWidgetContent(content: WidgetContent, origin: string): Record<string, unknown> {
  const styles = sanitizeCustomCss(content.appearanceSettings.stylesRaw, origin, CAROUSEL_SCOPE).css;
  return { ...structuredClone(content), appearanceSettings: { ...content.appearanceSettings, styles } };
}

/**
 * References of `content` that are not usable in account `accountId`, keyed `content.selectedBotIds`
 * / `content.selectedTagIds` (spec 002 §3: the selected vidbots and tags are the account's): every
 * id must be a vidbot (any status; the carousel shows only Published ones) / a tag of the account,
 * listed once.
 */
export async function contentRefIssues(db: Db, accountId: number, content: Pick<WidgetContent, 'selectedBotIds' | 'selectedTagIds'>): Promise<Record<string, string>> {
  const issues: Record<string, string> = {};
  const dupes = (ids: number[]) => [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))];
  const botDupes = dupes(content.selectedBotIds);
  const foundBots = await repo.accountBotIds(db, accountId, [...new Set(content.selectedBotIds)]);
  const foreignBots = [...new Set(content.selectedBotIds)].filter((id) => !foundBots.has(id));
  if (foreignBots.length) issues['content.selectedBotIds'] = `Vidbot ${foreignBots.join(', ')} does not exist in this account.`;
  else if (botDupes.length) issues['content.selectedBotIds'] = `Vidbot ${botDupes.join(', ')} is listed more than once.`;
  const wantedTags = [...new Set(content.selectedTagIds)];
  const foundTags = new Set((await tagRepo.findAccountTags(db, accountId, wantedTags)).map((t) => t.id));
  const foreignTags = wantedTags.filter((id) => !foundTags.has(id));
  const tagDupes = dupes(content.selectedTagIds);
  if (foreignTags.length) issues['content.selectedTagIds'] = `Tag ${foreignTags.join(', ')} does not belong to this account.`;
  else if (tagDupes.length) issues['content.selectedTagIds'] = `Tag ${tagDupes.join(', ')} is listed more than once.`;
  return issues;
}

/**
 * Checks a stored revision before it is published (spec 002 §4 Publish): the whole `WidgetContent`
 * schema (with its cross-field rules) and the account references. 422 with `content.` paths.
 */
async function assertPublishable(db: Db, accountId: number, revision: WidgetRevisionRow): Promise<WidgetContent> {
  const parsed = v.safeParse(WidgetContent, withoutStyles(revision.content));
  if (!parsed.success) throw invalidContent(issuesToFields(parsed.issues));
  const refs = await contentRefIssues(db, accountId, parsed.output);
  if (Object.keys(refs).length) throw invalidContent(refs);
  return parsed.output;
}

// --- shapes ---------------------------------------------------------------------------------------------

function hasDraft(w: WidgetRow): boolean {
  return w.publishedRevisionId !== null && w.latestRevisionId !== null && w.latestRevisionId !== w.publishedRevisionId;
}

const contentTypeOf = (x: unknown): WidgetContentType => ((WIDGET_CONTENT_TYPES as readonly unknown[]).includes(x) ? (x as WidgetContentType) : 'All');

function toListItem(row: repo.WidgetListRow): WidgetListItem {
  const w = row.widget;
  return {
    id: w.id,
    publicId: w.publicId,
    accountId: w.accountId,
    name: w.name,
    type: w.type,
    status: w.status,
    privacy: w.privacy,
    author: w.authorId !== null && row.authorEmail !== null ? { id: w.authorId, email: row.authorEmail } : null,
    createdAt: w.createdAt.toISOString(),
    updatedAt: w.updatedAt.toISOString(),
    revNumber: row.revNumber ?? 0,
    revisionStatus: row.revisionStatus,
    widgetRevisionId: row.revisionId ?? 0,
    hasDraft: hasDraft(w),
    contentType: contentTypeOf(row.contentType),
    botCount: row.botCount,
  };
}

/**
 * The `Widget` answer for one revision of a widget: its content (without the derived `styles`), the
 * caller's `canEdit` (spec 002 §6), `botCount` of that content (Published vidbots it shows), and
 * `playUrl` / `embedCode` built on `origin` (env.publicUrl; share/embed.codes.ts).
 */
export async function widgetDetail(db: Db, origin: string, user: AuthUser, w: WidgetRow, revision: WidgetRevisionRow | undefined): Promise<WidgetDetail> {
  const content = readWidgetContent(revision?.content, w.type);
  return {
    id: w.id,
    publicId: w.publicId,
    accountId: w.accountId,
    name: w.name,
    type: w.type,
    status: w.status,
    privacy: w.privacy,
    author: await repo.findAuthor(db, w.authorId),
    createdAt: w.createdAt.toISOString(),
    updatedAt: w.updatedAt.toISOString(),
    revNumber: revision?.revNumber ?? 0,
    revisionStatus: revision?.status ?? null,
    widgetRevisionId: revision?.id ?? 0,
    hasDraft: hasDraft(w),
    contentType: content.contentType,
    botCount: await repo.countShownBots(db, w.accountId, content),
    publishedRevisionId: w.publishedRevisionId,
    content,
    canEdit: canEditWidget(user, w),
    playUrl: carouselPlayUrl(origin, w.publicId),
    embedCode: carouselCode(origin, w.publicId),
  };
}

// --- guards ----------------------------------------------------------------------------------------------

/** 403 `featureDisabled` unless the caller's feature list for the account has `dashboard:new_widgets`. */
export async function assertWidgetsFeature(db: Db, user: AuthUser, accountId: number): Promise<void> {
  const { features } = await getFeatures(db, user, { account_id: accountId });
  if (!features.includes(WIDGETS_FEATURE)) throw widgetsFeatureDisabled();
}

/** A widget the caller may see, else 404 (missing and other accounts' widgets look the same). */
function visible(user: AuthUser, w: WidgetRow | undefined): WidgetRow {
  if (!w || !canViewWidgets(user, w.accountId)) throw widgetNotFound();
  return w;
}

/** The widget `id` when the caller may see it and its account has the feature (404, then 403). */
async function visibleWidget(db: Db, user: AuthUser, id: number): Promise<WidgetRow> {
  const w = visible(user, await repo.findWidgetById(db, id));
  await assertWidgetsFeature(db, user, w.accountId);
  return w;
}

/** 404 unless the caller may use the account and it exists; then the feature (403). */
async function usableAccount(db: Db, user: AuthUser, accountId: number): Promise<void> {
  if (!canUseAccount(user, accountId)) throw notFound('Account not found.');
  const [account] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).limit(1);
  if (!account) throw notFound('Account not found.');
  await assertWidgetsFeature(db, user, accountId);
}

/** Random url-safe id of 10 characters, unused by any widget AND any vidbot (`V/widget-preview/{publicId}` serves both). */
export async function newWidgetPublicId(db: Db): Promise<string> {
  const make = () => randomBytes(8).toString('base64url').slice(0, 10);
  for (let i = 0; i < 8; i++) {
    const id = make();
    const [bot] = await db.select({ id: bots.id }).from(bots).where(eq(bots.publicId, id)).limit(1);
    if (!bot && !(await repo.publicIdExists(db, id))) return id;
  }
  return make();
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    if (typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '23505') return true;
    e = e instanceof Error ? e.cause : undefined;
  }
  return false;
}

/** Runs `fn` (a whole transaction); on a unique violation runs it once more, then answers 409 revisionConflict. */
async function retryOnUniqueViolation<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
  }
  try {
    return await fn();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('Another save of this widget happened at the same time. Reload and try again.', 'revisionConflict');
    throw err;
  }
}

// --- operations ------------------------------------------------------------------------------------------

/** `GET /widget?account_id&page&size&name` — one page of the account's widgets, newest first (spec 002 §2, §7). 404 no role; 403 featureDisabled. */
export async function listWidgets(deps: AppDeps, user: AuthUser, q: WidgetListQuery): Promise<{ records: WidgetListItem[]; metadata: ListMetadata }> {
  if (!canViewWidgets(user, q.account_id)) throw notFound('Account not found.');
  await assertWidgetsFeature(deps.db, user, q.account_id);
  const { rows, totalCount } = await repo.listWidgetPage(deps.db, { accountId: q.account_id, page: q.page, size: q.size, name: q.name || undefined });
  return { records: rows.map(toListItem), metadata: listMetadata(q.page, q.size, totalCount) };
}

/**
 * `POST /widget` — a Draft widget (author = caller, privacy Public) with revision 1 holding
 * `defaultWidgetContent(type)` (spec 002 §5, §9). 404 unknown / foreign account; 403 featureDisabled;
 * 403 for a Viewer (spec 002 §6). Audit `widget.create`.
 */
export async function createWidget(deps: AppDeps, user: AuthUser, body: CreateWidgetBody): Promise<WidgetDetail> {
  const { db } = deps;
  await usableAccount(db, user, body.accountId);
  if (!canCreateWidget(user, body.accountId)) throw forbidden('Viewers cannot create widgets.');
  const content = toStoredWidgetContent(defaultWidgetContent(body.type), deps.env.publicUrl);
  const { widget, revision } = await retryOnUniqueViolation(() =>
    db.transaction(async (tx) => {
      const created = await repo.insertWidget(tx, {
        publicId: await newWidgetPublicId(tx),
        accountId: body.accountId,
        name: body.name,
        type: body.type,
        privacy: 'Public',
        authorId: user.id,
      });
      const rev = await repo.insertRevision(tx, { widgetId: created.id, revNumber: 1, content, createdBy: user.id });
      const saved = await repo.updateWidget(tx, created.id, { latestRevisionId: rev.id });
      await recordAudit(tx, {
        accountId: body.accountId,
        actorUserId: user.id,
        type: 'widget.create',
        targetType: 'widget',
        targetId: created.id,
        targetName: created.name,
        details: { type: body.type },
      });
      return { widget: saved, revision: rev };
    }),
  );
  return widgetDetail(db, deps.env.publicUrl, user, widget, revision);
}

/** `GET /widget/{id}?mode=` — the latest revision (draft, default) or the published one (404 when never published). */
export async function getWidget(deps: AppDeps, user: AuthUser, id: number, mode: 'draft' | 'published'): Promise<WidgetDetail> {
  const w = await visibleWidget(deps.db, user, id);
  const revisionId = mode === 'published' ? w.publishedRevisionId : w.latestRevisionId;
  if (mode === 'published' && revisionId === null) throw notFound('This widget has no published revision.');
  const revision = revisionId === null ? undefined : await repo.findRevision(deps.db, revisionId);
  return widgetDetail(deps.db, deps.env.publicUrl, user, w, revision);
}

/**
 * Publishes `revision` of the locked widget `w`: validated (422), the other Published revision
 * Archived, this one Published; resolves the widget columns to set.
 */
async function publishTx(tx: Db, w: WidgetRow, revision: WidgetRevisionRow): Promise<Pick<WidgetRow, 'status' | 'publishedRevisionId'>> {
  await assertPublishable(tx, w.accountId, revision);
  await repo.publishRevisionRows(tx, w.id, revision);
  return { status: 'Published', publishedRevisionId: revision.id };
}

/**
 * `PATCH /widget/{id}` (spec 002 §4, §7) — in one transaction with the widget row locked:
 * 1. `content` → account references checked (422 `content.selectedBotIds` / `content.selectedTagIds`),
 *    inserted as a new Draft revision (revNumber max+1) which becomes the latest; `widgets.type`
 *    follows `content.type`. With `baseRevisionId` older than the latest → 409 `revisionConflict`.
 * 2. `name`, `privacy`.
 * 3. `status: 'Published'` or `revisionStatus: 'Published'` publishes the latest revision (422 when its
 *    content is not valid). On a Deactivated widget it reactivates (staff only, else 403): without new
 *    content or `revisionStatus` the published revision is served again (422 `notPublished` when there
 *    is none); otherwise the latest is published. `status: 'Deactivated'` (staff only, 403) only from
 *    Published (else 422 `invalidStatusTransition`).
 * 404 not visible; 403 featureDisabled; 403 caller may not edit (spec 002 §6).
 * Audit (same transaction): `widget.update` (fields, and the new revision), `widget.publish`,
 * `widget.reactivate`, `widget.deactivate`.
 */
export async function patchWidget(deps: AppDeps, user: AuthUser, id: number, body: PatchWidgetBody): Promise<WidgetDetail> {
  const { db } = deps;
  await visibleWidget(db, user, id);
  const wantsPublish = body.status === 'Published' || body.revisionStatus === 'Published';
  const stored = body.content ? toStoredWidgetContent(body.content, deps.env.publicUrl) : undefined;
  const saved = await retryOnUniqueViolation(() =>
    db.transaction(async (tx) => {
      const locked = visible(user, await repo.lockWidget(tx, id));
      if (!canEditWidget(user, locked)) throw editForbidden();
      const deactivating = body.status === 'Deactivated' && locked.status !== 'Deactivated';
      const reactivating = wantsPublish && locked.status === 'Deactivated';
      if ((deactivating || reactivating) && !canChangeWidgetActivation(user)) throw activationForbidden();

      const patch: Parameters<typeof repo.updateWidget>[2] = {};
      if (body.name !== undefined && body.name !== locked.name) patch.name = body.name;
      if (body.privacy !== undefined && body.privacy !== locked.privacy) patch.privacy = body.privacy;

      let latest: WidgetRevisionRow | undefined;
      if (body.content && stored) {
        const previous = locked.latestRevisionId === null ? undefined : await repo.findRevision(tx, locked.latestRevisionId);
        if (body.baseRevisionId !== undefined && previous && body.baseRevisionId !== previous.id) throw widgetRevisionConflict(previous.revNumber);
        const refs = await contentRefIssues(tx, locked.accountId, body.content);
        if (Object.keys(refs).length) throw invalidContent(refs);
        latest = await repo.insertRevision(tx, { widgetId: locked.id, revNumber: await repo.nextRevNumber(tx, locked.id), content: stored, createdBy: user.id });
        patch.latestRevisionId = latest.id;
        if (body.content.type !== locked.type) patch.type = body.content.type;
      }
      const savedRevision = latest;

      let published: WidgetRevisionRow | undefined;
      if (wantsPublish) {
        if (reactivating && !body.content && body.revisionStatus === undefined) {
          if (locked.publishedRevisionId === null) {
            throw new HttpError(422, 'This widget has never been published, so it cannot be reactivated.', 'notPublished', { status: 'Publish the widget first.' });
          }
          patch.status = 'Published';
        } else {
          latest ??= locked.latestRevisionId === null ? undefined : await repo.findRevision(tx, locked.latestRevisionId);
          if (!latest) throw new HttpError(422, 'This widget has no revision to publish.', 'notPublished', { status: 'Save the widget first.' });
          Object.assign(patch, await publishTx(tx, locked, latest));
          // a publish that changes nothing (already Published, same revision) writes no audit row
          if (locked.status !== 'Published' || locked.publishedRevisionId !== latest.id) published = latest;
        }
      } else if (deactivating) {
        if (locked.status !== 'Published') {
          throw new HttpError(422, 'Only a Published widget can be deactivated.', 'invalidStatusTransition', { status: 'Only a Published widget can be deactivated.' });
        }
        patch.status = 'Deactivated';
      }

      const after = Object.keys(patch).length ? await repo.updateWidget(tx, locked.id, patch) : locked;
      const base = { accountId: locked.accountId, actorUserId: user.id, targetType: 'widget', targetId: locked.id, targetName: after.name };
      const fields = [...(patch.name !== undefined ? ['name'] : []), ...(patch.privacy !== undefined ? ['privacy'] : []), ...(savedRevision ? ['content'] : [])];
      if (fields.length) {
        await recordAudit(tx, {
          ...base,
          type: 'widget.update',
          details: {
            fields,
            ...(patch.name !== undefined ? { previousName: locked.name } : {}),
            ...(savedRevision ? { revisionId: savedRevision.id, revNumber: savedRevision.revNumber } : {}),
          },
        });
      }
      if (published) await recordAudit(tx, { ...base, type: 'widget.publish', details: { revisionId: published.id, revNumber: published.revNumber } });
      if (reactivating) await recordAudit(tx, { ...base, type: 'widget.reactivate', details: { revisionId: after.publishedRevisionId } });
      if (deactivating) await recordAudit(tx, { ...base, type: 'widget.deactivate' });
      return after;
    }),
  );
  const revision = saved.latestRevisionId === null ? undefined : await repo.findRevision(db, saved.latestRevisionId);
  return widgetDetail(db, deps.env.publicUrl, user, saved, revision);
}

/**
 * `PATCH /widget/{id}/revision/{revisionId}/status {status:'Published'}` — publishes that revision
 * (an older one too: roll back). It must belong to the widget (404) and be valid (422); the previously
 * published revision becomes Archived. On a Deactivated widget this reactivates it: staff only (403).
 * Audit `widget.publish` (+ `widget.reactivate`). Answers the widget's latest revision.
 */
export async function publishWidgetRevision(deps: AppDeps, user: AuthUser, id: number, revisionId: number): Promise<WidgetDetail> {
  const { db } = deps;
  await visibleWidget(db, user, id);
  const saved = await db.transaction(async (tx) => {
    const locked = visible(user, await repo.lockWidget(tx, id));
    if (!canEditWidget(user, locked)) throw editForbidden();
    const revision = await repo.findRevision(tx, revisionId);
    if (!revision || revision.widgetId !== locked.id) throw notFound('Revision not found.');
    const reactivating = locked.status === 'Deactivated';
    if (reactivating && !canChangeWidgetActivation(user)) throw activationForbidden();
    const after = await repo.updateWidget(tx, locked.id, await publishTx(tx, locked, revision));
    const base = { accountId: locked.accountId, actorUserId: user.id, targetType: 'widget', targetId: locked.id, targetName: after.name };
    await recordAudit(tx, { ...base, type: 'widget.publish', details: { revisionId: revision.id, revNumber: revision.revNumber } });
    if (reactivating) await recordAudit(tx, { ...base, type: 'widget.reactivate', details: { revisionId: revision.id } });
    return after;
  });
  const latest = saved.latestRevisionId === null ? undefined : await repo.findRevision(db, saved.latestRevisionId);
  return widgetDetail(db, deps.env.publicUrl, user, saved, latest);
}

/**
 * `DELETE /widget/{id}` — deletes the widget and its revisions; a published carousel stops serving at
 * once. Editors only (spec 002 §6; 403), 404 not visible, 403 featureDisabled. Audit `widget.delete`.
 */
export async function deleteWidget(deps: AppDeps, user: AuthUser, id: number): Promise<{ id: number }> {
  await visibleWidget(deps.db, user, id);
  return deps.db.transaction(async (tx) => {
    const w = visible(user, await repo.lockWidget(tx, id));
    if (!canEditWidget(user, w)) throw forbidden('Deleting this widget is restricted to account owners, admins, its author, or anyone but Viewers when it is Public.');
    await repo.deleteWidgetRow(tx, w.id);
    await recordAudit(tx, {
      accountId: w.accountId,
      actorUserId: user.id,
      type: 'widget.delete',
      targetType: 'widget',
      targetId: w.id,
      targetName: w.name,
      details: { status: w.status, publicId: w.publicId },
    });
    return { id: w.id };
  });
}

/** 422 `widgetDeactivated` (spec 002 §2: copy is offered only when the widget is not deactivated; duplicate the same). */
const deactivatedSource = (what: string) =>
  new HttpError(422, `A deactivated widget cannot be ${what}.`, 'widgetDeactivated', { status: `A deactivated widget cannot be ${what}.` });

/** The latest revision's stored content of `w` (the defaults of its type when it has none). */
async function latestStoredContent(deps: AppDeps, w: WidgetRow): Promise<Record<string, unknown>> {
  const revision = w.latestRevisionId === null ? undefined : await repo.findRevision(deps.db, w.latestRevisionId);
  return revision ? structuredClone(revision.content) : toStoredWidgetContent(defaultWidgetContent(w.type), deps.env.publicUrl);
}

/** Inserts the copy: a Draft widget (author = caller) with revision 1 holding `content`. */
async function insertCopy(tx: Db, user: AuthUser, values: { accountId: number; name: string; type: WidgetRow['type']; privacy: WidgetRow['privacy']; content: Record<string, unknown> }) {
  const created = await repo.insertWidget(tx, {
    publicId: await newWidgetPublicId(tx),
    accountId: values.accountId,
    name: values.name,
    type: values.type,
    privacy: values.privacy,
    authorId: user.id,
  });
  const revision = await repo.insertRevision(tx, { widgetId: created.id, revNumber: 1, content: values.content, createdBy: user.id });
  const widget = await repo.updateWidget(tx, created.id, { latestRevisionId: revision.id });
  return { widget, revision };
}

/**
 * `POST /widget/{id}/clone` — a new Draft "<name> (Copy)" in the same account with the latest
 * revision's content (new id and publicId, author = caller, privacy kept). 404 not visible; 403
 * featureDisabled; 403 Viewer; 422 `widgetDeactivated`. Audit `widget.clone`.
 */
export async function cloneWidget(deps: AppDeps, user: AuthUser, id: number): Promise<WidgetDetail> {
  const { db } = deps;
  const source = await visibleWidget(db, user, id);
  if (!canCreateWidget(user, source.accountId)) throw forbidden('Viewers cannot duplicate widgets.');
  if (source.status === 'Deactivated') throw deactivatedSource('duplicated');
  const content = await latestStoredContent(deps, source);
  const { widget, revision } = await retryOnUniqueViolation(() =>
    db.transaction(async (tx) => {
      const made = await insertCopy(tx, user, { accountId: source.accountId, name: copyName(source.name), type: source.type, privacy: source.privacy, content });
      await recordAudit(tx, {
        accountId: source.accountId,
        actorUserId: user.id,
        type: 'widget.clone',
        targetType: 'widget',
        targetId: made.widget.id,
        targetName: made.widget.name,
        details: { sourceWidgetId: source.id },
      });
      return made;
    }),
  );
  return widgetDetail(db, deps.env.publicUrl, user, widget, revision);
}

/**
 * `POST /widget/{id}/copy-to-account?target_account_id=` — as clone, into another account (spec 002
 * §2 row menu, §5 "Copy widget"). The caller must be able to create widgets in both accounts (Viewer
 * of the source → 403; no role in the target → 404, Viewer there → 403) and the target needs the
 * widgets feature too (403 featureDisabled); the target must differ (422) and the source not be
 * Deactivated (422 `widgetDeactivated`).
 *
 * Vidbot and tag ids are per account, so the copy keeps every setting but **clears
 * `selectedBotIds` and `selectedTagIds`**: a Selected or ByTags copy shows nothing until its
 * vidbots / tags are chosen again in the target account; an All copy shows the target's published
 * vidbots (the SPA warns for All and ByTags before copying, spec 002 §5). Audit `widget.copy` in the
 * target account (details: source, `clearedSelection`).
 */
export async function copyWidgetToAccount(deps: AppDeps, user: AuthUser, id: number, targetAccountId: number): Promise<WidgetDetail> {
  const { db } = deps;
  const source = await visibleWidget(db, user, id);
  if (!canCreateWidget(user, source.accountId)) throw forbidden('Viewers cannot copy widgets.');
  if (source.status === 'Deactivated') throw deactivatedSource('copied');
  await usableAccount(db, user, targetAccountId);
  if (!canCreateWidget(user, targetAccountId)) throw forbidden('Viewers cannot create widgets in the target account.');
  if (targetAccountId === source.accountId) {
    throw new HttpError(422, "The target account is the widget's own account; duplicate it instead.", 'validation_error', { target_account_id: 'Choose another account.' });
  }
  const content = await latestStoredContent(deps, source);
  const hadSelection =
    (Array.isArray(content.selectedBotIds) && content.selectedBotIds.length > 0) || (Array.isArray(content.selectedTagIds) && content.selectedTagIds.length > 0);
  content.selectedBotIds = [];
  content.selectedTagIds = [];
  const { widget, revision } = await retryOnUniqueViolation(() =>
    db.transaction(async (tx) => {
      const made = await insertCopy(tx, user, { accountId: targetAccountId, name: copyName(source.name), type: source.type, privacy: source.privacy, content });
      await recordAudit(tx, {
        accountId: targetAccountId,
        actorUserId: user.id,
        type: 'widget.copy',
        targetType: 'widget',
        targetId: made.widget.id,
        targetName: made.widget.name,
        details: { sourceWidgetId: source.id, sourceAccountId: source.accountId, clearedSelection: hadSelection },
      });
      return made;
    }),
  );
  return widgetDetail(db, deps.env.publicUrl, user, widget, revision);
}
