/**
 * "Skip to content" link (WCAG 2.4.1 bypass blocks): the first focusable element of every page,
 * pointing at the page's `<main id="main">`. Its own module so guest pages (/login, /sso, /join-team)
 * do not pull the signed-in chrome (AppShell, navigation, queries) into their bundle.
 */
import { Trans } from '@lingui/react/macro';

export function SkipLink() {
  return (
    <a className="skip-link" href="#main">
      <Trans>Skip to content</Trans>
    </a>
  );
}
