/**
 * Authentication middleware: the API verifies the bearer ID token on every call (issue 2 §3) and
 * loads the user and roles. 401 `{detail:'User not found.'}` when the token is valid but the user
 * is gone (spec 000 §8 sends the SPA to /invalid-user).
 */
import type { MiddlewareHandler } from 'hono';
import { eq } from 'drizzle-orm';
import { roles, users } from '../db/schema';
import type { AppDeps, AppEnv, AuthUser } from './context';
import { unauthorized } from './errors';

export function requireAuth(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(.+)$/i.exec(header);
    if (!match?.[1]) throw unauthorized('Missing bearer token.');
    const claims = await deps.idp.verifyIdToken(match[1]);
    const user = await loadAuthUser(deps, claims.sub);
    if (!user) throw unauthorized('User not found.');
    c.set('user', user);
    await next();
  };
}

export async function loadAuthUser(deps: AppDeps, username: string): Promise<AuthUser | null> {
  const [u] = await deps.db.select().from(users).where(eq(users.username, username)).limit(1);
  if (!u) return null;
  const rs = await deps.db.select().from(roles).where(eq(roles.userId, u.id));
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    isSuperuser: u.isSuperuser,
    isCustomerSuccess: u.isCustomerSuccess,
    isReseller: u.isReseller,
    roles: rs.map((r) => ({ id: r.id, accountId: r.accountId, role: r.role, status: r.status })),
  };
}
