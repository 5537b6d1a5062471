/**
 * Demo data (DESIGN §3): account "Demo" (publicId `demo`), users superadmin/owner/admin/editor/viewer
 * @example.com, all with password `Vidbot-demo-1`, and — when the caller passes `opts.sample` (the
 * server does; the test harness does not) — the published sample vidbot of issue 10 §2
 * (server/src/db/sample.ts) and the sample carousel of issue 15; with `opts.newWidgets` the demo account
 * gets the feature `dashboard:new_widgets` (the widgets area, issue 15). Created once, in one transaction: does nothing when the demo account
 * exists already.
 */
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Db } from './client';
import { accounts, featureFlags, roles, users, type RoleName } from './schema';
import type { IdpService } from '../idp/types';
import { insertSampleCarousel, insertSampleVidbot, prepareSampleMedia, type PreparedSampleMedia, type SampleSeedOptions } from './sample';

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
 * @param opts.integrations also turn on the CRM integration flags `integration` and
 *   `integration_{hubspot,linear,pipedrive,salesforce}` for the demo account (issue 15), unless flags
 *   of those names exist.
 * @param opts.sample also create the sample vidbot (issue 10 §2) from the committed media. Its files
 *   are checked before the transaction and it is written in a savepoint: when it fails, a warning is
 *   printed and the demo account and users are created without it (the start goes on).
 * @param opts.newWidgets turn the feature flag `new_widgets` (dashboard) on for the demo account, unless
 *   a flag of that name exists (the server passes it; the test harness does not, so tests choose).
 *   With the sample vidbot made, the published "Sample carousel" (Slider, All content) is added in its
 *   own savepoint (a failure there leaves the vidbot and prints a warning).
 * @param opts.ai turn the dashboard flags `generative_ai` (AI wizards) and `video_generation` (avatar
 *   videos) on for the demo account (issue 16), unless flags of those names exist.
 * @returns true when it created the data, false when it was there already.
 */
export async function seedDemo(
  db: Db,
  idp: Pick<IdpService, 'createCredentials'>,
  opts: { googleDrive?: boolean; newWidgets?: boolean; integrations?: boolean; ai?: boolean; sample?: SampleSeedOptions } = {},
): Promise<boolean> {
  const existing = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.publicId, 'demo')).limit(1);
  if (existing.length) return false;
  let sample: PreparedSampleMedia[] | null = null;
  if (opts.sample) {
    sample = await prepareSampleMedia(opts.sample).catch((err: unknown) => {
      console.warn(`The sample vidbot is left out: ${err instanceof Error ? err.message : String(err)}`);
      return null;
    });
  }
  await db.transaction(async (tx) => {
    let ownerId: number | null = null;
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
    if (opts.newWidgets && account) {
      await tx
        .insert(featureFlags)
        .values({ name: 'new_widgets', flagType: 'dashboard', description: 'Widgets (carousels), issue 15 (demo account)', accountIds: [account.id] })
        .onConflictDoNothing();
    }
    if (opts.integrations && account) {
      for (const name of ['integration', 'integration_hubspot', 'integration_linear', 'integration_pipedrive', 'integration_salesforce']) {
        await tx
          .insert(featureFlags)
          .values({ name, flagType: 'dashboard', description: 'CRM integrations (demo account)', accountIds: [account.id] })
          .onConflictDoNothing();
      }
    }
    if (opts.ai && account) {
      for (const [name, description] of [
        ['generative_ai', 'AI wizards, issue 16 (demo account)'],
        ['video_generation', 'Avatar video generator, issue 16 (demo account)'],
      ] as const) {
        await tx.insert(featureFlags).values({ name, flagType: 'dashboard', description, accountIds: [account.id] }).onConflictDoNothing();
      }
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
        if (u.role === 'Owner') ownerId = row.id;
      }
    }
    if (sample && opts.sample && account && ownerId !== null) {
      const { storage } = opts.sample;
      const where = { accountId: account.id, ownerId };
      const made = await tx
        .transaction((savepoint) => insertSampleVidbot(savepoint, storage, sample, where))
        .then(() => true)
        .catch((err: unknown) => {
          console.warn(`The sample vidbot could not be created: ${err instanceof Error ? err.message : String(err)}`);
          return false;
        });
      if (made) {
        await tx.transaction((savepoint) => insertSampleCarousel(savepoint, where)).catch((err: unknown) => {
          console.warn(`The sample carousel could not be created: ${err instanceof Error ? err.message : String(err)}`);
        });
      }
    }
  });
  return true;
}
