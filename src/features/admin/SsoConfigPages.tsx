/**
 * SSO configurations (superusers; spec 000 §2, §5, §7, §8): the list with a Create dialog (name,
 * domain, provider required; created active; failure 'Error creating SSO Config'), and the detail
 * page with the active/disabled switch and account assignments (account and default role Viewer or
 * Editor, both required; failure 'Error creating SSO Provision'). Both also carry the upstream
 * OpenID Connect settings (issuer URL, client id, write-only client secret; rules in ssoForm.ts).
 *
 * The create, upstream and assign forms are @tanstack/react-form forms (issue 14): rules on submit
 * (assign: Assign disabled until both are chosen), the submit button disabled while saving, a 422's
 * field messages on their fields and the input kept after a failed save. The list's Create dialog and
 * the Active switch are plain view state / a single action.
 */
import { useState, type ReactNode } from 'react';
import { useForm } from '@tanstack/react-form';
import { Link, useNavigate } from '@tanstack/react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '../../ui/toast';
import { Dialog } from '../../ui/Dialog';
import { SelectField, TextField } from '../../ui/Field';
import { TableFallback } from '../../ui/TableFallback';
import { firstError, showServerErrors, submitForm } from '../../ui/formErrors';
import { AccountPicker, type PickedAccount } from './AccountPicker';
import { createSsoConfig, patchSsoUpstream, provisionSso, setSsoStatus, ssoConfigOptions, ssoConfigsOptions, type SsoConfig } from './admin.api';
import { ssoUpstreamCreateBody, ssoUpstreamPatchBody, ssoUpstreamProblems, type SsoUpstreamProblems, type SsoUpstreamState } from './ssoForm';

/** Required-field problems of the create form (spec 000 §5 "SSO create"). */
export function ssoCreateProblems(s: { name: string; domain: string; provider: string }): Array<'name' | 'domain' | 'provider'> {
  return (['name', 'domain', 'provider'] as const).filter((k) => s[k].trim() === '');
}

/** Translated messages of the upstream field problems. */
function useUpstreamMessages(): (p: SsoUpstreamProblems) => Record<string, string> {
  const { t } = useLingui();
  return (p) => {
    const out: Record<string, string> = {};
    if (p.issuerUrl) out.issuerUrl = t`Issuer URL must be an https or http URL.`;
    if (p.clientId) out.clientId = t`Client id is at most 500 characters.`;
    if (p.clientSecret) out.clientSecret = t`Client secret is at most 2000 characters.`;
    return out;
  };
}

/** What an upstream input binds to: its value, change / blur handlers and message. */
interface UpstreamBinding {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error?: string;
}

/** Renders one upstream input bound to its form field (each form passes its own `form.Field`). */
type UpstreamFieldSlot = (name: keyof SsoUpstreamState, render: (b: UpstreamBinding) => ReactNode) => ReactNode;

