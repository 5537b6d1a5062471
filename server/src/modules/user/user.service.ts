/**
 * `GET /user/me` (spec 000 §3 User, §7; docs/api.md `User`): the signed-in user with every role
 * (Active and Invited). Profile pictures and integrations are later issues: `profilePicture` is null,
 * `userIntegrations` lists only Google sign-in identities (issue 3); `hasGoogleDriveIntegration` is true
 * while the caller has a Google Drive connection (issue 5; modules/integration).
 */
import type { Db } from '../../db/client';
import type { AuthUser } from '../../lib/context';
import { unauthorized } from '../../lib/errors';
import { googleIdentityIntegrations } from '../sso/sso.repo';
import { hasConnection } from '../integration/integration.repo';
import { findUserWithRoles, type RoleRow, type UserRow } from './user.repo';
import type { User } from './user.schemas';

/** Loads the caller's profile. 401 `User not found.` if the row vanished since authentication. */
export async function getMe(db: Db, caller: AuthUser): Promise<User> {
  const found = await findUserWithRoles(db, caller.id);
  if (!found) throw unauthorized('User not found.');
  const dto = { ...toUserDto(found.user, found.roles), hasGoogleDriveIntegration: await hasConnection(db, caller.id) };
  const google = await googleIdentityIntegrations(db, caller.id);
  return google.length > 0 ? { ...dto, userIntegrations: google } : dto;
}

/** The `User` answer (user.schemas.ts) of a row and its roles (never credentials or the idp username). */
export function toUserDto(u: UserRow, roles: RoleRow[]): User {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    phoneNumber: u.phoneNumber,
    language: u.language,
    profilePicture: null,
    multifactor: u.multifactor,
    external: u.external,
    createdAt: u.createdAt.toISOString(),
    isSuperuser: u.isSuperuser,
    isCustomerSuccess: u.isCustomerSuccess,
    isReseller: u.isReseller,
    roles: roles.map((r) => ({ id: r.id, accountId: r.accountId, role: r.role, status: r.status })),
    userIntegrations: [],
    hasGoogleDriveIntegration: false,
  };
}
