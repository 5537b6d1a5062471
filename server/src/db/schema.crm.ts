/**
 * CRM integrations (issue 15 "Integrations"; spec 002 §3 Integration, §4 integration states; spec 001
 * §4 Form integrations). Contracts and adapter interface: modules/integration/crm.types.ts.
 *
 * - `crm_connections`: one per account × CRM (`integration_type` hubspot | linear | pipedrive |
 *   salesforce). `secret` is the sealed JSON of `CrmSecret` (identity provider `sealSecret`, purpose
 *   `crm:<type>`): never answered, never logged. `state` connected | error (no row = not connected);
 *   `error` the vendor's message when the connection broke. `details` non-secret facts (`user`,
 *   portal / team / instance).
 * - `crm_deliveries`: one per form submission × CRM whose block was enabled and connected when the
 *   submission was stored. `state` pending → delivered, or retrying (with `next_attempt_at`) and
 *   finally failed; `external_id` the CRM's id of what was created. Written by the `crm.deliver` job.
 */
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts, users } from './schema';
import { formSubmissions } from './schema.form';

export type CrmType = 'hubspot' | 'linear' | 'pipedrive' | 'salesforce';

export const crmConnections = pgTable(
  'crm_connections',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    integrationType: text('integration_type').$type<CrmType>().notNull(),
    state: text('state').$type<'connected' | 'error'>().notNull().default('connected'),
    secret: text('secret').notNull(),
    details: jsonb('details').$type<Record<string, string>>().notNull().default({}),
    error: text('error'),
    connectedBy: integer('connected_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('crm_connections_account_type_uq').on(t.accountId, t.integrationType)],
);

export const crmDeliveries = pgTable(
  'crm_deliveries',
  {
    id: serial('id').primaryKey(),
    submissionId: integer('submission_id').notNull().references(() => formSubmissions.id, { onDelete: 'cascade' }),
    accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    integrationType: text('integration_type').$type<CrmType>().notNull(),
    state: text('state').$type<'pending' | 'retrying' | 'delivered' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    externalId: text('external_id'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('crm_deliveries_submission_type_uq').on(t.submissionId, t.integrationType), index('crm_deliveries_account_idx').on(t.accountId, t.state)],
);
