/**
 * SSO configurations (superusers; spec 000 §2, §5, §7, §8): the list with a Create dialog (name,
 * domain, provider required; created active; failure 'Error creating SSO Config'), and the detail
 * page with the active/disabled switch and account assignments (account and default role Viewer or
 * Editor, both required; failure 'Error creating SSO Provision'). Both also carry the upstream
 * OpenID Connect settings (issuer URL, client id, write-only client secret; rules in ssoForm.ts).
 */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '../../ui/toast';
import { Dialog } from '../../ui/Dialog';
import { SelectField, TextField } from '../../ui/Field';
import { TableFallback } from '../../ui/TableFallback';
import { fieldErrorsOf } from '../../ui/errorText';
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

/** The issuer URL, client id and client secret inputs (create dialog and detail page). */
function UpstreamFields({
  s,
  onChange,
  errors,
  hasClientSecret,
}: {
  s: SsoUpstreamState;
  onChange: (s: SsoUpstreamState) => void;
  errors: Record<string, string | undefined>;
  hasClientSecret?: boolean;
}) {
  const { t } = useLingui();
  return (
    <>
      <TextField
        label={t`Issuer URL`}
        value={s.issuerUrl}
        onChange={(v) => onChange({ ...s, issuerUrl: v })}
        error={errors.issuerUrl}
        hint={<Trans>The upstream OpenID Connect issuer, e.g. https://login.example.com</Trans>}
      />
      <TextField label={t`Client id`} value={s.clientId} onChange={(v) => onChange({ ...s, clientId: v })} error={errors.clientId} maxLength={500} />
      <TextField
        label={hasClientSecret === undefined ? t`Client secret` : t`New client secret`}
        type="password"
        autoComplete="new-password"
        value={s.clientSecret}
        onChange={(v) => onChange({ ...s, clientSecret: v })}
        error={errors.clientSecret}
        maxLength={2000}
        hint={
          hasClientSecret === undefined ? undefined : hasClientSecret ? (
            <Trans>A client secret is set. Type a new one to replace it; leave empty to keep it.</Trans>
          ) : (
            <Trans>No client secret is set.</Trans>
          )
        }
      />
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

function CreateSsoForm({ onDone }: { onDone: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const upstreamMessages = useUpstreamMessages();
  const [s, setS] = useState({ name: '', domain: '', provider: '' });
  const [up, setUp] = useState<SsoUpstreamState>({ issuerUrl: '', clientId: '', clientSecret: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const missing = ssoCreateProblems(s);
    const upstream = upstreamMessages(ssoUpstreamProblems(up));
    setErrors({ ...Object.fromEntries(missing.map((k) => [k, t`This field is required.`])), ...upstream });
    if (missing.length || Object.keys(upstream).length) return;
    setBusy(true);
    try {
      const created = await createSsoConfig({ name: s.name.trim(), domain: s.domain.trim(), provider: s.provider.trim(), status: 'active', ...ssoUpstreamCreateBody(up) });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'sso'] });
      onDone();
      void navigate({ to: '/dashboard/admin/sso-config/$id', params: { id: String(created.id) } });
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      toast.error(t`Error creating SSO Config`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form noValidate onSubmit={(e) => void submit(e)}>
      <TextField label={t`Name`} required value={s.name} onChange={(v) => setS({ ...s, name: v })} error={errors.name} maxLength={200} />
      <TextField label={t`Domain`} required value={s.domain} onChange={(v) => setS({ ...s, domain: v })} error={errors.domain} hint={<Trans>E-mail domain, e.g. example.com</Trans>} />
      <TextField label={t`Provider`} required value={s.provider} onChange={(v) => setS({ ...s, provider: v })} error={errors.provider} maxLength={32} />
      <UpstreamFields s={up} onChange={setUp} errors={errors} />
      <div className="actions end">
        <button type="button" className="button" onClick={onDone}>
          <Trans>Cancel</Trans>
        </button>
        <button type="submit" className="button primary" disabled={busy}>
          <Trans>Create</Trans>
        </button>
      </div>
    </form>
  );
}

/** `/dashboard/admin/sso-config/{id}`. */
export function SsoConfigDetailPage({ id }: { id: number }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const config = useQuery(ssoConfigOptions(id));
  const [busy, setBusy] = useState(false);
  if (config.isPending) return <TableFallback state="loading" />;
  if (config.isError || !config.data) return <TableFallback state="noData" />;
  const c = config.data;
  const toggle = async () => {
    setBusy(true);
    try {
      await setSsoStatus(c.id, c.status === 'active' ? 'disabled' : 'active');
      await queryClient.invalidateQueries({ queryKey: ['admin', 'sso'] });
    } catch {
      toast.error(t`An error occurred`);
    } finally {
      setBusy(false);
    }
  };
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
        <button type="button" role="switch" aria-checked={c.status === 'active'} className="switch-button" disabled={busy} onClick={() => void toggle()}>
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
  const [up, setUp] = useState<SsoUpstreamState>({ issuerUrl: config.issuerUrl ?? '', clientId: config.clientId ?? '', clientSecret: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problems = upstreamMessages(ssoUpstreamProblems(up));
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setBusy(true);
    try {
      await patchSsoUpstream(config.id, ssoUpstreamPatchBody(up));
      setUp((u) => ({ ...u, clientSecret: '' }));
      await queryClient.invalidateQueries({ queryKey: ['admin', 'sso'] });
      toast.success(t`Upstream settings saved`);
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      toast.error(t`An error occurred`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="form-section" noValidate onSubmit={(e) => void submit(e)}>
      <h2>
        <Trans>Upstream identity provider</Trans>
      </h2>
      <UpstreamFields s={up} onChange={setUp} errors={errors} hasClientSecret={config.hasClientSecret} />
      <div className="actions">
        <button type="submit" className="button primary" disabled={busy}>
          <Trans>Save upstream settings</Trans>
        </button>
      </div>
    </form>
  );
}

function AssignAccountForm({ configId }: { configId: number }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [account, setAccount] = useState<PickedAccount[]>([]);
  const [role, setRole] = useState<'Viewer' | 'Editor' | ''>('');
  const [busy, setBusy] = useState(false);
  const valid = account.length === 1 && role !== '';
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const picked = account[0];
    if (!picked || role === '') return;
    setBusy(true);
    try {
      await provisionSso(configId, { accountId: picked.id, defaultRole: role });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'sso'] });
      setAccount([]);
      setRole('');
    } catch {
      toast.error(t`Error creating SSO Provision`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="form-section" noValidate onSubmit={(e) => void submit(e)}>
      <h2>
        <Trans>Assign account</Trans>
      </h2>
      <div className="form-grid">
        <AccountPicker label={t`Account`} required value={account} onChange={(v) => setAccount(v.slice(-1))} />
        <SelectField
          label={t`Default role`}
          required
          value={role}
          onChange={setRole}
          placeholder={t`Choose a role`}
          options={[
            { value: 'Viewer', label: t`Viewer` },
            { value: 'Editor', label: t`Editor` },
          ]}
        />
      </div>
      <div className="actions">
        <button type="submit" className="button primary" disabled={!valid || busy}>
          <Trans>Assign</Trans>
        </button>
      </div>
    </form>
  );
}
