/**
 * Invite dialog (spec 000 §5 Invite, §6): e-mail (required, valid) and role (required, default
 * Editor; options Admin, Editor, Viewer for superusers and Owner, Admin, Reseller viewers). Sends
 * `POST /account/{id}/user`; success toast 'Invitation sent'.
 */
import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '../../ui/toast';
import { Dialog } from '../../ui/Dialog';
import { SelectField, TextField } from '../../ui/Field';
import { errorText, fieldErrorsOf } from '../../ui/errorText';
import { EMAIL_RE } from '../accounts/validation';
import { invalidateUsers, inviteUser, type InviteInput } from './users.api';
import { useRoleLabel } from './roleLabel';

/** A role an invitation may grant (the contract's: Admin, Editor, Viewer, Reseller). */
type InviteRole = InviteInput['role'];

export function InviteDialog({ open, onClose, accountId, roles }: { open: boolean; onClose: () => void; accountId: number; roles: InviteRole[] }) {
  return (
    <Dialog open={open} title={<Trans>Invite user</Trans>} onClose={onClose}>
      <InviteForm accountId={accountId} roles={roles} onDone={onClose} />
    </Dialog>
  );
}

function InviteForm({ accountId, roles, onDone }: { accountId: number; roles: InviteRole[]; onDone: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const roleLabel = useRoleLabel();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InviteRole>(roles.includes('Editor') ? 'Editor' : (roles[0] ?? 'Editor'));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found: Record<string, string> = {};
    if (!email.trim()) found.email = t`This field is required.`;
    else if (!EMAIL_RE.test(email.trim())) found.email = t`Enter a valid email address.`;
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await inviteUser(accountId, { email: email.trim(), role });
      toast.success(t`Invitation sent`);
      await invalidateUsers(queryClient);
      onDone();
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      toast.error(errorText(error, t`An error occurred`));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)}>
      <TextField label={t`Email`} type="email" required value={email} onChange={setEmail} error={errors.email} autoComplete="off" />
      <SelectField label={t`Role`} required value={role} onChange={setRole} error={errors.role} options={roles.map((r) => ({ value: r, label: roleLabel(r) }))} />
      <div className="actions end">
        <button type="button" className="button" onClick={onDone}>
          <Trans>Cancel</Trans>
        </button>
        <button type="submit" className="button primary" disabled={busy}>
          <Trans>Send invitation</Trans>
        </button>
      </div>
    </form>
  );
}
