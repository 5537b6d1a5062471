/**
 * Account administration (spec 000 §5 "Account form", §6 "Edit account page", §7 "Accounts"; spec 002
 * §2 settings tabs profile/account, §3 Account and Profile): create, read, update (with field-level
 * rules), profile, delete. Every mutation writes its audit row in the same transaction
 * (server/src/lib/audit.ts). Permission rules: account.policy.ts.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, media, roles, users, type AccountOptions } from '../../db/schema';
import type { AppDeps, AuthUser } from '../../lib/context';
import { recordAudit } from '../../lib/audit';
import { conflict, forbidden, notFound, unprocessable } from '../../lib/errors';
import { isStaff } from '../../lib/policy';
import { listMetadata } from '../../lib/list-query';
import {
  accountListScope,
  assertMayCreateAccount,
  assertMayDeleteAccount,
  assertMayReadAccount,
  assertMayReadAccountDetail,
  assertMayUpdateAccount,
  assertMayUpdateProfile,
} from './account.policy';
import {
  accountMediaIds,
  findAccountById,
  findRoleOf,
  findUserRow,
  listAccountPage,
  publicIdTaken,
  type AccountRow,
} from './account.repo';
import type {
  Account,
  AccountDetail,
  AccountDetailList,
  AccountListQuery,
  AccountPerson,
  AccountProfile,
  AccountProfileBody,
  CreateAccountBody,
  ProfileMedia,
  StoredAppearance,
  StoredProfile,
  UpdateAccountBody,
} from './account.schemas';
import { inviteAccountOwner } from './account.owner';
import { PROFILE_MEDIA_KINDS } from './profile.rules';

type RoleRow = typeof roles.$inferSelect;
type UserRow = typeof users.$inferSelect;

const person = (u: UserRow): AccountPerson => ({ id: u.id, email: u.email, firstName: u.firstName, lastName: u.lastName });

function baseDto(a: AccountRow, role: RoleRow | undefined): Account {
  return {
    id: a.id,
    publicId: a.publicId,
    businessName: a.businessName,
    role: role?.role ?? null,
    roleId: role?.id ?? null,
    roleStatus: role?.status ?? null,
    status: a.status,
    color: a.color,
    options: a.options,
    createdAt: a.createdAt.toISOString(),
  };
}

/**
 * `AccountDetail` of each row, with three batched queries (caller roles, owners, partners) however
 * many rows there are. The owner shown is the first Owner role (by role id).
 */
async function detailDtos(db: Db, rows: AccountRow[], callerId: number): Promise<AccountDetail[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((a) => a.id);
  const partnerIds = [...new Set(rows.map((a) => a.partnerId).filter((x): x is number => x !== null))];
  const [mine, owners, partners] = await Promise.all([
    db.select().from(roles).where(and(inArray(roles.accountId, ids), eq(roles.userId, callerId))),
    db
      .select({ accountId: roles.accountId, status: roles.status, user: users })
      .from(roles)
      .innerJoin(users, eq(users.id, roles.userId))
      .where(and(inArray(roles.accountId, ids), eq(roles.role, 'Owner')))
      .orderBy(asc(roles.id)),
    partnerIds.length ? db.select().from(users).where(inArray(users.id, partnerIds)) : Promise.resolve([] as UserRow[]),
  ]);
  return rows.map((a) => {
    const owner = owners.find((o) => o.accountId === a.id);
    const partner = partners.find((u) => u.id === a.partnerId);
    return {
      ...baseDto(a, mine.find((r) => r.accountId === a.id)),
      billingEmail: a.billingEmail,
      phoneNumber: a.phoneNumber,
      businessId: a.businessId,
      taxId: a.taxId,
      address: a.address,
      zipCode: a.zipCode,
      country: a.country,
      businessType: a.businessType,
      owner: owner ? { ...person(owner.user), status: owner.status } : null,
      partner: partner ? person(partner) : null,
      updatedAt: a.updatedAt.toISOString(),
    };
  });
}

