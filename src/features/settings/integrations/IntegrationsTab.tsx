/**
 * The integrations tab `/dashboard/{account}/settings/integrations` (issue 15 "Integrations"; spec
 * 002 §2 Integrations tab, §4, §8): GET /account/{accountId}/integration → one card per CRM
 * (HubSpot, Linear, Pipedrive, Salesforce; CrmCard binds the crmConnection chart) and Google Drive.
 * With the account's `integration` feature off it shows only the integration-disabled message. It is
 * also the landing point after a CRM's sign-in page (`?integration={type}&code&state`, put there by
 * the `/integration-callback/{type}` route): the callback goes to that CRM's card, which posts code
 * and state once, and the URL is cleaned at once so a reload does not post them again.
 */
import './integrations.css';
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Account } from '../../../api/types';
import { CrmCard, type CrmCardProps } from './CrmCard';
import { integrationsOptions, type AccountIntegrations, type CrmType } from './integrations.api';

/** The callback parameters of the tab's URL. */
export interface IntegrationsCallback {
  integration?: string;
  code?: string;
  state?: string;
}

export interface IntegrationsTabProps {
  account: Pick<Account, 'id' | 'publicId'>;
  callback: IntegrationsCallback;
  /** Removes the callback parameters from the URL (replace). */
  cleanUrl: () => void;
  /** Tests replace the navigation to a CRM's sign-in page. */
  leave?: CrmCardProps['leave'];
}

export function IntegrationsTab({ account, callback, cleanUrl, leave }: IntegrationsTabProps) {
  const { t } = useLingui();
  const query = useQuery(integrationsOptions(account.id));
  // Captured once: the URL is cleaned right away, the card keeps the code until it has posted it.
  const [pending] = useState(() =>
    callback.integration && callback.code && callback.state ? { type: callback.integration, code: callback.code, state: callback.state } : null,
  );
  const hasParams = Boolean(callback.integration || callback.code || callback.state);
  useEffect(() => {
    if (hasParams) cleanUrl();
  }, [hasParams, cleanUrl]);

  return (
    <section className="integrations-tab" aria-labelledby="integrations-title">
      <h2 id="integrations-title">
        <Trans>Integrations</Trans>
      </h2>
      {query.isError ? (
        <p className="alert alert-error" role="alert">
          <Trans>The integrations could not be loaded. Please try again later.</Trans>{' '}
          <button type="button" className="button link" onClick={() => void query.refetch()}>
            <Trans>Try again</Trans>
          </button>
        </p>
      ) : !query.data ? (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      ) : !query.data.enabled ? (
        <p className="alert alert-info" role="status">
          <Trans>Integrations are not enabled for this account. Contact support to enable them.</Trans>
        </p>
      ) : (
        <>
          <p className="muted">
            <Trans>Connect your CRM and the leads of your vidbots’ forms are sent to it. A form sends to a CRM when its integration block is on.</Trans>
          </p>
          <div className="integration-grid">
            {query.data.records.map((integration) => (
              <CrmCard
                key={integration.integrationType}
                accountId={account.id}
                integration={integration}
                callback={pending && pending.type === integration.integrationType ? { code: pending.code, state: pending.state } : null}
                leave={leave}
              />
            ))}
            <GoogleDriveCard accountSlug={account.publicId} drive={query.data.googleDrive} />
          </div>
          {pending && !query.data.records.some((r) => r.integrationType === (pending.type as CrmType)) && (
            <p className="alert alert-error" role="alert">
              {t`Invalid authentication state`}
            </p>
          )}
        </>
      )}
    </section>
  );
}

/** Google Drive (issue 5, shown here): the signed-in user's connection; connecting and importing live in the media library. */
function GoogleDriveCard({ accountSlug, drive }: { accountSlug: string; drive: AccountIntegrations['googleDrive'] }) {
  return (
    <article className="integration-card" aria-labelledby="integration-gdrive" data-integration="google-drive">
      <h3 id="integration-gdrive">Google Drive</h3>
      {!drive.enabled ? (
        <p className="muted">
          <Trans>Google Drive is not enabled for this account.</Trans>
        </p>
      ) : !drive.configured ? (
        <p className="alert alert-warning">
          <Trans>Google Drive is not configured on this server.</Trans>
        </p>
      ) : (
        <>
          <p className="integration-state" role="status">
            {drive.connected ? (
              <span className="badge badge-success">
                <Trans>Connected</Trans>
              </span>
            ) : (
              <span className="badge badge-muted">
                <Trans>Not connected</Trans>
              </span>
            )}
          </p>
          <p className="muted">
            <Trans>Your own Google account, used to import videos and images into the media library.</Trans>
          </p>
          <div className="actions">
            <Link className="button" to="/dashboard/$accountSlug/media/$type" params={{ accountSlug, type: 'video' }} search={{ gdrive: true }}>
              {drive.connected ? <Trans>Import from Google Drive</Trans> : <Trans>Connect Google Drive</Trans>}
            </Link>
          </div>
        </>
      )}
    </article>
  );
}
