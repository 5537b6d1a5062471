/**
 * E-mail (issue 3): the outbox (`sendEmail`, `listOutbox`), templates, and the staff outbox route.
 */
export { sendEmail, listOutbox, type EmailMessage, type EmailDeps, type OutboxRow } from './outbox';
export { forgotPasswordEmail, invitationEmail, temporaryPasswordEmail, escapeHtml } from './templates';
export { outboxRoutes } from './outbox.routes';