async function detailDto(db: Db, a: AccountRow, callerId: number): Promise<AccountDetail> {
  const [dto] = await detailDtos(db, [a], callerId);
  return dto!;
}

/** True when `err` (or a cause) is a PostgreSQL unique violation (23505). */
function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e; e = e instanceof Error ? e.cause : undefined) {
    if (typeof e === 'object' && e !== null && 'code' in e && (e as { code: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * A URL slug from a business name: NFKD without marks, lower case, runs of other characters → '-',
 * ≤ 40 characters; 'account' when nothing is left. `publicId` of spec 000 §3.
 */
export function slugify(name: string): string {
  const s = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/g, '');
  return s || 'account';
}

/** The first free of `slug`, `slug-2`, `slug-3`, … (checked inside the creating transaction). */
async function uniquePublicId(tx: Db, name: string): Promise<string> {
  const base = slugify(name);
  if (!(await publicIdTaken(tx, base))) return base;
  for (let n = 2; n < 1000; n++) {
    const candidate = `${base}-${n}`;
    if (!(await publicIdTaken(tx, candidate))) return candidate;
  }
  return `${base}-${randomUUID().slice(0, 8)}`;
}

/** Billing columns present in a body (undefined = not sent, null = clear). */
function billingSet(body: CreateAccountBody | UpdateAccountBody): Partial<typeof accounts.$inferInsert> {
  const set: Partial<typeof accounts.$inferInsert> = {};
  for (const key of ['billingEmail', 'phoneNumber', 'businessId', 'taxId', 'address', 'zipCode', 'country', 'color'] as const) {
    const value = body[key];
    if (value !== undefined) set[key] = value;
  }
  return set;
}

/**
 * `POST /account {businessName, ownerEmail, billing…, color?, options?}`: creates the account with a
 * unique slug `publicId`, finds or creates the owner user (by e-mail) with role Owner (Invited) and
 * e-mails them an invitation; a reseller (not staff) who creates it gets an Active Reseller role.
 * A creator who names their own e-mail as owner becomes its Active Owner instead (no e-mail).
 * One transaction for rows and audit (run again on a unique-index race); the e-mail is sent after commit.
 * @throws 403 caller may not create (or set options), 422 bad body, 409 `accountConflict` when
 *   concurrent creates keep colliding.
 */
export async function createAccount(deps: AppDeps, user: AuthUser, body: CreateAccountBody): Promise<AccountDetail> {
  assertMayCreateAccount(user, body.options !== undefined);
  // A concurrent create may take the same slug or owner e-mail first: run the transaction again
  // (it then sees the other's rows), at most 3 times, then 409.
  for (let attempt = 1; ; attempt++) {
    try {
      return await createAccountOnce(deps, user, body);
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      if (attempt >= 3) throw conflict('Another account was created at the same time. Try again.', 'accountConflict');
    }
  }
}

async function createAccountOnce(deps: AppDeps, user: AuthUser, body: CreateAccountBody): Promise<AccountDetail> {
  const account = await deps.db.transaction(async (tx) => {
    const publicId = await uniquePublicId(tx, body.businessName);
    const [account] = await tx
      .insert(accounts)
      .values({ publicId, businessName: body.businessName, options: body.options ?? {}, ...billingSet(body) })
      .returning();
    if (!account) throw new Error('account insert returned nothing');
    if (body.ownerEmail === user.email.toLowerCase()) {
      // The creator names themselves as owner: an Active Owner role, nothing to e-mail.
      await tx.insert(roles).values({ userId: user.id, accountId: account.id, role: 'Owner', status: 'Active' });
    } else {
      if (user.isReseller && !isStaff(user)) {
        await tx.insert(roles).values({ userId: user.id, accountId: account.id, role: 'Reseller', status: 'Active' });
      }
      await inviteAccountOwner(deps, tx, { account, ownerEmail: body.ownerEmail, invitedBy: user.id });
    }
    await recordAudit(tx, {
      accountId: account.id,
      actorUserId: user.id,
      type: 'account.create',
      targetType: 'account',
      targetId: account.id,
      targetName: account.businessName,
      details: { publicId, ownerEmail: body.ownerEmail },
    });
    return account;
  });
  return detailDto(deps.db, account, user.id);
}

/** `GET /account/{id}`: `Account` with the caller's role. 404 unknown or not usable. */
export async function getAccount(db: Db, user: AuthUser, id: number): Promise<Account> {
  assertMayReadAccount(user, id);
  const a = await findAccountById(db, id);
  if (!a) throw notFound('Account not found.');
  return baseDto(a, await findRoleOf(db, id, user.id));
}

/** `GET /account/{id}/detail`: `AccountDetail`. 404 / 403 per policy. */
export async function getAccountDetail(db: Db, user: AuthUser, id: number): Promise<AccountDetail> {
  assertMayReadAccountDetail(user, id);
  const a = await findAccountById(db, id);
  if (!a) throw notFound('Account not found.');
  return detailDto(db, a, user.id);
}

/**
 * `GET /account/detail` — the accounts list (same query and visibility as `GET /account`) with
 * `AccountDetail` records, for the staff and reseller accounts table. 403 for everyone else.
 */
export async function listAccountDetails(db: Db, user: AuthUser, q: AccountListQuery): Promise<AccountDetailList> {
  if (!isStaff(user) && !user.isReseller) throw forbidden('Only staff and resellers can list account details.');
  const { rows, totalCount } = await listAccountPage(db, {
    userId: user.id,
    scope: accountListScope(user, q.filter),
    page: q.page,
    size: q.size,
    orderBy: q.order_by,
    direction: q.order_direction,
    businessName: q.business_name,
  });
  const records = await detailDtos(db, rows.map((r) => r.account), user.id);
  return { records, metadata: listMetadata(q.page, q.size, totalCount) };
}

/**
 * `PUT /account/{id}`: updates the fields present (field-level rules in account.policy.ts), in one
 * transaction with an `account.update` audit row (and `account.owner_change` when the owner moves).
 * - `newOwnerId`: must hold a role in the account (422 otherwise); that role becomes Owner (status
 *   kept), every other Owner of the account becomes Admin.
 * - `newPartnerId`: a reseller user (422 otherwise), or null to clear.
 * - `options`: merged into the stored options.
 * Restricted fields (status, newOwnerId, newPartnerId, options, businessType) are checked only when they change
 * the stored value, so a form may send them back unchanged.
 * @throws 404 unknown / not usable, 403 a field the caller may not change, 422 bad body.
 */
export async function updateAccount(db: Db, user: AuthUser, id: number, body: UpdateAccountBody): Promise<AccountDetail> {
  assertMayReadAccount(user, id); // 404 before anything is read
  const updated = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(accounts).where(eq(accounts.id, id)).for('update');
    if (!current) throw notFound('Account not found.');
    // Restricted fields count only when they change: a form may send them back unchanged.
    const ownerRow = body.newOwnerId !== undefined ? await findRoleOf(tx, id, body.newOwnerId) : undefined;
    const optionsChange =
      body.options !== undefined &&
      Object.entries(body.options).some(([k, v]) => v !== undefined && current.options[k as keyof AccountOptions] !== v);
    const sent = Object.values(body).some((v) => v !== undefined);
    assertMayUpdateAccount(user, id, {
      // An empty body changes nothing but still needs the base edit right (no free 200 for a Viewer).
      base: !sent || body.businessName !== undefined || Object.keys(billingSet(body)).length > 0,
      status: body.status !== undefined && body.status !== current.status,
      newOwnerId: body.newOwnerId !== undefined && ownerRow?.role !== 'Owner',
      newPartnerId: body.newPartnerId !== undefined && body.newPartnerId !== current.partnerId,
      options: optionsChange,
      businessType: body.businessType !== undefined && body.businessType !== current.businessType,
    });
    const set: Partial<typeof accounts.$inferInsert> = { ...billingSet(body), updatedAt: new Date() };
    if (body.businessName !== undefined) set.businessName = body.businessName;
    if (body.businessType !== undefined) set.businessType = body.businessType;
    if (body.status !== undefined) set.status = body.status;
    if (body.options !== undefined) set.options = { ...current.options, ...body.options } satisfies AccountOptions;
    if (body.newPartnerId !== undefined) {
      if (body.newPartnerId !== null) {
        const partner = await findUserRow(tx, body.newPartnerId);
        if (!partner?.isReseller) throw unprocessable('Validation failed.', { newPartnerId: 'The partner must be a reseller.' });
      }
      set.partnerId = body.newPartnerId;
    }
    if (body.newOwnerId !== undefined) {
      const target = await findRoleOf(tx, id, body.newOwnerId);
      if (!target) throw unprocessable('Validation failed.', { newOwnerId: 'The new owner must be a member of the account.' });
      if (target.role !== 'Owner') {
        await tx.update(roles).set({ role: 'Admin' }).where(and(eq(roles.accountId, id), eq(roles.role, 'Owner'), ne(roles.id, target.id)));
        await tx.update(roles).set({ role: 'Owner' }).where(eq(roles.id, target.id));
        const owner = await findUserRow(tx, body.newOwnerId);
        await recordAudit(tx, {
          accountId: id,
          actorUserId: user.id,
          type: 'account.owner_change',
          targetType: 'user',
          targetId: body.newOwnerId,
          targetName: owner?.email ?? null,
          details: { previousRole: target.role },
        });
      }
    }
    const [row] = await tx.update(accounts).set(set).where(eq(accounts.id, id)).returning();
    if (!row) throw notFound('Account not found.');
    const changed = Object.keys(body).filter((k) => body[k as keyof UpdateAccountBody] !== undefined);
    await recordAudit(tx, {
      accountId: id,
      actorUserId: user.id,
      type: 'account.update',
      targetType: 'account',
      targetId: id,
      targetName: row.businessName,
      details: { fields: changed, ...(body.status !== undefined && body.status !== current.status ? { status: { from: current.status, to: body.status } } : {}) },
    });
    return row;
  });
  return detailDto(db, updated, user.id);
}

/**
 * `DELETE /account/{id}` (superuser): deletes the account and, by cascade, its roles, bots, revisions,
 * media rows and invitations in one transaction with an `account.delete` audit row; then removes its
 * stored files (folder `{id}/`). 204.
 */
export async function deleteAccount(deps: AppDeps, user: AuthUser, id: number): Promise<void> {
  assertMayDeleteAccount(user, id);
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.delete(accounts).where(eq(accounts.id, id)).returning();
    if (!row) throw notFound('Account not found.');
    await recordAudit(tx, {
      accountId: id,
      actorUserId: user.id,
      type: 'account.delete',
      targetType: 'account',
      targetId: id,
      targetName: row.businessName,
      details: { publicId: row.publicId },
    });
  });
  await deps.storage.deletePrefix(String(id));
}

