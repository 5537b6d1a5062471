/**
 * valibot contracts of form submissions (issue 12; docs/api.md "Form submissions"):
 * `POST /public/bot/{publicId}/form-submission` and `GET /bot/{id}/form-submission`.
 */
import * as v from 'valibot';
import { listOf, Timestamp } from '../../lib/contract';
import { pageParam, sizeParam } from '../../lib/list-query';
import { CrmDelivery } from '../integration/crm.types';

/** Most answers one submission may carry (content.rules MAX_FORM_FIELDS is 50). */
const MAX_VALUES = 50;

/** Largest accepted request body, bytes (a form of 50 fields of ≤ 5000 characters fits easily). */
export const MAX_SUBMISSION_BYTES = 64 * 1024;

/** A client idempotency key: a UUID (any version), as `crypto.randomUUID()` makes. */
const Uuid = v.pipe(v.string('submissionId is required.'), v.trim(), v.toLowerCase(), v.uuid('submissionId must be a UUID.'));

const posInt = (name: string) => v.pipe(v.number(`${name} must be a positive integer.`), v.integer(`${name} must be a positive integer.`), v.minValue(1, `${name} must be a positive integer.`), v.maxValue(2_147_483_647, `${name} must be a positive integer.`));

/**
 * `POST /public/bot/{publicId}/form-submission` body. `revisionId` is the revision the player played
 * (PlayerBot.revisionId; null = the bot's current published revision); `values` maps field names to
 * answers (form.values.ts); `lang` the player's language (the e-mail's language; default the bot's).
 */
export const FormSubmissionBody = v.pipe(
  v.strictObject({
    submissionId: Uuid,
    revisionId: v.nullable(posInt('revisionId')),
    actionId: posInt('actionId'),
    values: v.pipe(
      v.record(
        v.pipe(v.string(), v.maxLength(100, 'Field names are at most 100 characters.')),
        v.union([v.pipe(v.string(), v.maxLength(10_000, 'Must be at most 10000 characters.')), v.boolean(), v.pipe(v.array(v.pipe(v.string(), v.maxLength(1000))), v.maxLength(50))], 'Must be text, true or false.'),
        'values must be an object of field names to answers.',
      ),
      v.check((r) => Object.keys(r).length <= MAX_VALUES, `At most ${MAX_VALUES} answers.`),
    ),
    lang: v.optional(v.picklist(['en', 'fi'], 'lang must be en or fi.')),
  }),
  v.metadata({ ref: 'FormSubmissionBody' }),
);
export type FormSubmissionBody = v.InferOutput<typeof FormSubmissionBody>;

/** `201` / `200` answer: the stored submission's id (the client's key). */
export const FormSubmissionCreated = v.pipe(v.strictObject({ submissionId: v.string() }), v.metadata({ ref: 'FormSubmissionCreated' }));
export type FormSubmissionCreated = v.InferOutput<typeof FormSubmissionCreated>;

/** One stored submission as `GET /bot/{id}/form-submission` lists it. */
export const FormSubmission = v.pipe(
  v.strictObject({
    id: v.number(),
    submissionId: v.string(),
    botId: v.number(),
    revisionId: v.nullable(v.number()),
    actionId: v.number(),
    formName: v.string(),
    /** Field name → answer (string; boolean for checkboxes; the option label for radio buttons). */
    values: v.record(v.string(), v.union([v.string(), v.boolean()])),
    language: v.picklist(['en', 'fi']),
    createdAt: Timestamp,
    /** Its deliveries to the account's CRMs (issue 15), one per CRM whose block was enabled and connected when it was stored. */
    deliveries: v.array(CrmDelivery),
  }),
  v.metadata({ ref: 'FormSubmission' }),
);
export type FormSubmission = v.InferOutput<typeof FormSubmission>;

/** `GET /bot/{id}/form-submission` answer, newest first. */
export const FormSubmissionList = listOf(FormSubmission);

/** `GET /bot/{id}/form-submission?page&size` (size default 20, at most 100). */
export const FormSubmissionListQuery = v.object({ page: pageParam, size: sizeParam(20, 100) });
export type FormSubmissionListQuery = v.InferOutput<typeof FormSubmissionListQuery>;
