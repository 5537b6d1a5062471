/**
 * Form submissions (issue 12 "forms … submission to the server (POST a form submission; stored per
 * bot, e-mailed to the recipient and bcc through the job queue, visible later in analytics; bad
 * input gets field messages, nothing lost on retry)"; spec 001 §3 Regular form, Form field, §5;
 * docs/api.md "Form submissions").
 *
 * Which form: the REGULAR_FORM action `actionId` of revision `revisionId` of the bot `publicId`.
 * The bot must be Published (account Active); the revision must be one of the bot's revisions that
 * has been published (the current one, or an earlier one a viewer may still have open when the bot
 * was republished meanwhile: their answers are not lost); `revisionId: null` means the current
 * published revision. Anything else → 404 (bot) or 422 (revisionId / actionId field messages).
 *
 * Idempotency: `submissionId` is the client's key. A key already stored for the same bot and action
 * answers 200 with the same body and stores / sends nothing; a key stored for another bot or form
 * answers 409. Concurrent retries are settled by the unique index (INSERT … ON CONFLICT DO NOTHING).
 *
 * The e-mail is written to the outbox in the submission's transaction (`queueEmail`), so it exists
 * exactly when the submission does; with SMTP configured an `email.send` job delivers it.
 *
 * CRM delivery (issue 15; spec 001 §4 form integrations): in the same transaction, one
 * `crm_deliveries` row and one `crm.deliver` job per enabled integration block of a CRM the bot's
 * account is connected to (integration/crm.service.ts `scheduleDeliveries`); a replayed key creates
 * nothing. `GET /bot/{id}/form-submission` records carry their `deliveries`.
 */
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { formSubmissionEmail, queueEmail, type FormSubmissionLine } from '../../email';
import type { AuthUser } from '../../lib/context';
import { conflict, HttpError, notFound, unprocessable } from '../../lib/errors';
import { listMetadata, type ListMetadata } from '../../lib/list-query';
import { canViewBots } from '../bot/bot.policy';
import * as botRepo from '../bot/bot.repo';
import { readContent } from '../bot/bot.service';
import type { FormField, RegularFormAction } from '../bot/content.rules';
import * as repo from './form.repo';
import type { FormSubmission, FormSubmissionBody, FormSubmissionCreated, FormSubmissionListQuery } from './form.schemas';
import { fieldIssueMessage, fieldValueIssue, takesValue } from './form.values';
import type { FormSubmissionValue } from '../../db/schema.form';
import { deliveriesBySubmission } from '../integration/crm.repo';
import { scheduleDeliveries, toCrmDelivery } from '../integration/crm.service';

const botNotFound = () => notFound('Vidbot not found.');

/** What the submission needs from the server. */
export interface FormDeps {
  db: Db;
  env: Pick<Env, 'smtpUrl' | 'emailFrom'>;
}

/**
 * Checks every answer against its field and returns the values to store, or throws 422 with
 * `errors['values.<field name>']` messages (unknown names included).
 * Stored: trimmed strings (empty optional answers left out), booleans for checkboxes (false when
 * absent), the chosen option's label for radio buttons.
 */
export function checkValues(fields: readonly FormField[], values: Record<string, unknown>): Record<string, FormSubmissionValue> {
  const errors: Record<string, string> = {};
  const byName = new Map(fields.map((f) => [f.name, f]));
  for (const name of Object.keys(values)) {
    if (!byName.has(name)) errors[`values.${name}`] = 'This form has no such field.';
  }
  const out: Record<string, FormSubmissionValue> = {};
  for (const field of fields) {
    const value = values[field.name];
    const issue = fieldValueIssue(field, value);
    if (issue) {
      errors[`values.${field.name}`] = fieldIssueMessage(field, issue);
      continue;
    }
    if (!takesValue(field)) continue;
    if (field.type === 'general_checkbox') out[field.name] = value === true;
    else if (field.type === 'radio_button') {
      const option = (field.options ?? []).find((o) => String(o.id) === String(value).trim());
      if (option) out[field.name] = option.label;
    } else if (typeof value === 'string' && value.trim() !== '') out[field.name] = value.trim();
  }
  if (Object.keys(errors).length) throw unprocessable('Some answers are not valid.', errors);
  return out;
}

/** The e-mail's lines: each answerable field's label and its answer in words. */
function emailLines(fields: readonly FormField[], stored: Record<string, FormSubmissionValue>, lang: 'en' | 'fi'): FormSubmissionLine[] {
  return fields.filter(takesValue).map((f) => {
    const value = stored[f.name];
    const text = typeof value === 'boolean' ? (value ? (lang === 'fi' ? 'Kyllä' : 'Yes') : lang === 'fi' ? 'Ei' : 'No') : (value ?? '');
    return { label: f.label, value: text };
  });
}