const MEDIA_FIELDS = [
  ['appearance', 'logoId', 'logo'],
  ['appearance', 'chatVideoId', 'chatVideo'],
  ['profile', 'coverId', 'cover'],
  ['profile', 'introductionId', 'introduction'],
] as const;

const idOf = (obj: Record<string, unknown>, key: string): number | null => {
  const v = obj[key];
  return typeof v === 'number' ? v : null;
};

/**
 * `AccountProfile` of an account row: the stored parts (written by `PUT /account/{id}/profile`, so of
 * the body's shape) with the media references resolved (`{ id, url, posterUrl }`, urls null until Ready).
 */
async function profileDto(db: Db, a: AccountRow): Promise<AccountProfile> {
  const parts = { appearance: a.appearance, profile: a.profile };
  const ids = MEDIA_FIELDS.map(([part, key]) => idOf(parts[part], key)).filter((x): x is number => x !== null);
  const rows = ids.length ? await db.select().from(media).where(and(eq(media.accountId, a.id), inArray(media.id, ids))) : [];
  const resolve = (mid: number | null): ProfileMedia | null => {
    if (mid === null) return null;
    const m = rows.find((r) => r.id === mid);
    if (!m) return null;
    const ready = m.status === 'Ready';
    return { id: m.id, url: ready && m.playbackKey ? `/files/${m.playbackKey}` : null, posterUrl: ready && m.posterKey ? `/files/${m.posterKey}` : null };
  };
  return {
    accountId: a.id,
    // The columns hold only what AccountProfileBody let through (PUT /account/{id}/profile), or {}.
    appearance: { ...(a.appearance as StoredAppearance), logo: resolve(idOf(a.appearance, 'logoId')), chatVideo: resolve(idOf(a.appearance, 'chatVideoId')) },
    profile: { ...(a.profile as StoredProfile), cover: resolve(idOf(a.profile, 'coverId')), introduction: resolve(idOf(a.profile, 'introductionId')) },
  };
}

