/**
 * Sign-in lockout like Cognito's (issue 3): after LOCKOUT_THRESHOLD (5) failed attempts the next
 * attempt must wait 1 s, then 2 s, 4 s … doubling per further failure up to LOCKOUT_MAX_MS
 * (15 minutes); while waiting, sign-in answers NotAuthorizedException "Password attempts exceeded"
 * without looking at the password. The counter resets after LOCKOUT_QUIET_MS (15 minutes) without
 * failures, or when a sign-in completes.
 *
 * Counters live in `idp_sign_in_failures` (shared by every API process), keyed `u:<users.id>` for a
 * known user and `h:<HMAC of the login>` for a login that matches nobody, so unknown logins lock
 * the same way and the lockout does not reveal which accounts exist.
 */
import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { idpSignInFailures } from '../db/schema';
import { CognitoError } from './errors';

/** Failures before the first wait. */
export const LOCKOUT_THRESHOLD = 5;
/** Longest wait between attempts, ms. */
export const LOCKOUT_MAX_MS = 15 * 60 * 1000;
/** A counter with no failure for this long starts over, ms. */
export const LOCKOUT_QUIET_MS = 15 * 60 * 1000;

export const PASSWORD_ATTEMPTS_EXCEEDED = 'Password attempts exceeded';

/** The wait after the `failures`-th failure in a row: 0 below the threshold, then 1 s · 2^(n−5), capped. */
export function lockoutDelayMs(failures: number): number {
  if (failures < LOCKOUT_THRESHOLD) return 0;
  return Math.min(1000 * 2 ** Math.min(failures - LOCKOUT_THRESHOLD, 30), LOCKOUT_MAX_MS);
}

export interface Lockout {
  /** Throws NotAuthorizedException "Password attempts exceeded" while `key` must wait. */
  assertNotLocked(key: string): Promise<void>;
  /** Counts one failure for `key` (and starts the wait from the threshold on). */
  recordFailure(key: string): Promise<void>;
  /** Clears `key`'s counter (a completed sign-in, a password reset). */
  reset(key: string): Promise<void>;
}

/** @param now clock in epoch ms (tests move it). */
export function createLockout(db: Db, now: () => number): Lockout {
  return {
    async assertNotLocked(key) {
      const [row] = await db.select().from(idpSignInFailures).where(eq(idpSignInFailures.key, key)).limit(1);
      if (row?.lockedUntil && row.lockedUntil.getTime() > now()) {
        throw new CognitoError('NotAuthorizedException', PASSWORD_ATTEMPTS_EXCEEDED);
      }
    },
    async recordFailure(key) {
      const at = new Date(now());
      const quietStart = new Date(now() - LOCKOUT_QUIET_MS);
      // Forget counters nobody has failed on for the quiet period (unknown logins included).
      await db.delete(idpSignInFailures).where(lt(idpSignInFailures.lastFailureAt, quietStart));
      const [row] = await db
        .insert(idpSignInFailures)
        .values({ key, failures: 1, lastFailureAt: at })
        .onConflictDoUpdate({
          target: idpSignInFailures.key,
          set: {
            failures: sql`CASE WHEN ${idpSignInFailures.lastFailureAt} >= ${quietStart.toISOString()}::timestamptz THEN ${idpSignInFailures.failures} + 1 ELSE 1 END`,
            lastFailureAt: at,
          },
        })
        .returning({ failures: idpSignInFailures.failures });
      const delay = lockoutDelayMs(row?.failures ?? 1);
      if (delay > 0) {
        await db.update(idpSignInFailures).set({ lockedUntil: new Date(now() + delay) }).where(eq(idpSignInFailures.key, key));
      }
    },
    async reset(key) {
      await db.delete(idpSignInFailures).where(eq(idpSignInFailures.key, key));
    },
  };
}