/**
 * `POST /public/bot/{publicId}/form-submission` → `{ status: 201 | 200, body: { submissionId } }`.
 * @throws 404 bot not found / not published; 422 field messages (revisionId, actionId, values.<name>);
 *   409 the key belongs to another bot or form.
 */
export async function submitForm(deps: FormDeps, publicId: string, body: FormSubmissionBody): Promise<{ status: 200 | 201; body: FormSubmissionCreated }> {
  const found = await botRepo.findBotByPublicId(deps.db, publicId);
  if (!found || found.bot.status !== 'Published' || found.accountStatus !== 'Active' || found.bot.publishedRevisionId === null) throw botNotFound();
  const bot = found.bot;
  const publishedRevisionId = found.bot.publishedRevisionId;

  const replay = async (): Promise<{ status: 200; body: FormSubmissionCreated }> => {
    const existing = await repo.findBySubmissionId(deps.db, body.submissionId);
    if (!existing) throw new HttpError(500, 'A submission vanished while it was being stored.');
    if (existing.botId !== bot.id || existing.actionId !== body.actionId) throw conflict('This submissionId was used for another form.', 'submission_conflict');
    return { status: 200, body: { submissionId: existing.submissionId } };
  };
  if (await repo.findBySubmissionId(deps.db, body.submissionId)) return replay();

  const revision = await botRepo.findRevision(deps.db, body.revisionId ?? publishedRevisionId);
  if (!revision || revision.botId !== bot.id || revision.publishedAt === null) {
    throw unprocessable('Validation failed.', { revisionId: 'This vidbot has no such published revision.' });
  }
  const content = readContent(revision.content);
  const action = content.actions.find((a) => a.id === body.actionId);
  if (!action || action.type !== 'REGULAR_FORM') throw unprocessable('Validation failed.', { actionId: 'This vidbot has no form with this id.' });
  const form = action as RegularFormAction;
  const fields = form.fields ?? [];
  const stored = checkValues(fields, body.values);
  const botLanguage = (content.settings as { language?: unknown }).language === 'fi' ? 'fi' : 'en';
  const language = body.lang ?? botLanguage;

  const created = await deps.db.transaction(async (tx) => {
    const row = await repo.insertSubmission(tx, {
      submissionId: body.submissionId,
      botId: bot.id,
      revisionId: revision.id,
      actionId: form.id,
      formName: form.name,
      values: stored,
      language,
    });
    if (!row) return null;
    await scheduleDeliveries(tx, {
      submissionRowId: row.id,
      accountId: bot.accountId,
      blocks: { hubspot: form.hubspot, linear: form.linear, pipedrive: form.pipedrive, salesforce: form.salesforce },
    });
    await queueEmail(
      { db: tx, env: deps.env },
      formSubmissionEmail({
        to: form.email,
        bcc: form.emailBcc ?? null,
        subject: form.subject,
        botName: bot.name,
        formName: form.name,
        lines: emailLines(fields, stored, language),
        submittedAt: row.createdAt,
        submissionId: row.submissionId,
        language,
      }),
    );
    return row;
  });
  if (!created) return replay();
  return { status: 201, body: { submissionId: created.submissionId } };
}

function toSubmission(row: repo.FormSubmissionRow, deliveries: FormSubmission['deliveries']): FormSubmission {
  return {
    id: row.id,
    submissionId: row.submissionId,
    botId: row.botId,
    revisionId: row.revisionId,
    actionId: row.actionId,
    formName: row.formName,
    values: row.values,
    language: row.language === 'fi' ? 'fi' : 'en',
    createdAt: row.createdAt.toISOString(),
    deliveries,
  };
}

/**
 * `GET /bot/{id}/form-submission?page&size` — a bot's submissions, newest first. Anyone who may
 * view the bot (any Active role in its account, Viewer included, and staff: spec 001 §6 editor and
 * share, spec 002 §6 analytics); others 404.
 */
export async function listSubmissions(db: Db, user: AuthUser, botId: number, q: FormSubmissionListQuery): Promise<{ records: FormSubmission[]; metadata: ListMetadata }> {
  const bot = await botRepo.findBotById(db, botId);
  if (!bot || !canViewBots(user, bot.accountId)) throw botNotFound();
  const { rows, totalCount } = await repo.listBotSubmissions(db, botId, q.page, q.size);
  const deliveries = await deliveriesBySubmission(db, rows.map((r) => r.id));
  return {
    records: rows.map((r) => toSubmission(r, (deliveries.get(r.id) ?? []).map(toCrmDelivery))),
    metadata: listMetadata(q.page, q.size, totalCount),
  };
}
