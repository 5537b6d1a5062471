/**
 * Feedback survey (spec 000 §2, §9): loaded lazily by the chrome, only for accounts at least 30 days
 * old. A small dismissible card in the corner asks how Vidbot works for the team; "Share feedback"
 * opens the person's mail program with a prepared message, "Not now" hides the card for this
 * account (remembered in local storage).
 */
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';

const DISMISSED_KEY = (accountId: number) => `vidbot.survey.dismissed.${accountId}`;

function isDismissed(accountId: number): boolean {
  try {
    return localStorage.getItem(DISMISSED_KEY(accountId)) === '1';
  } catch {
    return false;
  }
}

/** The survey card of one account. */
export default function FeedbackSurvey({ accountId }: { accountId: number }) {
  const { t } = useLingui();
  const [hidden, setHidden] = useState(() => isDismissed(accountId));
  if (hidden) return null;
  const dismiss = () => {
    setHidden(true);
    try {
      localStorage.setItem(DISMISSED_KEY(accountId), '1');
    } catch {
      // no storage: hidden for this page only
    }
  };
  const subject = encodeURIComponent(t`Vidbot feedback`);
  return (
    <aside className="survey-card" aria-label={t`Feedback survey`}>
      <p>
        <Trans>You have used Vidbot for a month now. How is it working for your team?</Trans>
      </p>
      <div className="actions">
        <a className="button primary small" href={`mailto:?subject=${subject}`} onClick={dismiss}>
          <Trans>Share feedback</Trans>
        </a>
        <button type="button" className="button small" onClick={dismiss}>
          <Trans>Not now</Trans>
        </button>
      </div>
    </aside>
  );
}
