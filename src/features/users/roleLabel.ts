/** Translated role and status names (spec 000 §3). */
import { useLingui } from '@lingui/react/macro';
import type { RoleName, RoleStatus } from '../../api/types';

/** A function naming a role in the active language. */
export function useRoleLabel(): (role: RoleName | 'Super_Admin' | 'Customer_Success') => string {
  const { t } = useLingui();
  return (role) => {
    switch (role) {
      case 'Owner':
        return t`Owner`;
      case 'Admin':
        return t`Admin`;
      case 'Editor':
        return t`Editor`;
      case 'Viewer':
        return t`Viewer`;
      case 'Reseller':
        return t`Reseller`;
      case 'Super_Admin':
        return t`Super Admin`;
      case 'Customer_Success':
        return t`Customer Success`;
    }
  };
}

/** A function naming a membership status. */
export function useStatusLabel(): (status: RoleStatus) => string {
  const { t } = useLingui();
  return (status) => (status === 'Active' ? t`Active` : t`Invited`);
}
