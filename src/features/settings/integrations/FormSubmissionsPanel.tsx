/**
 * "Form submissions" of one vidbot with their CRM delivery state (issue 15 "Integrations": the
 * delivery state is visible per submission; architecture note §6). Shown on the vidbot's analytics
 * page, where a customer already looks at what visitors did with the vidbot. Lists GET
 * /bot/{id}/form-submission (newest first, 10 per page) with date, form, values and, per CRM, a
 * delivery badge: pending, retrying (with the next attempt time), delivered (with the CRM's id),
 * failed (with the error and a Retry button → POST /bot/{id}/form-submission/{submissionId}/delivery/{type}/retry).
 * While a delivery is pending or retrying the list refreshes every 5 s.
 */
import './integrations.css';
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '../../../ui/toast';
import { INTEGRATION_NAMES } from '../../vidbots/editor/integrationNames';
import { formSubmissionsOptions, retryDelivery, type CrmDelivery, type CrmType, type FormSubmissionWithDeliveries } from './integrations.api';

/** Refresh interval while a delivery is on its way, ms. */
export const DELIVERY_POLL_MS = 5_000;
const PAGE_SIZE = 10;

export function FormSubmissionsPanel({ botId }: { botId: number }) {
  const { t, i18n } = useLingui();
  const [page, setPage] = useState(1);
  const query = useQuery({
    ...formSubmissionsOptions(botId, page, PAGE_SIZE),
    refetchInterval: (q) => (q.state.data?.records.some((r) => r.deliveries?.some((d) => d.state === 'pending' || d.state === 'retrying')) ? DELIVERY_POLL_MS : false),
  });
  const date = (iso: string) => new Date(iso).toLocaleString(i18n.locale);
  const pageCount = query.data ? Math.max(1, query.data.metadata.pageCount) : 1;

  return (
    <section className="analytics-section form-submissions" aria-labelledby="form-submissions-heading">
      <h2 id="form-submissions-heading">
        <Trans>Form submissions</Trans>
      </h2>
      {query.isError ? (
        <p className="alert alert-error" role="alert">
          <Trans>The form submissions could not be loaded.</Trans>
        </p>
      ) : !query.data ? (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      ) : query.data.records.length === 0 ? (
        <p className="empty-state" role="status">
          <Trans>No form submissions yet.</Trans>
        </p>
      ) : (
        <>
          <div className="table-wrap">
            <table className="table">
              <caption className="visually-hidden">{t`Form submissions`}</caption>
              <thead>
                <tr>
                  <th scope="col">{t`Date`}</th>
                  <th scope="col">{t`Form`}</th>
                  <th scope="col">{t`Values`}</th>
                  <th scope="col">{t`CRM delivery`}</th>
                </tr>
              </thead>
              <tbody>
                {query.data.records.map((s) => (
                  <tr key={s.submissionId} data-submission={s.submissionId}>
                    <td>{date(s.createdAt)}</td>
                    <td>{s.formName}</td>
                    <td>
                      <dl className="submission-values">
                        {Object.entries(s.values).map(([name, value]) => (
                          <div key={name} style={{ display: 'contents' }}>
                            <dt>{name}</dt>
                            <dd>{typeof value === 'boolean' ? (value ? t`Yes` : t`No`) : value}</dd>
                          </div>
                        ))}
                      </dl>
                    </td>
                    <td>
                      <Deliveries botId={botId} submission={s} date={date} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {pageCount > 1 && (
            <nav className="actions" aria-label={t`Form submission pages`}>
              <button type="button" className="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                <Trans>Previous</Trans>
              </button>
              <span>
                <Trans>
                  Page {page} of {pageCount}
                </Trans>
              </span>
              <button type="button" className="button" disabled={page >= pageCount} onClick={() => setPage(page + 1)}>
                <Trans>Next</Trans>
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}

function Deliveries({ botId, submission, date }: { botId: number; submission: FormSubmissionWithDeliveries; date: (iso: string) => string }) {
  const deliveries = submission.deliveries ?? [];
  if (deliveries.length === 0) {
    return (
      <span className="muted">
        <Trans>Not sent to a CRM</Trans>
      </span>
    );
  }
  return (
    <ul className="delivery-list">
      {deliveries.map((d) => (
        <li key={d.integrationType} data-delivery={d.integrationType}>
          <DeliveryBadge botId={botId} submissionId={submission.submissionId} delivery={d} date={date} />
        </li>
      ))}
    </ul>
  );
}

function DeliveryBadge({ botId, submissionId, delivery, date }: { botId: number; submissionId: string; delivery: CrmDelivery; date: (iso: string) => string }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const name = INTEGRATION_NAMES[delivery.integrationType as CrmType];
  const retry = useMutation({
    mutationFn: () => retryDelivery(botId, submissionId, delivery.integrationType),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['bot', botId, 'form-submission'] }),
    onError: () => toast.error(t`The delivery to ${name} could not be retried. Please try again.`),
  });
  switch (delivery.state) {
    case 'pending':
      return (
        <>
          <strong>{name}</strong>
          <span className="badge badge-muted">
            <Trans>Pending</Trans>
          </span>
        </>
      );
    case 'retrying': {
      const next = delivery.nextAttemptAt ? date(delivery.nextAttemptAt) : null;
      return (
        <>
          <strong>{name}</strong>
          <span className="badge badge-warning">
            <Trans>Retrying</Trans>
          </span>
          {next && (
            <span className="muted small">
              <Trans>next attempt {next}</Trans>
            </span>
          )}
          {delivery.lastError && <span className="muted small">({delivery.lastError})</span>}
        </>
      );
    }
    case 'delivered':
      return (
        <>
          <strong>{name}</strong>
          <span className="badge badge-success">
            <Trans>Delivered</Trans>
          </span>
          {delivery.externalId && (
            <span className="muted small">
              <Trans>id {delivery.externalId}</Trans>
            </span>
          )}
        </>
      );
    case 'failed':
      return (
        <>
          <strong>{name}</strong>
          <span className="badge badge-danger">
            <Trans>Failed</Trans>
          </span>
          {delivery.lastError && <span className="small">{delivery.lastError}</span>}
          <button type="button" className="button small" disabled={retry.isPending} onClick={() => retry.mutate()} aria-label={t`Retry the delivery to ${name}`}>
            <Trans>Retry</Trans>
          </button>
        </>
      );
  }
}
