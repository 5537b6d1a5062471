/**
 * Selectors the CRM card binds to (DESIGN §5: views read the chart through these, never through raw
 * state names). Spec 002 §4: not connected, connecting, connected, error (with Reconnect).
 */
import type { SnapshotFrom } from 'xstate';
import type { CrmConnectionMachine, CrmFailure } from './crmConnection.machine';

type CrmConnectionSnapshot = SnapshotFrom<CrmConnectionMachine>;

/** What the card shows. */
export type CrmCardState = 'notConnected' | 'connecting' | 'connected' | 'error' | 'disconnecting';

/** The card's state. The key and confirmation dialogs sit on top of the state they came from. */
export function selectCardState(snapshot: CrmConnectionSnapshot): CrmCardState {
  if (snapshot.matches('connecting')) return 'connecting';
  if (snapshot.matches('disconnecting')) return 'disconnecting';
  if (snapshot.matches('connected')) return 'connected';
  if (snapshot.matches('error')) return 'error';
  const record = snapshot.context.record.state;
  if (snapshot.matches('confirmingDisconnect')) return record === 'error' ? 'error' : 'connected';
  if (snapshot.matches('enteringKey')) return record === 'error' ? 'error' : record === 'connected' ? 'connected' : 'notConnected';
  return 'notConnected';
}

/** The API key dialog is open. */
export function selectKeyDialogOpen(snapshot: CrmConnectionSnapshot): boolean {
  return snapshot.matches('enteringKey') || snapshot.matches({ connecting: 'checkingKey' });
}

/** The key is being checked (the dialog's Connect button waits). */
export function selectCheckingKey(snapshot: CrmConnectionSnapshot): boolean {
  return snapshot.matches({ connecting: 'checkingKey' });
}

/** The disconnect confirmation is open. */
export function selectConfirmOpen(snapshot: CrmConnectionSnapshot): boolean {
  return snapshot.matches('confirmingDisconnect') || snapshot.matches('disconnecting');
}

/** A call is running. */
export function selectIsBusy(snapshot: CrmConnectionSnapshot): boolean {
  return snapshot.hasTag('pending');
}

/** The connected CRM user's display name. */
export function selectUser(snapshot: CrmConnectionSnapshot): string | null {
  return snapshot.context.record.user;
}

/** The CRM's message of a broken connection. */
export function selectConnectionError(snapshot: CrmConnectionSnapshot): string | null {
  return snapshot.context.record.state === 'error' ? snapshot.context.record.error : null;
}

/** The last failed action, or null. */
export function selectFailure(snapshot: CrmConnectionSnapshot): CrmFailure | null {
  return snapshot.context.failure;
}
