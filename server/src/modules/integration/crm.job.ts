/**
 * The `crm.deliver` job (issue 15 "form submissions … delivered to that CRM by a job with retries and
 * backoff … a CRM outage loses nothing"; architecture note §6): payload `{ deliveryId }`, one
 * attempt to hand one form submission to one CRM through its adapter (./crm.registry.ts).
 *
 * Outcomes of an attempt (each counted in `crm_deliveries.attempts`):
 * - success → `delivered` with the CRM's `externalId`; a secret the adapter refreshed is stored sealed;
 * - `CrmAuthError`, or no usable connection (disconnected, in error, secret unreadable) → the
 *   connection goes to `error` (audited `integration.error` the first time), the delivery stays
 *   `pending` with the reason and no job: connecting again re-enqueues it (crm.service `connect`);
 * - `CrmRejectedError` → `failed` (the retry route queues it again);
 * - anything else is temporary → `retrying` with `nextAttemptAt` = the queue's backoff, and the error
 *   is rethrown so the queue retries; after the last attempt (CRM_DELIVERY_ATTEMPTS, ≈ 2 h) → `failed`.
 * Vendor messages are stored; secrets never are.
 */
import { backoffMs, type JobHandler, type JobHandlers } from '../../jobs/queue';
import type { AppDeps } from '../../lib/context';
import { recordAudit } from '../../lib/audit';
import * as botRepo from '../bot/bot.repo';
import { readContent } from '../bot/bot.service';
import type { RegularFormAction } from '../bot/content.rules';
import * as formRepo from '../form/form.repo';
import { CRM_NAMES, crmAdapter } from './crm.registry';
import * as repo from './crm.repo';
import { CrmAuthError, CrmRejectedError, type CrmBlock, type CrmLead } from './crm.types';

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 1000);

/** The form's block and the lead of a delivery's submission, or null when the submission is gone. */
async function leadOf(deps: AppDeps, delivery: repo.CrmDeliveryRow): Promise<{ lead: CrmLead; block: CrmBlock } | null> {
  const submission = await formRepo.findById(deps.db, delivery.submissionId);
  if (!submission) return null;
  const bot = await botRepo.findBotById(deps.db, submission.botId);
  const revision = submission.revisionId !== null ? await botRepo.findRevision(deps.db, submission.revisionId) : undefined;
  const action = revision ? readContent(revision.content).actions.find((a) => a.id === submission.actionId) : undefined;
  const stored = action && action.type === 'REGULAR_FORM' ? (action as RegularFormAction)[delivery.integrationType] : null;
  const block: CrmBlock = { enabled: true, ...(stored as Partial<CrmBlock> | null | undefined) };
  const values: Record<string, string | boolean> = {};
  for (const [k, v] of Object.entries(submission.values)) if (typeof v === 'string' || typeof v === 'boolean') values[k] = v;
  return {
    block,
    lead: {
      submissionId: submission.submissionId,
      botName: bot?.name ?? '',
      formName: submission.formName,
      values,
      language: submission.language === 'fi' ? 'fi' : 'en',
      createdAt: submission.createdAt.toISOString(),
    },
  };
}

/** The delivery waits for a reconnect: connection to error (audited once), delivery pending without a job. */
async function waitForReconnect(deps: AppDeps, delivery: repo.CrmDeliveryRow, connection: repo.CrmConnectionRow | undefined, reason: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    if (connection && (await repo.markConnectionError(tx, connection.id, reason))) {
      await recordAudit(tx, {
        accountId: connection.accountId,
        actorUserId: null,
        type: 'integration.error',
        targetType: 'integration',
        targetId: connection.id,
        targetName: CRM_NAMES[connection.integrationType],
        details: { integrationType: connection.integrationType, error: reason },
      });
    }
    await repo.updateDelivery(tx, delivery.id, { state: 'pending', attempts: delivery.attempts + 1, lastError: reason, nextAttemptAt: null });
  });
}

export const crmDeliverJob: JobHandler = {
  async run({ deps, job }) {
    const deliveryId = Number((job.payload as { deliveryId?: unknown }).deliveryId);
    const delivery = Number.isInteger(deliveryId) ? await repo.findDelivery(deps.db, deliveryId) : undefined;
    if (!delivery || delivery.state === 'delivered' || delivery.state === 'failed') return { skipped: true };
    const type = delivery.integrationType;
    const name = CRM_NAMES[type];
    const adapter = crmAdapter(type);
    const connection = await repo.findConnection(deps.db, delivery.accountId, type);
    if (!adapter || !connection) {
      await waitForReconnect(deps, delivery, undefined, `${name} is not connected.`);
      return { waiting: true };
    }
    if (connection.state === 'error') {
      await waitForReconnect(deps, delivery, connection, connection.error ?? `${name} needs to be connected again.`);
      return { waiting: true };
    }
    let secret;
    try {
      secret = await repo.openCrmSecret(deps.idp, type, connection.secret);
    } catch {
      await waitForReconnect(deps, delivery, connection, `The stored ${name} credentials cannot be read (the server key changed); connect again.`);
      return { waiting: true };
    }
    const input = await leadOf(deps, delivery);
    if (!input) {
      await repo.updateDelivery(deps.db, delivery.id, { state: 'failed', lastError: 'The form submission no longer exists.' });
      return { failed: true };
    }
    try {
      const out = await adapter.deliver(deps.env.crm, { secret, connection: { accountId: connection.accountId, details: connection.details }, lead: input.lead, block: input.block });
      await deps.db.transaction(async (tx) => {
        if (out.secret) await repo.updateConnectionSecret(tx, deps.idp, connection.id, type, out.secret);
        await repo.updateDelivery(tx, delivery.id, {
          state: 'delivered',
          attempts: delivery.attempts + 1,
          externalId: out.externalId,
          lastError: null,
          nextAttemptAt: null,
          deliveredAt: new Date(),
        });
      });
      return { externalId: out.externalId };
    } catch (err) {
      if (err instanceof CrmAuthError) {
        await waitForReconnect(deps, delivery, connection, errorText(err));
        return { waiting: true };
      }
      if (err instanceof CrmRejectedError) {
        await repo.updateDelivery(deps.db, delivery.id, { state: 'failed', attempts: delivery.attempts + 1, lastError: errorText(err), nextAttemptAt: null });
        return { failed: true };
      }
      const last = job.attempts >= job.maxAttempts;
      await repo.updateDelivery(deps.db, delivery.id, {
        state: last ? 'failed' : 'retrying',
        attempts: delivery.attempts + 1,
        lastError: errorText(err),
        nextAttemptAt: last ? null : new Date(Date.now() + backoffMs(job.attempts)),
      });
      throw err;
    }
  },
  /** The job failed for good without the handler settling the delivery (e.g. interrupted on its last attempt): mark it failed. */
  async onFailed({ deps, job, error }) {
    const deliveryId = Number((job.payload as { deliveryId?: unknown }).deliveryId);
    const delivery = Number.isInteger(deliveryId) ? await repo.findDelivery(deps.db, deliveryId) : undefined;
    if (delivery && (delivery.state === 'pending' || delivery.state === 'retrying')) {
      await repo.updateDelivery(deps.db, delivery.id, { state: 'failed', lastError: error.slice(0, 1000), nextAttemptAt: null });
    }
  },
};

/** Handlers of this module, registered with the integration worker in server.ts. */
export const crmJobHandlers: JobHandlers = { [repo.CRM_DELIVER]: crmDeliverJob };
