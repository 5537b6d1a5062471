/**
 * Chrome of account routes (spec 000 §2 shared chrome): a top bar (product name, account name,
 * language switch, sign-out) and a side navigation (Vidbots, Media) around the page's one `<main>`.
 * The side navigation becomes a bottom bar on small screens (styles.css, breakpoint sm 767 px).
 */
import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Account } from '../api/types';
import { LanguageSwitch } from './LanguageSwitch';

/** Skip link to the main content, first in the keyboard path. */
export function SkipLink() {
  return (
    <a className="skip-link" href="#main">
      <Trans>Skip to content</Trans>
    </a>
  );
}

/** Top bar: product name, current account, language switch, signed-in email and sign-out. */
export function TopBar({ account, email, onSignOut }: { account?: Account; email?: string; onSignOut: () => void }) {
  return (
    <header className="top-bar">
      <Link to="/dashboard" className="brand">
        Vidbot
      </Link>
      {account && (
        <span className="account-name" title={account.businessName}>
          {account.businessName}
        </span>
      )}
      <div className="top-bar-end">
        <LanguageSwitch />
        {email && <span className="user-email">{email}</span>}
        <button type="button" className="button" onClick={onSignOut}>
          <Trans>Sign out</Trans>
        </button>
      </div>
    </header>
  );
}

/** Side navigation of an account: Vidbots, Media. */
export function SideNav({ accountSlug }: { accountSlug: string }) {
  const { t } = useLingui();
  return (
    <nav className="side-nav" aria-label={t`Main navigation`}>
      <ul>
        <li>
          <Link to="/dashboard/$accountSlug/vidbots" params={{ accountSlug }} activeProps={{ 'aria-current': 'page', className: 'active' }}>
            <Trans>Vidbots</Trans>
          </Link>
        </li>
        <li>
          <Link to="/dashboard/$accountSlug/media" params={{ accountSlug }} activeProps={{ 'aria-current': 'page', className: 'active' }}>
            <Trans>Media</Trans>
          </Link>
        </li>
      </ul>
    </nav>
  );
}

/** Top bar + side nav + `<main id="main">` with the page. */
export function AppShell({
  account,
  email,
  onSignOut,
  children,
}: {
  account: Account;
  email?: string;
  onSignOut: () => void;
  children: ReactNode;
}) {
  return (
    <div className="app-shell">
      <SkipLink />
      <TopBar account={account} email={email} onSignOut={onSignOut} />
      <div className="app-body">
        <SideNav accountSlug={account.publicId} />
        <main id="main" className="app-main" tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}

/** Simple chrome for pages outside an account (team select, no-account, staff pages). */
export function PlainShell({ email, onSignOut, children }: { email?: string; onSignOut: () => void; children: ReactNode }) {
  return (
    <div className="app-shell">
      <SkipLink />
      <TopBar email={email} onSignOut={onSignOut} />
      <main id="main" className="app-main plain" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