/** The issuer URL, client id and client secret inputs (create dialog and detail page). */
function UpstreamFields({ field, hasClientSecret }: { field: UpstreamFieldSlot; hasClientSecret?: boolean }) {
  const { t } = useLingui();
  return (
    <>
      {field('issuerUrl', (b) => (
        <TextField label={t`Issuer URL`} {...b} hint={<Trans>The upstream OpenID Connect issuer, e.g. https://login.example.com</Trans>} />
      ))}
      {field('clientId', (b) => (
        <TextField label={t`Client id`} {...b} maxLength={500} />
      ))}
      {field('clientSecret', (b) => (
        <TextField
          label={hasClientSecret === undefined ? t`Client secret` : t`New client secret`}
          type="password"
          autoComplete="new-password"
          {...b}
          maxLength={2000}
          hint={
            hasClientSecret === undefined ? undefined : hasClientSecret ? (
              <Trans>A client secret is set. Type a new one to replace it; leave empty to keep it.</Trans>
            ) : (
              <Trans>No client secret is set.</Trans>
            )
          }
        />
      ))}
    </>
  );
}

function StatusBadge({ status }: { status: SsoConfig['status'] }) {
  return <span className={status === 'active' ? 'badge badge-success' : 'badge badge-muted'}>{status === 'active' ? <Trans>Active</Trans> : <Trans>Disabled</Trans>}</span>;
}

/** `/dashboard/admin/sso-config`. */
export function SsoConfigListPage() {
  const { t } = useLingui();
  const list = useQuery(ssoConfigsOptions());
  const [createOpen, setCreateOpen] = useState(false);
  const rows = list.data ?? [];
  return (
    <div className="page">
      <div className="page-header">
        <h1>
          <Trans>SSO configurations</Trans>
        </h1>
        <button type="button" className="button primary" onClick={() => setCreateOpen(true)}>
          <Trans>Create new</Trans>
        </button>
      </div>
      {list.isError ? (
        <TableFallback state="noData" />
      ) : list.isPending ? (
        <TableFallback state="loading" />
      ) : rows.length === 0 ? (
        <TableFallback state="noResults" />
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">{t`SSO configurations`}</caption>
            <thead>
              <tr>
                <th scope="col">{t`Name`}</th>
                <th scope="col">{t`Domain`}</th>
                <th scope="col">{t`Provider`}</th>
                <th scope="col">{t`Status`}</th>
                <th scope="col">{t`Accounts`}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((c) => (
                <tr key={c.id}>
                  <td className="name-cell">
                    <Link to="/dashboard/admin/sso-config/$id" params={{ id: String(c.id) }}>
                      {c.name}
                    </Link>
                  </td>
                  <td>{c.domain}</td>
                  <td>{c.provider}</td>
                  <td>
                    <StatusBadge status={c.status} />
                  </td>
                  <td>{c.ssoProvisions.length}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Dialog open={createOpen} title={<Trans>Create SSO configuration</Trans>} onClose={() => setCreateOpen(false)}>
        <CreateSsoForm onDone={() => setCreateOpen(false)} />
      </Dialog>
    </div>
  );
}

/** The create form (inside its dialog); success opens the new configuration. */
function CreateSsoForm({ onDone }: { onDone: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const upstreamMessages = useUpstreamMessages();
  const form = useForm({
    defaultValues: { name: '', domain: '', provider: '', issuerUrl: '', clientId: '', clientSecret: '' },
    validators: {
      onSubmit: ({ value }) => {
        const fields = { ...Object.fromEntries(ssoCreateProblems(value).map((k) => [k, t`This field is required.`])), ...upstreamMessages(ssoUpstreamProblems(value)) };
        return Object.keys(fields).length > 0 ? { fields } : undefined;
      },
    },
    onSubmit: async ({ value, formApi }) => {
      let created: SsoConfig;
      try {
        created = await createSsoConfig({ name: value.name.trim(), domain: value.domain.trim(), provider: value.provider.trim(), status: 'active', ...ssoUpstreamCreateBody(value) });
      } catch (error) {
        showServerErrors(formApi, error, '');
        toast.error(t`Error creating SSO Config`);
        return;
      }
      await queryClient.invalidateQueries({ queryKey: ['admin', 'sso'] });
      onDone();
      void navigate({ to: '/dashboard/admin/sso-config/$id', params: { id: String(created.id) } });
    },
  });
  const bind: UpstreamFieldSlot = (name, render) => (
    <form.Field name={name}>{(f) => render({ value: f.state.value, onChange: f.handleChange, onBlur: f.handleBlur, error: firstError(f.state.meta.errors) })}</form.Field>
  );
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submitForm(form);
      }}
    >
      <form.Field name="name">
        {(f) => (
          <TextField label={t`Name`} required value={f.state.value} onChange={f.handleChange} onBlur={f.handleBlur} error={firstError(f.state.meta.errors)} maxLength={200} />
        )}
      </form.Field>
      <form.Field name="domain">
        {(f) => (
          <TextField
            label={t`Domain`}
            required
            value={f.state.value}
            onChange={f.handleChange}
            onBlur={f.handleBlur}
            error={firstError(f.state.meta.errors)}
            hint={<Trans>E-mail domain, e.g. example.com</Trans>}
          />
        )}
      </form.Field>
      <form.Field name="provider">
        {(f) => (
          <TextField label={t`Provider`} required value={f.state.value} onChange={f.handleChange} onBlur={f.handleBlur} error={firstError(f.state.meta.errors)} maxLength={32} />
        )}
      </form.Field>
      <UpstreamFields field={bind} />
      <div className="actions end">
        <button type="button" className="button" onClick={onDone}>
          <Trans>Cancel</Trans>
        </button>
        <form.Subscribe selector={(st) => st.isSubmitting}>
          {(submitting) => (
            <button type="submit" className="button primary" disabled={submitting} aria-busy={submitting || undefined}>
              <Trans>Create</Trans>
            </button>
          )}
        </form.Subscribe>
      </div>
    </form>
  );
}

/** `/dashboard/admin/sso-config/{id}`. */
export function SsoConfigDetailPage({ id }: { id: number }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const config = useQuery(ssoConfigOptions(id));
  const status = useMutation({
    mutationFn: (next: SsoConfig['status']) => setSsoStatus(id, next),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'sso'] }),
    onError: () => toast.error(t`An error occurred`),
  });
  if (config.isPending) return <TableFallback state="loading" />;
  if (config.isError || !config.data) return <TableFallback state="noData" />;
  const c = config.data;
  const busy = status.isPending;
  const toggle = () => status.mutate(c.status === 'active' ? 'disabled' : 'active');
  return (
    <div className="page form-page">
      <Link to="/dashboard/admin/sso-config" className="back-link">
        ← <Trans>Back to SSO configurations</Trans>
      </Link>
      <div className="page-header">
        <h1>{c.name}</h1>
        <StatusBadge status={c.status} />
      </div>
      <dl className="details">
        <dt>
          <Trans>Domain</Trans>
        </dt>
        <dd>{c.domain}</dd>
        <dt>
          <Trans>Provider</Trans>
        </dt>
        <dd>{c.provider}</dd>
        <dt>
          <Trans>Issuer URL</Trans>
        </dt>
        <dd>{c.issuerUrl ?? <span className="muted">{t`Not set`}</span>}</dd>
        <dt>
          <Trans>Client id</Trans>
        </dt>
        <dd>{c.clientId ?? <span className="muted">{t`Not set`}</span>}</dd>
        <dt>
          <Trans>Client secret</Trans>
        </dt>
        <dd>{c.hasClientSecret ? t`Set` : <span className="muted">{t`Not set`}</span>}</dd>
      </dl>
      <div className="field checkbox-field">
        <button type="button" role="switch" aria-checked={c.status === 'active'} className="switch-button" disabled={busy} onClick={toggle}>
          <span className={c.status === 'active' ? 'switch on' : 'switch'} aria-hidden="true" />
          <Trans>Active</Trans>
        </button>
      </div>
      <UpstreamForm key={`${c.issuerUrl ?? ''}|${c.clientId ?? ''}|${String(c.hasClientSecret)}`} config={c} />
      <h2>
        <Trans>Accounts</Trans>
      </h2>
      {c.ssoProvisions.length === 0 ? (
        <TableFallback state="noResults" />
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">{t`Assigned accounts`}</caption>
            <thead>
              <tr>
                <th scope="col">{t`Account`}</th>
                <th scope="col">{t`Default role`}</th>
              </tr>
            </thead>
            <tbody>
              {c.ssoProvisions.map((p) => (
                <tr key={p.id}>
                  <td>{p.account.businessName}</td>
                  <td>{p.defaultRole === 'Editor' ? t`Editor` : t`Viewer`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <AssignAccountForm configId={c.id} />
    </div>
  );
}

/** Upstream OpenID Connect settings of one config; the secret is never shown, only whether one is set. */
function UpstreamForm({ config }: { config: SsoConfig }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const upstreamMessages = useUpstreamMessages();
  const form = useForm({
    defaultValues: { issuerUrl: config.issuerUrl ?? '', clientId: config.clientId ?? '', clientSecret: '' } satisfies SsoUpstreamState,
    validators: {
      onSubmit: ({ value }) => {
        const fields = upstreamMessages(ssoUpstreamProblems(value));
        return Object.keys(fields).length > 0 ? { fields } : undefined;
      },
    },
    onSubmit: async ({ value, formApi }) => {
      try {
        await patchSsoUpstream(config.id, ssoUpstreamPatchBody(value));
      } catch (error) {
        showServerErrors(formApi, error, '');
        toast.error(t`An error occurred`);
        return;
      }
      formApi.setFieldValue('clientSecret', '');
      await queryClient.invalidateQueries({ queryKey: ['admin', 'sso'] });
      toast.success(t`Upstream settings saved`);
    },
  });
  const bind: UpstreamFieldSlot = (name, render) => (
    <form.Field name={name}>{(f) => render({ value: f.state.value, onChange: f.handleChange, onBlur: f.handleBlur, error: firstError(f.state.meta.errors) })}</form.Field>
  );
  return (
    <form
      className="form-section"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submitForm(form);
      }}
    >
      <h2>
        <Trans>Upstream identity provider</Trans>
      </h2>
      <UpstreamFields field={bind} hasClientSecret={config.hasClientSecret} />
      <div className="actions">
        <form.Subscribe selector={(st) => st.isSubmitting}>
          {(submitting) => (
            <button type="submit" className="button primary" disabled={submitting} aria-busy={submitting || undefined}>
              <Trans>Save upstream settings</Trans>
            </button>
          )}
        </form.Subscribe>
      </div>
    </form>
  );
}

/** Assigns an account with a default role to the configuration; the form empties after success. */
function AssignAccountForm({ configId }: { configId: number }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const form = useForm({
    defaultValues: { account: [] as PickedAccount[], defaultRole: '' as 'Viewer' | 'Editor' | '' },
    onSubmit: async ({ value, formApi }) => {
      const picked = value.account[0];
      const role = value.defaultRole;
      if (!picked || role === '') return;
      try {
        await provisionSso(configId, { accountId: picked.id, defaultRole: role });
      } catch (error) {
        showServerErrors(formApi, error, '', { accountId: 'account' });
        toast.error(t`Error creating SSO Provision`);
        return;
      }
      await queryClient.invalidateQueries({ queryKey: ['admin', 'sso'] });
      formApi.reset();
    },
  });
  return (
    <form
      className="form-section"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submitForm(form);
      }}
    >
      <h2>
        <Trans>Assign account</Trans>
      </h2>
      <div className="form-grid">
        <form.Field name="account">
          {(f) => (
            <>
              <AccountPicker label={t`Account`} required value={f.state.value} onChange={(v) => f.handleChange(v.slice(-1))} />
              {firstError(f.state.meta.errors) && (
                <p className="field-error" role="alert">
                  {firstError(f.state.meta.errors)}
                </p>
              )}
            </>
          )}
        </form.Field>
        <form.Field name="defaultRole">
          {(f) => (
            <SelectField
              label={t`Default role`}
              required
              value={f.state.value}
              onChange={f.handleChange}
              error={firstError(f.state.meta.errors)}
              placeholder={t`Choose a role`}
              options={[
                { value: 'Viewer', label: t`Viewer` },
                { value: 'Editor', label: t`Editor` },
              ]}
            />
          )}
        </form.Field>
      </div>
      <div className="actions">
        <form.Subscribe selector={(st) => ({ valid: st.values.account.length === 1 && st.values.defaultRole !== '', submitting: st.isSubmitting })}>
          {({ valid, submitting }) => (
            <button type="submit" className="button primary" disabled={!valid || submitting} aria-busy={submitting || undefined}>
              <Trans>Assign</Trans>
            </button>
          )}
        </form.Subscribe>
      </div>
    </form>
  );
}
