/**
 * Real actors of the CRM connection chart (machines/integrations), bound at the app edge: the calls
 * of integrations.api.ts, `location.assign` for the trip to the CRM's sign-in page, the refetch of
 * the tab's query after a change, and the spec 002 §8 toasts.
 */
import { fromPromise } from 'xstate';
import type { QueryClient } from '@tanstack/react-query';
import { isHttpError } from '../../../api/client';
import { crmConnectionMachine } from '../../../../machines/integrations/crmConnection.machine';
import type { CompleteOAuthInput, CrmRecord, CrmTarget, RedirectInput, StartOAuthOutput, VerifyKeyInput } from '../../../../machines/integrations/crmConnection.actors';
import { connectCrm, disconnectCrm, integrationsOptions, startCrmOAuth, type CrmIntegration } from './integrations.api';

/** What the bindings need from the page. */
export interface CrmConnectionEdge {
  queryClient: QueryClient;
  /** Leaves the SPA for the CRM's authorize page (window.location.assign). */
  leave: (url: string) => void;
  /** Success toast. */
  connected: (user: string | null) => void;
  /** Error toast with the reason (server detail / field message), if any. */
  failed: (message: string | null) => void;
}

/** The record the chart keeps from a CrmIntegration. */
export function toRecord(integration: Pick<CrmIntegration, 'state' | 'details' | 'error'>): CrmRecord {
  return { state: integration.state, user: integration.details.user, error: integration.error };
}

/** An HttpError reduced to `{ status, code, detail }`, the field message of a 422 first (the vendor refused the key or code). */
function reason(error: unknown): unknown {
  if (!isHttpError(error)) return error;
  const fields = error.fieldErrors;
  const field = fields ? (fields.apiKey ?? fields.code ?? fields.state) : undefined;
  return { status: error.status, code: error.code, detail: field ?? error.detail ?? error.message };
}

/** The chart with the app's actors and toasts. */
export function createCrmConnectionMachine(edge: CrmConnectionEdge) {
  const refresh = (accountId: number) => edge.queryClient.invalidateQueries({ queryKey: integrationsOptions(accountId).queryKey });
  const call = async <T>(p: Promise<T>): Promise<T> => {
    try {
      return await p;
    } catch (error) {
      throw reason(error);
    }
  };
  return crmConnectionMachine.provide({
    actors: {
      startOAuth: fromPromise<StartOAuthOutput, CrmTarget>(({ input }) => call(startCrmOAuth(input.integrationType, input.accountId))),
      redirect: fromPromise<void, RedirectInput>(async ({ input }) => {
        edge.leave(input.authorizeUrl);
        // The page unloads; nothing settles this.
        await new Promise<never>(() => undefined);
      }),
      verifyKey: fromPromise<CrmRecord, VerifyKeyInput>(async ({ input }) => {
        const answer = await call(connectCrm(input.integrationType, input.accountId, { apiKey: input.apiKey }));
        await refresh(input.accountId);
        return toRecord(answer);
      }),
      completeOAuth: fromPromise<CrmRecord, CompleteOAuthInput>(async ({ input }) => {
        const answer = await call(connectCrm(input.integrationType, input.accountId, { code: input.code, state: input.state }));
        await refresh(input.accountId);
        return toRecord(answer);
      }),
      disconnect: fromPromise<void, CrmTarget>(async ({ input }) => {
        await call(disconnectCrm(input.integrationType, input.accountId));
        await refresh(input.accountId);
      }),
    },
    actions: {
      notifyConnected: ({ context }) => edge.connected(context.record.user),
      notifyConnectFailed: ({ context }) => edge.failed(context.failure?.message ?? null),
    },
  });
}
