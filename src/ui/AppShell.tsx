/**
 * Chrome of dashboard routes (spec 000 §2 shared chrome): a top bar (product name, account switcher,
 * language switch, user menu), a side navigation with the entries the viewer may see (collapsible on
 * desktop, a bottom bar below the sm breakpoint 767 px), the page's one `<main>`, and the feedback
 * survey for accounts at least 30 days old. `AppShell` reads the current user, the accounts and the
 * selected account's features from the query cache (the `_auth` loader has loaded them).
 * `PlainShell` is the simple chrome of pages outside the dashboard (team select, no account).
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import type { Account } from '../api/types';
import { accountsOptions, featuresOptions, meOptions } from '../api/queries';
import { LanguageSwitch } from './LanguageSwitch';
import { SkipLink } from './SkipLink';
import { InShellContext } from './shellContext';
import { useSession } from '../features/session/hooks';
import { navEntries } from '../features/chrome/navigation';
import { SideNav } from '../features/chrome/SideNav';
import { UserMenu } from '../features/chrome/UserMenu';
import { AccountSwitcher } from '../features/chrome/AccountSwitcher';
import { activeRoleIn, canSeeSwitcher, surveyEligible } from '../features/chrome/permissions';
import '../features/chrome/chrome.css';

const FeedbackSurvey = lazy(() => import('../features/chrome/FeedbackSurvey'));

export { SkipLink } from './SkipLink';

/** Top bar of PlainShell: product name, language switch, signed-in email and sign-out. */
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

/**
 * The dashboard chrome around `children`. `account` is the selected account (null on staff pages
 * outside an account).
 */
export function AppShell({ account = null, children }: { account?: Account | null; children: ReactNode }) {
  const session = useSession();
  const me = useQuery(meOptions()).data;
  const accounts = useQuery(accountsOptions()).data?.records ?? [];
  const features = useQuery(featuresOptions(account?.id ?? 0)).data?.features ?? [];
  const role = me && account ? activeRoleIn(me.roles, account.id) : null;
  const entries = me ? navEntries({ viewer: me, account: account ? { publicId: account.publicId, role } : null, features, devMode: import.meta.env.DEV }) : [];

  return (
    <InShellContext.Provider value={true}>
      <div className="app-shell">
        <SkipLink />
        <header className="top-bar">
          <Link to="/dashboard" className="brand">
            Vidbot
          </Link>
          {me && canSeeSwitcher(me, accounts.length) ? (
            <AccountSwitcher me={me} accounts={accounts} current={account} />
          ) : (
            account && (
              <span className="account-name" title={account.businessName}>
                {account.businessName}
              </span>
            )
          )}
          <div className="top-bar-end">
            <LanguageSwitch />
            {me && <UserMenu me={me} onSignOut={session.signOut} />}
          </div>
        </header>
        <div className="app-body">
          {entries.length > 0 && <SideNav entries={entries} />}
          <main id="main" className="app-main" tabIndex={-1}>
            {children}
          </main>
        </div>
        {account && surveyEligible(account.createdAt, Date.now()) && (
          <Suspense fallback={null}>
            <FeedbackSurvey accountId={account.id} />
          </Suspense>
        )}
      </div>
    </InShellContext.Provider>
  );
}

/** Simple chrome for pages outside the dashboard (team select, no-account). */
export function PlainShell({ email, onSignOut, children }: { email?: string; onSignOut: () => void; children: ReactNode }) {
  return (
    <InShellContext.Provider value={true}>
      <div className="app-shell">
        <SkipLink />
        <TopBar email={email} onSignOut={onSignOut} />
        <main id="main" className="app-main plain" tabIndex={-1}>
          {children}
        </main>
      </div>
    </InShellContext.Provider>
  );
}
