/**
 * Demo data (DESIGN §3): account "Demo" (publicId `demo`), users superadmin/owner/admin/editor/viewer
 * @example.com, all with password `Vidbot-demo-1`. Created once: does nothing when the demo account
 * exists already.
 */
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Db } from './client';
import { accounts, featureFlags, roles, users, type RoleName } from './schema';
import type { IdpService } from '../idp/types';

export const DEMO_PASSWORD = 'Vidbot-demo-1';

export const DEMO_USERS: { email: string; firstName: string; lastName: string; role?: RoleName; superuser?: boolean }[] = [
  { email: 'superadmin@example.com', firstName: 'Sam', lastName: 'Super', superuser: true },
  { email: 'owner@example.com', firstName: 'Olivia', lastName: 'Owner', role: 'Owner' },
  { email: 'admin@example.com', firstName: 'Adam', lastName: 'Admin', role: 'Admin' },
  { email: 'editor@example.com', firstName: 'Eddie', lastName: 'Editor', role: 'Editor' },
  { email: 'viewer@example.com', firstName: 'Vera', lastName: 'Viewer', role: 'Viewer' },
];

/**
 * @param opts.googleDrive Google is configured: also turn the feature flag `integration_google_drive`
 *   on for the demo account (issue 5 Google Drive import), unless a flag of that name exists.
 * @returns true when it created the data, false when it was there already.
 */
export async function seedDemo(db: Db, idp: Pick<IdpService, 'createCredentials'>, opts: { googleDrive?: boolean } = {}): Promise<boolean> {
  const existing = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.publicId, 'demo')).limit(1);
  if (existing.length) return false;
  await db.transaction(async (tx) => {
    const [account] = await tx
      .insert(accounts)
      .values({ publicId: 'demo', businessName: 'Demo', status: 'Active', options: {} })
      .returning();
    if (opts.googleDrive && account) {
      await tx
        .insert(featureFlags)
        .values({ name: 'integration_google_drive', flagType: 'dashboard', description: 'Google Drive import (demo account)', accountIds: [account.id] })
        .onConflictDoNothing();
    }
    for (const u of DEMO_USERS) {
      const username = randomUUID();
      const creds = idp.createCredentials(username, DEMO_PASSWORD);
      const [row] = await tx
        .insert(users)
        .values({
          username,
          email: u.email,
          firstName: u.firstName,
          lastName: u.lastName,
          isSuperuser: Boolean(u.superuser),
          srpSalt: creds.srpSalt,
          srpVerifier: creds.srpVerifier,
        })
        .returning();
      if (u.role && row && account) {
        await tx.insert(roles).values({ userId: row.id, accountId: account.id, role: u.role, status: 'Active' });
      }
    }
  });
  return true;
}
