/**
 * One CRM on the integrations tab (issue 15 "Integrations"; spec 002 §2 Integrations tab, §4
 * integration state "not connected, connecting, connected, error, with a reconnect button"): a thin
 * binding of the crmConnection chart — the card shows the chart's state through its selectors and
 * only sends events. OAuth CRMs (HubSpot, Salesforce) leave for the CRM's sign-in page; API-key
 * CRMs (Linear, Pipedrive) open a dialog with a required password-style field. Disconnect asks
 * first. A CRM the account's features do not enable, or whose OAuth client this server lacks, says
 * so instead of offering Connect.
 */
import { useEffect, useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '../../../ui/toast';
import { Dialog } from '../../../ui/Dialog';
import { TextField } from '../../../ui/Field';
import type { CrmFailureKind } from '../../../../machines/integrations/crmConnection.machine';
import {
  selectCardState,
  selectCheckingKey,
  selectConfirmOpen,
  selectConnectionError,
  selectFailure,
  selectIsBusy,
  selectKeyDialogOpen,
  selectUser,
} from '../../../../machines/integrations/crmConnection.selectors';
import { INTEGRATION_NAMES } from '../../vidbots/editor/integrationNames';
import { inspect } from '../../machines/inspection';
import { createCrmConnectionMachine, toRecord, type CrmConnectionEdge } from './crmConnection.actors';
import type { CrmIntegration } from './integrations.api';

export interface CrmCardProps {
  accountId: number;
  integration: CrmIntegration;
  /** OAuth callback parameters meant for this CRM (from the tab's URL), completed once. */
  callback?: { code: string; state: string } | null;
  /** Tests replace the navigation. */
  leave?: CrmConnectionEdge['leave'];
}

/** The card of one CRM. */
export function CrmCard({ accountId, integration, callback = null, leave }: CrmCardProps) {
  const name = INTEGRATION_NAMES[integration.integrationType];
  const titleId = useId();
  const usable = integration.enabled && integration.configured;

  return (
    <article className="integration-card" aria-labelledby={titleId} data-integration={integration.integrationType}>
      <h3 id={titleId}>{name}</h3>
      {!integration.enabled ? (
        <p className="muted">
          <Trans>{name} is not enabled for this account.</Trans>
        </p>
      ) : !integration.configured ? (
        <p className="alert alert-warning">
          <Trans>{name} is not configured on this server. Ask your administrator to set its OAuth client id and secret.</Trans>
        </p>
      ) : null}
      {usable || integration.state !== 'not_connected' ? (
        <CrmConnection accountId={accountId} integration={integration} callback={usable ? callback : null} leave={leave} canConnect={usable} name={name} />
      ) : null}
    </article>
  );
}

function CrmConnection({
  accountId,
  integration,
  callback,
  leave,
  canConnect,
  name,
}: CrmCardProps & { canConnect: boolean; name: string }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [machine] = useState(() =>
    createCrmConnectionMachine({
      queryClient,
      leave: leave ?? ((url) => window.location.assign(url)),
      connected: (user) => toast.success(user ? t`${name} connected as ${user}.` : t`${name} connected.`),
      failed: (message) => toast.error(message ? t`Connecting ${name} failed: ${message}` : t`Connecting ${name} failed. Please try again.`),
    }),
  );
  const actor = useActorRef(machine, {
    input: { accountId, integrationType: integration.integrationType, auth: integration.auth, record: toRecord(integration), callback },
    inspect,
  });
  const state = useSelector(actor, selectCardState);
  const user = useSelector(actor, selectUser);
  const brokenBecause = useSelector(actor, selectConnectionError);
  const failure = useSelector(actor, selectFailure);
  const busy = useSelector(actor, selectIsBusy);
  const keyOpen = useSelector(actor, selectKeyDialogOpen);
  const checkingKey = useSelector(actor, selectCheckingKey);
  const confirmOpen = useSelector(actor, selectConfirmOpen);

  // The tab refetched (after a change here or a delivery that broke the connection): follow the server.
  const { state: serverState, error: serverError } = integration;
  const serverUser = integration.details.user;
  useEffect(() => {
    actor.send({ type: 'crm.synced', record: { state: serverState, user: serverUser, error: serverError } });
  }, [actor, serverState, serverUser, serverError]);

  const failureText: Record<CrmFailureKind, string> = {
    startFailed: t`The sign-in to ${name} could not be started.`,
    keyRefused: t`${name} did not accept this API key.`,
    connectFailed: t`Connecting ${name} failed. Please try again.`,
    callbackFailed: t`Connecting ${name} failed. Please try again.`,
    disconnectFailed: t`${name} could not be disconnected. Please try again.`,
  };

  return (
    <>
      <p className="integration-state" role="status">
        {state === 'notConnected' && (
          <span className="badge badge-muted">
            <Trans>Not connected</Trans>
          </span>
        )}
        {state === 'connecting' && (
          <span className="badge badge-warning">
            <Trans>Connecting…</Trans>
          </span>
        )}
        {state === 'disconnecting' && (
          <span className="badge badge-warning">
            <Trans>Disconnecting…</Trans>
          </span>
        )}
        {state === 'connected' && (
          <>
            <span className="badge badge-success">
              <Trans>Connected</Trans>
            </span>{' '}
            {user && (
              <span>
                <Trans>as {user}</Trans>
              </span>
            )}
          </>
        )}
        {state === 'error' && (
          <span className="badge badge-danger">
            <Trans>Connection error</Trans>
          </span>
        )}
      </p>
      {state === 'error' && brokenBecause && (
        <p className="alert alert-error">
          <Trans>The connection stopped working: {brokenBecause}. Form submissions wait until you reconnect.</Trans>
        </p>
      )}
      {failure && !keyOpen && (
        <p className="alert alert-error" role="alert">
          {failureText[failure.kind]} {failure.message && failure.kind !== 'keyRefused' ? failure.message : null}
        </p>
      )}
      <div className="actions">
        {(state === 'notConnected' || state === 'connecting') && canConnect && (
          <button type="button" className="button primary" disabled={busy} onClick={() => actor.send({ type: 'crm.connect' })}>
            <Trans>Connect {name}</Trans>
          </button>
        )}
        {state === 'error' && canConnect && (
          <button type="button" className="button primary" disabled={busy} onClick={() => actor.send({ type: 'crm.connect' })}>
            <Trans>Reconnect {name}</Trans>
          </button>
        )}
        {(state === 'connected' || state === 'error' || state === 'disconnecting') && (
          <button type="button" className="button" disabled={busy} onClick={() => actor.send({ type: 'crm.disconnect' })}>
            <Trans>Disconnect {name}</Trans>
          </button>
        )}
      </div>
      <ApiKeyDialog
        open={keyOpen}
        name={name}
        checking={checkingKey}
        error={failure && keyOpen ? (failure.kind === 'keyRefused' ? (failure.message ?? failureText.keyRefused) : failureText[failure.kind]) : undefined}
        onSubmit={(apiKey) => actor.send({ type: 'crm.submitKey', apiKey })}
        onClose={() => actor.send({ type: 'crm.cancel' })}
      />
      <Dialog open={confirmOpen} title={t`Disconnect ${name}?`} onClose={() => actor.send({ type: 'crm.cancel' })} confirm>
        <p>
          <Trans>New form submissions will no longer be sent to {name}. Submissions already delivered stay there.</Trans>
        </p>
        <div className="actions end">
          <button type="button" className="button" data-autofocus="" disabled={busy} onClick={() => actor.send({ type: 'crm.cancel' })}>
            <Trans>Cancel</Trans>
          </button>
          <button type="button" className="button danger" disabled={busy} onClick={() => actor.send({ type: 'crm.confirm' })}>
            <Trans>Disconnect</Trans>
          </button>
        </div>
      </Dialog>
    </>
  );
}

/** The API key dialog: one required password-style field. */
function ApiKeyDialog({
  open,
  name,
  checking,
  error,
  onSubmit,
  onClose,
}: {
  open: boolean;
  name: string;
  checking: boolean;
  error?: string;
  onSubmit: (apiKey: string) => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const [apiKey, setApiKey] = useState('');
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (!open) {
      setApiKey('');
      setTouched(false);
    }
  }, [open]);
  const empty = apiKey.trim() === '';
  return (
    <Dialog open={open} title={t`Connect ${name}`} onClose={onClose}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (!empty) onSubmit(apiKey);
        }}
      >
        <TextField
          label={t`${name} API key`}
          type="password"
          name="apiKey"
          autoComplete="off"
          required
          value={apiKey}
          onChange={setApiKey}
          disabled={checking}
          error={touched && empty ? t`The API key is required.` : error}
          hint={t`Find it in ${name}’s personal settings (API). It is stored encrypted and never shown again.`}
        />
        <div className="actions end">
          <button type="button" className="button" onClick={onClose} disabled={checking}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" className="button primary" disabled={checking}>
            {checking ? <Trans>Checking…</Trans> : <Trans>Connect</Trans>}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
