/**
 * Who may manage SSO configs (spec 000 §6 permission table: "Admin billing, feature flags, SSO config
 * — super only"): superusers. Everyone else → 403.
 */
import type { AuthUser } from '../../lib/context';
import { forbidden } from '../../lib/errors';

/** Throws 403 unless the caller is a superuser. */
export function assertCanManageSso(user: Pick<AuthUser, 'isSuperuser'>): void {
  if (!user.isSuperuser) throw forbidden('Only a Super Admin may manage SSO configs.');
}
