/**
 * The account settings frame (spec 002 §2 "Account settings"): title, the tabs the viewer may see
 * (permissions.ts `settingsTabsFor`, spec 002 §6) as a labelled navigation list of links with the
 * current tab marked (`aria-current="page"`), and the selected tab's page below. Each tab is its own
 * route (`settings.<tab>.tsx`), so each loads only its own code, and each owns its form: only the
 * profile and account tabs have a Save button (spec 002 §2 "The Save button is enabled only on
 * profile and account tabs"); integrations, tags and the audit log act at once or only read.
 * Styles: settings.css (loaded with this route's chunk).
 */
import { Link, Outlet } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SettingsTab } from '../chrome/permissions';
import './settings.css';

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
      <nav className="settings-nav" aria-label={t`Settings sections`}>
        <ul>
          {tabs.map((tab) => (
            <li key={tab}>
              <Link
                to={`/dashboard/$accountSlug/settings/${tab}`}
                params={{ accountSlug }}
                className="settings-nav-link"
                activeProps={{ 'aria-current': 'page' }}
              >
                {label[tab]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </section>
  );
}
