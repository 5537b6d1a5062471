/**
 * E-mail (issue 3, issue 10 §3): the outbox (`queueEmail`, `listOutbox`), the `email.send` job that
 * delivers it over SMTP, templates, and the staff outbox route.
 */
export { queueEmail, listOutbox, EMAIL_JOB, EMAIL_MAX_ATTEMPTS, type EmailMessage, type EmailDeps, type OutboxRow } from './outbox';
export { emailJobHandlers } from './email.job';
export { forgotPasswordEmail, invitationEmail, temporaryPasswordEmail, formSubmissionEmail, escapeHtml, type FormSubmissionLine } from './templates';
export { outboxRoutes } from './outbox.routes';
