/**
 * The account settings frame (spec 002 §2 "Account settings"): title, the tabs the viewer may see
 * (permissions.ts `settingsTabsFor`, spec 002 §6) as links, and the selected tab's page below.
 * Each tab is its own route (`settings.<tab>.tsx`), so each loads only its own code.
 */
import { Link, Outlet } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SettingsTab } from '../chrome/permissions';

export function SettingsLayout({ accountSlug, tabs }: { accountSlug: string; tabs: readonly SettingsTab[] }) {
  const { t } = useLingui();
  const label: Record<SettingsTab, string> = {
    profile: t`Profile`,
    account: t`Account`,
    integrations: t`Integrations`,
    tags: t`Tags`,
    'audit-log': t`Audit log`,
  };
  return (
    <section className="page settings-page" aria-labelledby="settings-title">
      <h1 id="settings-title">
        <Trans>Settings</Trans>
      </h1>
      <nav className="settings-tabs" aria-label={t`Settings sections`}>
        {tabs.map((tab) => (
          <Link
            key={tab}
            to={`/dashboard/$accountSlug/settings/${tab}`}
            params={{ accountSlug }}
            className="settings-tab"
            activeProps={{ 'aria-current': 'page', className: 'settings-tab is-active' }}
          >
            {label[tab]}
          </Link>
        ))}
      </nav>
      <Outlet />
    </section>
  );
}
