/**
 * User menu (spec 000 §2; issue 15 "the user's own profile … and password change reachable from the
 * chrome"): My profile (`/dashboard/profile`: names and language), set up MFA (hidden for a Google identity), change password,
 * privacy policy, logout, and the Power user toggle (desktop, power users only). A menu button
 * (`aria-haspopup="menu"`) opens a `role="menu"`; arrow keys move, Escape closes and returns focus.
 *
 * Every link leads to a route of the route tree (typed `to`); the privacy policy entry stays out
 * until its page (/privacy-policy, spec 000 §2) is built (issue 10 §2: no entry leads to 'Page not
 * found').
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { User } from '../../api/types';
import { canTogglePowerUser, hasGoogleIdentity } from './permissions';
import { setPowerUserMode, usePowerUserMode } from './powerUser';
import { useMediaQuery } from '../../ui/useMediaQuery';

/** Targets of pages built by other areas (own profile, security screens). */
const PROFILE_PATH = '/dashboard/profile';
const SECURITY_PATH = '/dashboard/security';
const CHANGE_PASSWORD_PATH = '/dashboard/security/change-password';

export interface UserMenuProps {
  me: User;
  onSignOut: () => void;
}

/** The signed-in user's menu in the top bar. */
export function UserMenu({ me, onSignOut }: UserMenuProps) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const desktop = !useMediaQuery('(max-width: 766px)');
  const powerOn = usePowerUserMode(me);
  const initials = ((me.firstName?.[0] ?? '') + (me.lastName?.[0] ?? '')).toUpperCase() || me.email[0]?.toUpperCase() || '?';

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const onDoc = (e: MouseEvent) => {
      const target = e.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('mousedown', onDoc);
    return () => document.removeEventListener('mousedown', onDoc);
  }, [open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const onKey = (e: KeyboardEvent) => {
    const list = items();
    const i = list.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'Escape') {
      e.preventDefault();
      close();
    } else if (e.key === 'ArrowDown') {
      e.preventDefault();
      list[(i + 1) % list.length]?.focus();
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      list[(i - 1 + list.length) % list.length]?.focus();
    } else if (e.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div className="user-menu">
      <button
        ref={buttonRef}
        type="button"
        className="user-menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={t`User menu for ${me.email}`}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="avatar" aria-hidden="true">
          {initials}
        </span>
        <span className="user-email">{me.email}</span>
      </button>
      {open && (
        <ul ref={menuRef} role="menu" className="menu-popup" aria-label={t`User menu`} onKeyDown={onKey}>
          <li role="none">
            <Link role="menuitem" to={PROFILE_PATH} onClick={() => setOpen(false)}>
              <Trans>My profile</Trans>
            </Link>
          </li>
          {!hasGoogleIdentity(me) && (
            <li role="none">
              <Link role="menuitem" to={SECURITY_PATH} onClick={() => setOpen(false)}>
                <Trans>Set up MFA</Trans>
              </Link>
            </li>
          )}
          <li role="none">
            <Link role="menuitem" to={CHANGE_PASSWORD_PATH} onClick={() => setOpen(false)}>
              <Trans>Change password</Trans>
            </Link>
          </li>
          {canTogglePowerUser(me, desktop) && (
            <li role="none">
              <button type="button" role="menuitemcheckbox" aria-checked={powerOn} onClick={() => setPowerUserMode(!powerOn)}>
                <span className={powerOn ? 'switch on' : 'switch'} aria-hidden="true" />
                <Trans>Power user</Trans>
              </button>
            </li>
          )}
          <li role="none">
            <button
              type="button"
              role="menuitem"
              onClick={() => {
                setOpen(false);
                onSignOut();
              }}
            >
              <Trans>Log out</Trans>
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
