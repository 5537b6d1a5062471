/**
 * E-mail templates (issue 3; spec 000 §4 "Forgot password", "Join team", staff-created users).
 * Each returns an `EmailMessage` (to, subject, plain text, HTML, kind) for `queueEmail`, in English
 * or Finnish (`language`, default 'en', the user's spec 000 §3 language). Values put into HTML are
 * escaped.
 */
import type { EmailMessage } from './outbox';

type Language = 'en' | 'fi';

/** Escapes text for an HTML body or attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);
}

function html(paragraphs: string[]): string {
  return `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">${paragraphs.map((p) => `<p>${p}</p>`).join('')}</body></html>`;
}

/**
 * The ForgotPassword code e-mail: the 6-digit code, valid 1 hour.
 * @param p.code six digits, shown as they are.
 */
export function forgotPasswordEmail(p: { to: string; code: string; language?: Language }): EmailMessage {
  const fi = p.language === 'fi';
  const subject = fi ? 'Vidbot-salasanan palautuskoodi' : 'Your Vidbot password reset code';
  const lines = fi
    ? [`Salasanan palautuskoodisi on ${p.code}.`, 'Koodi on voimassa tunnin ja sen voi käyttää kerran.', 'Jos et pyytänyt salasanan palautusta, voit jättää tämän viestin huomiotta.']
    : [`Your password reset code is ${p.code}.`, 'The code is valid for 1 hour and can be used once.', 'If you did not ask to reset your password, you can ignore this message.'];
  return {
    to: p.to,
    subject,
    text: lines.join('\n\n'),
    html: html([escapeHtml(lines[0] ?? '').replace(escapeHtml(p.code), `<strong style="font-size:1.4em;letter-spacing:.1em">${escapeHtml(p.code)}</strong>`), ...lines.slice(1).map(escapeHtml)]),
    kind: 'forgot-password',
  };
}

/**
 * The invitation e-mail with the join link (spec 000 §4 "Join team"; `/join-team?token=…`).
 * @param p.joinUrl absolute URL of the join page including the invitation token.
 */
export function invitationEmail(p: { to: string; accountName: string; joinUrl: string; language?: Language }): EmailMessage {
  const fi = p.language === 'fi';
  const subject = fi ? `Kutsu tiimiin ${p.accountName} Vidbotissa` : `You are invited to join ${p.accountName} on Vidbot`;
  const intro = fi ? `Sinut on kutsuttu tiimiin ${p.accountName} Vidbotissa.` : `You have been invited to join ${p.accountName} on Vidbot.`;
  const action = fi ? 'Liity tiimiin avaamalla linkki:' : 'Open this link to join the team:';
  const note = fi ? 'Jos et odottanut kutsua, voit jättää tämän viestin huomiotta.' : 'If you did not expect this invitation, you can ignore this message.';
  const link = fi ? 'Liity tiimiin' : 'Join the team';
  return {
    to: p.to,
    subject,
    text: `${intro}\n\n${action}\n${p.joinUrl}\n\n${note}`,
    html: html([escapeHtml(intro), `<a href="${escapeHtml(p.joinUrl)}">${escapeHtml(link)}</a>`, escapeHtml(note)]),
    kind: 'invitation',
  };
}

/**
 * The temporary-password e-mail for a user created by the system (account owner, staff): the
 * password must be changed at the first sign-in and expires after 7 days.
 * @param p.loginUrl absolute URL of the login page.
 */
export function temporaryPasswordEmail(p: { to: string; temporaryPassword: string; loginUrl: string; language?: Language }): EmailMessage {
  const fi = p.language === 'fi';
  const subject = fi ? 'Vidbot-tunnuksesi' : 'Your Vidbot account';
  const lines = fi
    ? [
        'Sinulle on luotu Vidbot-tunnus.',
        `Käyttäjätunnus: ${p.to}`,
        `Väliaikainen salasana: ${p.temporaryPassword}`,
        'Vaihda salasana ensimmäisellä kirjautumisella. Väliaikainen salasana vanhenee 7 päivässä.',
      ]
    : [
        'An account has been created for you on Vidbot.',
        `Username: ${p.to}`,
        `Temporary password: ${p.temporaryPassword}`,
        'You will choose your own password when you first sign in. The temporary password expires in 7 days.',
      ];
  return {
    to: p.to,
    subject,
    text: `${lines.join('\n')}\n\n${p.loginUrl}`,
    html: html([...lines.map(escapeHtml), `<a href="${escapeHtml(p.loginUrl)}">${escapeHtml(p.loginUrl)}</a>`]),
    kind: 'temporary-password',
  };
}

/** One answered field of a form submission, as the e-mail lists it. */
export interface FormSubmissionLine {
  /** The field's label (what the viewer saw). */
  label: string;
  /** The answer as text (checkbox → Yes/No in the e-mail's language, radio → the option's label). */
  value: string;
}

/**
 * The e-mail of a form submission (issue 12: "e-mailed to the recipient and bcc through the job
 * queue"; spec 001 §3 Regular form `email`, `emailBcc`, `subject`): to the form's recipient, bcc
 * the form's emailBcc, subject = the form's subject as the editor wrote it; the body names the vidbot
 * and the form and lists each field's label and answer, then the time (UTC, ISO 8601) and the
 * submission id. Language `en` (default) or `fi` (the viewer's player language).
 */
export function formSubmissionEmail(p: {
  to: string;
  bcc?: string | null;
  subject: string;
  botName: string;
  formName: string;
  lines: FormSubmissionLine[];
  submittedAt: Date;
  submissionId: string;
  language?: Language;
}): EmailMessage {
  const fi = p.language === 'fi';
  const intro = fi
    ? `Vidbotin ${p.botName} lomakkeeseen ${p.formName} on vastattu.`
    : `Someone filled in the form ${p.formName} of the vidbot ${p.botName}.`;
  const when = `${fi ? 'Lähetetty' : 'Sent'}: ${p.submittedAt.toISOString()}`;
  const ref = `${fi ? 'Lähetyksen tunnus' : 'Submission id'}: ${p.submissionId}`;
  const empty = fi ? '(ei vastausta)' : '(no answer)';
  const textLines = p.lines.map((l) => `${l.label}: ${l.value || empty}`);
  const rows = p.lines
    .map((l) => `<tr><th align="left" style="padding:4px 12px 4px 0;vertical-align:top">${escapeHtml(l.label)}</th><td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(l.value || empty)}</td></tr>`)
    .join('');
  return {
    to: p.to,
    bcc: p.bcc ?? null,
    subject: p.subject,
    text: `${intro}\n\n${textLines.join('\n')}\n\n${when}\n${ref}`,
    html: `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5"><p>${escapeHtml(intro)}</p><table>${rows}</table><p>${escapeHtml(when)}<br>${escapeHtml(ref)}</p></body></html>`,
    kind: 'form-submission',
  };
}
