/**
 * SQL of the CRM integrations (issue 15; tables `crm_connections` and `crm_deliveries` in
 * db/schema.crm.ts). No permission decisions here.
 *
 * A connection's `secret` column holds the JSON of `CrmSecret` sealed with the identity provider's
 * `sealSecret` under purpose `crm:<type>` (compact JWE, A256GCM): functions here take and answer
 * plain `CrmSecret` objects and the sealer; the plain secret never reaches a log or an answer.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { crmConnections, crmDeliveries, jobs } from '../../db/schema';
import type { IdpService } from '../../idp/types';
import type { CrmSecret, FormIntegration } from './crm.types';

export type CrmConnectionRow = typeof crmConnections.$inferSelect;
export type CrmDeliveryRow = typeof crmDeliveries.$inferSelect;

/** Seals and opens stored secrets (`deps.idp`). */
export type SecretSealer = Pick<IdpService, 'sealSecret' | 'openSecret'>;

/** Job type of one delivery attempt (payload `{ deliveryId }`). */
export const CRM_DELIVER = 'crm.deliver';

/** Seals a CRM secret for storage (purpose `crm:<type>`). */
export async function sealCrmSecret(box: SecretSealer, type: FormIntegration, secret: CrmSecret): Promise<string> {
  return box.sealSecret(`crm:${type}`, JSON.stringify(secret));
}

/** Opens a stored CRM secret. @throws when forged, of another type or sealed under another key. */
export async function openCrmSecret(box: SecretSealer, type: FormIntegration, sealed: string): Promise<CrmSecret> {
  return JSON.parse(await box.openSecret(`crm:${type}`, sealed)) as CrmSecret;
}

/** The account's connections (sealed), any state. */
export async function listConnections(db: DbOrTx, accountId: number): Promise<CrmConnectionRow[]> {
  return db.select().from(crmConnections).where(eq(crmConnections.accountId, accountId));
}

/** The account's connection to `type` (sealed), or undefined. */
export async function findConnection(db: DbOrTx, accountId: number, type: FormIntegration): Promise<CrmConnectionRow | undefined> {
  const [row] = await db
    .select()
    .from(crmConnections)
    .where(and(eq(crmConnections.accountId, accountId), eq(crmConnections.integrationType, type)))
    .limit(1);
  return row;
}

/** Creates or replaces the account's connection to `type`: state connected, error cleared. */
export async function upsertConnection(
  db: DbOrTx,
  box: SecretSealer,
  p: { accountId: number; type: FormIntegration; secret: CrmSecret; details: Record<string, string>; connectedBy: number },
): Promise<CrmConnectionRow> {
  const sealed = await sealCrmSecret(box, p.type, p.secret);
  const [row] = await db
    .insert(crmConnections)
    .values({ accountId: p.accountId, integrationType: p.type, state: 'connected', secret: sealed, details: p.details, connectedBy: p.connectedBy })
    .onConflictDoUpdate({
      target: [crmConnections.accountId, crmConnections.integrationType],
      set: { state: 'connected', secret: sealed, details: p.details, error: null, connectedBy: p.connectedBy, createdAt: sql`now()`, updatedAt: sql`now()` },
    })
    .returning();
  if (!row) throw new Error('upsertConnection: no row');
  return row;
}

/** Stores a secret the adapter refreshed (OAuth) on connection `id`. */
export async function updateConnectionSecret(db: DbOrTx, box: SecretSealer, id: number, type: FormIntegration, secret: CrmSecret): Promise<void> {
  await db
    .update(crmConnections)
    .set({ secret: await sealCrmSecret(box, type, secret), updatedAt: sql`now()` })
    .where(eq(crmConnections.id, id));
}

/** Marks connection `id` broken with the vendor's message. @returns whether it was connected before (first time it broke). */
export async function markConnectionError(db: DbOrTx, id: number, message: string): Promise<boolean> {
  const rows = await db
    .update(crmConnections)
    .set({ state: 'error', error: message.slice(0, 1000), updatedAt: sql`now()` })
    .where(and(eq(crmConnections.id, id), eq(crmConnections.state, 'connected')))
    .returning({ id: crmConnections.id });
  return rows.length > 0;
}

/** Deletes the account's connection to `type`; answers the deleted row (sealed) or undefined. */
export async function deleteConnection(db: DbOrTx, accountId: number, type: FormIntegration): Promise<CrmConnectionRow | undefined> {
  const [row] = await db
    .delete(crmConnections)
    .where(and(eq(crmConnections.accountId, accountId), eq(crmConnections.integrationType, type)))
    .returning();
  return row;
}

/** Inserts delivery rows (pending); existing (submission, type) pairs are skipped. @returns the new rows. */
export async function insertDeliveries(db: DbOrTx, rows: { submissionId: number; accountId: number; integrationType: FormIntegration }[]): Promise<CrmDeliveryRow[]> {
  if (rows.length === 0) return [];
  return db.insert(crmDeliveries).values(rows).onConflictDoNothing().returning();
}

export async function findDelivery(db: DbOrTx, id: number): Promise<CrmDeliveryRow | undefined> {
  const [row] = await db.select().from(crmDeliveries).where(eq(crmDeliveries.id, id)).limit(1);
  return row;
}

export async function findSubmissionDelivery(db: DbOrTx, submissionRowId: number, type: FormIntegration): Promise<CrmDeliveryRow | undefined> {
  const [row] = await db
    .select()
    .from(crmDeliveries)
    .where(and(eq(crmDeliveries.submissionId, submissionRowId), eq(crmDeliveries.integrationType, type)))
    .limit(1);
  return row;
}

/** Changes a delivery; `updated_at` is set from the database clock. */
export async function updateDelivery(db: DbOrTx, id: number, patch: Partial<Omit<CrmDeliveryRow, 'id' | 'submissionId' | 'accountId' | 'integrationType' | 'createdAt'>>): Promise<void> {
  await db
    .update(crmDeliveries)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(crmDeliveries.id, id));
}

/** Deliveries of these submissions (form_submissions ids), by submission id, in type order. */
export async function deliveriesBySubmission(db: DbOrTx, submissionRowIds: number[]): Promise<Map<number, CrmDeliveryRow[]>> {
  const out = new Map<number, CrmDeliveryRow[]>();
  if (submissionRowIds.length === 0) return out;
  const rows = await db.select().from(crmDeliveries).where(inArray(crmDeliveries.submissionId, submissionRowIds)).orderBy(crmDeliveries.integrationType);
  for (const row of rows) out.set(row.submissionId, [...(out.get(row.submissionId) ?? []), row]);
  return out;
}

/**
 * Deliveries of the account to `type` that wait for a reconnect: state pending and no `crm.deliver`
 * job queued or running for them (their last attempt met a broken or missing connection).
 */
export async function waitingDeliveries(db: DbOrTx, accountId: number, type: FormIntegration): Promise<CrmDeliveryRow[]> {
  return db
    .select()
    .from(crmDeliveries)
    .where(
      and(
        eq(crmDeliveries.accountId, accountId),
        eq(crmDeliveries.integrationType, type),
        eq(crmDeliveries.state, 'pending'),
        sql`NOT EXISTS (SELECT 1 FROM ${jobs} AS j WHERE j.type = ${CRM_DELIVER} AND j.status IN ('queued', 'running') AND (j.payload ->> 'deliveryId') = ${crmDeliveries.id}::text)`,
      ),
    );
}
