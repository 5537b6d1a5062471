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

/** A short glyph per entry, shown when collapsed and in the bottom bar. */
const ICONS: Record<NavKey, string> = {
  analytics: '📈',
  vidbots: '🎬',
  widget: '🧩',
  mediaLibrary: '🖼',
  users: '👥',
  settings: '⚙',
  pendingInvites: '✉',
  accounts: '🏢',
  resellers: '🤝',
  live_status: '📡',
  admin_analytics: '📊',
  admin_billing: '💳',
  feature_flags: '🚩',
  admin_users: '🧑‍💼',
  sso_config: '🔑',
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
              <span className="nav-icon" aria-hidden="true">
                {ICONS[e.key]}
              </span>
              <span className="nav-label">{label(e.key)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
