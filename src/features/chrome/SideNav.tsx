/**
 * Side navigation (spec 000 §2): the entries of `navEntries` with translated labels; collapses to
 * icons on desktop (toggle persisted in local storage) and becomes a bottom bar below the sm
 * breakpoint (styles in chrome.css).
 */
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import type { NavEntry, NavKey } from './navigation';

const COLLAPSED_KEY = 'vidbot.sideNavCollapsed';

/** Stroke icon paths (24×24) per entry, shown always and alone when collapsed. */
const ICONS: Record<NavKey, string> = {
  analytics: 'M4 20V10M10 20V4M16 20v-7M2 20h20',
  vidbots: 'M3 5h18v14H3zM10 9l5 3-5 3z',
  widget: 'M3 3h7v7H3zM14 3h7v7h-7zM3 14h7v7H3zM14 14h7v7h-7z',
  mediaLibrary: 'M3 5h18v14H3zM3 16l5-5 4 4 3-3 6 6M15.5 9.5h.01',
  users: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21v-1a7 7 0 0 1 14 0v1M16 3.5a4 4 0 0 1 0 7M22 21v-1a7 7 0 0 0-4-6.3',
  settings: 'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9 7 7M17 17l2.1 2.1M4.9 19.1 7 17M17 7l2.1-2.1',
  pendingInvites: 'M3 5h18v14H3zM3 6l9 7 9-7',
  accounts: 'M4 21V3h10v18M14 8h6v13M2 21h20M7 7h4M7 11h4M7 15h4',
  resellers: 'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1',
  live_status: 'M12 12h.01M8.5 8.5a5 5 0 0 0 0 7M15.5 8.5a5 5 0 0 1 0 7M5.6 5.6a9 9 0 0 0 0 12.8M18.4 5.6a9 9 0 0 1 0 12.8',
  admin_analytics: 'M12 3v9h9M21 12a9 9 0 1 1-9-9',
  admin_billing: 'M2 6h20v12H2zM2 10h20M6 15h4',
  feature_flags: 'M5 21V4M5 4h12l-2 4 2 4H5',
  admin_users: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zM12 12a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zM8 16a4 4 0 0 1 8 0',
  sso_config: 'M8 15a4 4 0 1 1 3.5-6H21v3h-2v3h-3v-3h-4.5A4 4 0 0 1 8 15z',
  machines: 'M3 4h6v5H3zM15 15h6v5h-6zM15 4h6v5h-6zM9 6.5h6M18 9v6M6 9v8.5h9',
};

/** Translated label of a navigation key. */
export function useNavLabel(): (key: NavKey) => string {
  const { t } = useLingui();
  return (key) => {
    switch (key) {
      case 'analytics':
        return t`Analytics`;
      case 'vidbots':
        return t`Vidbots`;
      case 'widget':
        return t`Widget`;
      case 'mediaLibrary':
        return t`Media`;
      case 'users':
        return t`Users`;
      case 'settings':
        return t`Settings`;
      case 'pendingInvites':
        return t`Pending invites`;
      case 'accounts':
        return t`Accounts`;
      case 'resellers':
        return t`Resellers`;
      case 'live_status':
        return t`Live status`;
      case 'admin_analytics':
        return t`Admin analytics`;
      case 'admin_billing':
        return t`Billing`;
      case 'feature_flags':
        return t`Feature flags`;
      case 'admin_users':
        return t`Admin users`;
      case 'sso_config':
        return t`SSO config`;
      case 'machines':
        return t`Machines`;
    }
  };
}

function readCollapsed(): boolean {
  try {
    return localStorage.getItem(COLLAPSED_KEY) === '1';
  } catch {
    return false;
  }
}

/** The navigation landmark with its entries. */
export function SideNav({ entries }: { entries: NavEntry[] }) {
  const { t } = useLingui();
  const label = useNavLabel();
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const toggle = () => {
    const next = !collapsed;
    setCollapsed(next);
    try {
      localStorage.setItem(COLLAPSED_KEY, next ? '1' : '0');
    } catch {
      // no storage: the choice lasts for this page
    }
  };
  return (
    <nav className={collapsed ? 'side-nav collapsed' : 'side-nav'} aria-label={t`Main navigation`}>
      <button
        type="button"
        className="side-nav-toggle"
        aria-expanded={!collapsed}
        aria-label={collapsed ? t`Expand navigation` : t`Collapse navigation`}
        title={collapsed ? t`Expand navigation` : t`Collapse navigation`}
        onClick={toggle}
      >
        <span aria-hidden="true">{collapsed ? '»' : '«'}</span>
      </button>
      <ul>
        {entries.map((e) => (
          <li key={e.key}>
            <Link
              to={e.path}
              data-nav={e.key}
              title={collapsed ? label(e.key) : undefined}
              activeOptions={{ includeSearch: false }}
              activeProps={{ 'aria-current': 'page', className: 'active' }}
            >
              <svg className="nav-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d={ICONS[e.key]} />
              </svg>
              <span className="nav-label">{label(e.key)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
