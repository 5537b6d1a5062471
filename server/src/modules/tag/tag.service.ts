/**
 * Tag rules (spec 001 §3 "Tag", §7 tag calls, §8 tag errors; docs/api.md "Tags"):
 * - anyone with an Active role in the account (and staff) lists its tags;
 * - editors of the account — staff or any Active non-Viewer role (Owner, Admin, Editor, Reseller) —
 *   create and rename them (a Viewer → 403, no role → 404);
 * - names are trimmed and not blank (422 'Name is required.') and unique in the account regardless
 *   of case: a duplicate answers **400** `code:'tagExists'` with a `detail` the SPA shows as is
 *   (spec 001 §8 "status 400 shows the server detail").
 */
import type { Db } from '../../db/client';
import type { AuthUser } from '../../lib/context';
import { recordAudit } from '../../lib/audit';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { listMetadata, type ListMetadata } from '../../lib/list-query';
import { activeRole, canUseAccount, isStaff } from '../../lib/policy';
import { accounts } from '../../db/schema';
import { eq } from 'drizzle-orm';
import * as repo from './tag.repo';
import type { CreateTagBody, PatchTagBody, Tag, TagListItem, TagListQuery } from './tag.schemas';

/** Create and rename tags: staff, or an Active non-Viewer role in the account. */
export function canManageTags(user: AuthUser, accountId: number): boolean {
  if (isStaff(user)) return true;
  const role = activeRole(user, accountId);
  return role !== null && role !== 'Viewer';
}

const toTag = (row: repo.TagRow): Tag => ({ id: row.id, name: row.name, account_id: row.accountId });

/** 400 `tagExists` naming the taken name. */
const tagExists = (name: string) => badRequest(`A tag named "${name}" already exists in this account.`, { name: 'A tag with this name already exists.' }, 'tagExists');

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    if (typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '23505') return true;
    e = e instanceof Error ? e.cause : undefined;
  }
  return false;
}

/** `GET /tag?account_id&page&size` — the account's tags by name, each with its `botCount`. 404 when the caller may not use the account. */
export async function listTags(db: Db, user: AuthUser, q: TagListQuery): Promise<{ records: TagListItem[]; metadata: ListMetadata }> {
  if (!canUseAccount(user, q.account_id)) throw notFound('Account not found.');
  const { rows, totalCount } = await repo.listTagPage(db, q.account_id, q.page, q.size);
  return { records: rows.map((row) => ({ ...toTag(row), botCount: row.botCount })), metadata: listMetadata(q.page, q.size, totalCount) };
}

/** `POST /tag { name, account_id }` → 201 Tag. 404 account not usable, 403 Viewer, 400 duplicate name. */
export async function createTag(db: Db, user: AuthUser, body: CreateTagBody): Promise<Tag> {
  if (!canUseAccount(user, body.account_id)) throw notFound('Account not found.');
  const [account] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, body.account_id)).limit(1);
  if (!account) throw notFound('Account not found.');
  if (!canManageTags(user, body.account_id)) throw forbidden('Viewers cannot create tags.');
  if (await repo.findTagByName(db, body.account_id, body.name)) throw tagExists(body.name);
  try {
    return await db.transaction(async (tx) => {
      const row = await repo.insertTag(tx, body.account_id, body.name);
      await recordAudit(tx, { accountId: row.accountId, actorUserId: user.id, type: 'tag.create', targetType: 'tag', targetId: row.id, targetName: row.name });
      return toTag(row);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw tagExists(body.name);
    throw err;
  }
}

/** `PATCH /tag/{tagId} { name }` → 200 Tag. 404 tag not visible, 403 Viewer, 400 duplicate name. */
export async function renameTag(db: Db, user: AuthUser, id: number, body: PatchTagBody): Promise<Tag> {
  const tag = await repo.findTag(db, id);
  if (!tag || !canUseAccount(user, tag.accountId)) throw notFound('Tag not found.');
  if (!canManageTags(user, tag.accountId)) throw forbidden('Viewers cannot rename tags.');
  if (await repo.findTagByName(db, tag.accountId, body.name, tag.id)) throw tagExists(body.name);
  try {
    return await db.transaction(async (tx) => {
      const row = await repo.renameTag(tx, id, body.name);
      if (row.name !== tag.name) {
        await recordAudit(tx, { accountId: row.accountId, actorUserId: user.id, type: 'tag.update', targetType: 'tag', targetId: row.id, targetName: row.name, details: { previousName: tag.name } });
      }
      return toTag(row);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw tagExists(body.name);
    throw err;
  }
}
