/**
 * Federated users (spec 000 §4 federated sign-in, §3 SSO provision; issue 3): maps an upstream
 * identity to a Vidbot user and provisions SSO users into their config's accounts.
 *
 * 1. A known (provider, sub) identity → its user.
 * 2. Otherwise the upstream must assert a **verified** e-mail; for an SSO config the e-mail must be
 *    in the config's domain (so an upstream cannot claim addresses it does not own, e.g. staff's).
 *    An existing user with that e-mail is linked; else a new user is created with `external = true`
 *    and no password (they sign in only through the provider).
 * 3. For an SSO config, every `sso_provisions` row gives the user an **Active** role with the
 *    provision's default role in that account, unless the user already holds a role there.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { roles, ssoProvisions, userIdentities, users } from '../../db/schema';
import type { UpstreamClaims, UpstreamProvider } from './upstream';

export type UserRow = typeof users.$inferSelect;

/** A refusal of the federated sign-in, reported to the client as OAuth `error` + description. */
export class FederationError extends Error {
  constructor(
    readonly error: 'access_denied' | 'server_error',
    message: string,
  ) {
    super(message);
  }
}

/** Finds or creates the user for an upstream sign-in and applies SSO provisions. @throws FederationError */
export async function federateUser(db: Db, up: UpstreamProvider, claims: UpstreamClaims, nowMs: number): Promise<UserRow> {
  const now = new Date(nowMs);
  const user = await db.transaction(async (tx) => {
    const [linked] = await tx
      .select({ user: users })
      .from(userIdentities)
      .innerJoin(users, eq(users.id, userIdentities.userId))
      .where(sql`${userIdentities.provider} = ${up.name} and ${userIdentities.subject} = ${claims.sub}`)
      .limit(1);
    if (linked) {
      await tx.update(userIdentities).set({ lastSignInAt: now }).where(sql`${userIdentities.provider} = ${up.name} and ${userIdentities.subject} = ${claims.sub}`);
      return linked.user;
    }
    if (!claims.email || !claims.emailVerified) {
      throw new FederationError('access_denied', 'The identity provider did not confirm a verified e-mail address.');
    }
    const email = claims.email;
    if (up.domain && email.slice(email.lastIndexOf('@') + 1) !== up.domain) {
      throw new FederationError('access_denied', `The e-mail address ${email} does not belong to ${up.domain}.`);
    }
    let [existing] = await tx.select().from(users).where(sql`lower(${users.email}) = ${email}`).limit(1);
    if (!existing) {
      [existing] = await tx
        .insert(users)
        .values({ username: randomUUID(), email, firstName: claims.givenName, lastName: claims.familyName, external: true, idpStatus: 'CONFIRMED' })
        .returning();
      if (!existing) throw new FederationError('server_error', 'Could not create the user.');
    }
    await tx.insert(userIdentities).values({ userId: existing.id, provider: up.name, subject: claims.sub, lastSignInAt: now }).onConflictDoNothing();
    return existing;
  });
  if (up.ssoConfigId !== null) await provisionUser(db, up.ssoConfigId, user.id);
  return user;
}

/**
 * Gives `userId` an Active role in every account of the SSO config (its default role), leaving
 * roles the user already holds untouched. Returns how many roles were created.
 */
export async function provisionUser(db: Db, ssoConfigId: number, userId: number): Promise<number> {
  const provisions = await db.select().from(ssoProvisions).where(eq(ssoProvisions.ssoConfigId, ssoConfigId));
  if (provisions.length === 0) return 0;
  const created = await db
    .insert(roles)
    .values(provisions.map((p) => ({ userId, accountId: p.accountId, role: p.defaultRole, status: 'Active' as const })))
    .onConflictDoNothing()
    .returning({ id: roles.id });
  return created.length;
}