/** `GET /account/{id}/profile`: any Active role or staff. 404 otherwise. */
export async function getAccountProfile(db: Db, user: AuthUser, id: number): Promise<AccountProfile> {
  assertMayReadAccount(user, id);
  const a = await findAccountById(db, id);
  if (!a) throw notFound('Account not found.');
  return profileDto(db, a);
}

/**
 * `PUT /account/{id}/profile {appearance?, profile?}`: each part present replaces the stored one.
 * Media ids must be media of this account, of the kinds PROFILE_MEDIA_KINDS names (422 naming the
 * field). Audited as `account.profile_update`.
 */
export async function updateAccountProfile(db: Db, user: AuthUser, id: number, body: AccountProfileBody): Promise<AccountProfile> {
  assertMayUpdateProfile(user, id);
  const parts: { appearance?: Record<string, unknown>; profile?: Record<string, unknown> } = {};
  if (body.appearance) parts.appearance = body.appearance;
  if (body.profile) parts.profile = body.profile;
  const refs = MEDIA_FIELDS.flatMap(([part, key]) => {
    const mid = parts[part] ? idOf(parts[part], key) : null;
    return mid === null ? [] : [{ path: `${part}.${key}`, key, id: mid }];
  });
  const row = await db.transaction(async (tx) => {
    const known = await accountMediaIds(tx, id, refs.map((r) => r.id));
    const errors: Record<string, string> = {};
    for (const r of refs) {
      const kind = known.get(r.id);
      const accepted: readonly string[] = PROFILE_MEDIA_KINDS[r.key];
      if (kind === undefined) errors[r.path] = `Media ${r.id} does not exist in this account.`;
      else if (!accepted.includes(kind)) errors[r.path] = `Media ${r.id} is a ${kind}; ${r.key} takes ${accepted.join(' or ')}.`;
    }
    if (Object.keys(errors).length) throw unprocessable('Validation failed.', errors);
    const [updated] = await tx
      .update(accounts)
      .set({ ...parts, updatedAt: new Date() })
      .where(eq(accounts.id, id))
      .returning();
    if (!updated) throw notFound('Account not found.');
    await recordAudit(tx, {
      accountId: id,
      actorUserId: user.id,
      type: 'account.profile_update',
      targetType: 'account',
      targetId: id,
      targetName: updated.businessName,
      details: { parts: Object.keys(parts) },
    });
    return updated;
  });
  return profileDto(db, row);
}
