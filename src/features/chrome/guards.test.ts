import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { isRedirect } from '@tanstack/react-router';
import { meOptions } from '../../api/queries';
import type { Account, User } from '../../api/types';
import { requireAccountRole, requireViewer } from './guards';
import { USERS_ROLES, canSeeSuperOnly } from './permissions';

const user = (over: Partial<User>): User => ({
  id: 7,
  email: 'e@example.com',
  firstName: null,
  lastName: null,
  phoneNumber: null,
  language: 'en',
  profilePicture: null,
  multifactor: false,
  external: false,
  createdAt: '2026-01-01T00:00:00Z',
  isSuperuser: false,
  isCustomerSuccess: false,
  isReseller: false,
  roles: [],
  userIntegrations: [],
  hasGoogleDriveIntegration: false,
  ...over,
});
const demo = { id: 1, publicId: 'demo' } as Account;

function clientWith(me: User): QueryClient {
  const qc = new QueryClient();
  qc.setQueryData(meOptions().queryKey, me);
  return qc;
}

async function redirectTarget(p: Promise<unknown>): Promise<string | null> {
  try {
    await p;
    return null;
  } catch (e) {
    if (isRedirect(e)) return String(e.options.to);
    throw e;
  }
}

describe('role guards (spec 000 §2 route guards)', () => {
  it('role-restricted per account: a role outside the list, an Invited role, or no account → /dashboard', async () => {
    const editor = user({ roles: [{ id: 1, accountId: 1, role: 'Editor', status: 'Active' }] });
    expect(await redirectTarget(requireAccountRole(clientWith(editor), demo, USERS_ROLES))).toBe('/dashboard');
    const invitedAdmin = user({ roles: [{ id: 1, accountId: 1, role: 'Admin', status: 'Invited' }] });
    expect(await redirectTarget(requireAccountRole(clientWith(invitedAdmin), demo, USERS_ROLES))).toBe('/dashboard');
    const admin = user({ roles: [{ id: 1, accountId: 1, role: 'Admin', status: 'Active' }] });
    expect(await redirectTarget(requireAccountRole(clientWith(admin), undefined, USERS_ROLES))).toBe('/dashboard');
    await expect(requireAccountRole(clientWith(admin), demo, USERS_ROLES)).resolves.toMatchObject({ role: 'Admin' });
  });
  it('superusers pass without a role', async () => {
    await expect(requireAccountRole(clientWith(user({ isSuperuser: true })), demo, USERS_ROLES)).resolves.toMatchObject({ role: null });
  });
  it('staff areas: the predicate decides', async () => {
    expect(await redirectTarget(requireViewer(clientWith(user({ isCustomerSuccess: true })), canSeeSuperOnly))).toBe('/dashboard');
    await expect(requireViewer(clientWith(user({ isSuperuser: true })), canSeeSuperOnly)).resolves.toMatchObject({ isSuperuser: true });
  });
});
