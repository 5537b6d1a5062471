/**
 * Invite dialog (spec 000 §5 Invite, §6): e-mail (required, valid) and role (required, default
 * Editor; options Admin, Editor, Viewer for superusers and Owner, Admin, Reseller viewers). Sends
 * `POST /account/{id}/user`; success toast 'Invitation sent'. The fields, their rules (valibot, on
 * submit), the sending state and a failed send's messages (422 field messages on their fields) live in
 * a @tanstack/react-form form (issue 14); Send is disabled while sending; a failure keeps the input.
 */
import * as v from 'valibot';
import { useForm } from '@tanstack/react-form';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '../../ui/toast';
import { Dialog } from '../../ui/Dialog';
import { SelectField, TextField } from '../../ui/Field';
import { firstError, showServerErrors, submitForm } from '../../ui/formErrors';
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

/** Rules of the invite form: the e-mail is required and has the §5 shape. */
function inviteSchema(msg: { required: string; email: string }) {
  return v.object({
    email: v.pipe(
      v.string(),
      v.check((s) => s.trim() !== '', msg.required),
      v.check((s) => !s.trim() || EMAIL_RE.test(s.trim()), msg.email),
    ),
    role: v.picklist(['Admin', 'Editor', 'Viewer', 'Reseller'] satisfies InviteRole[]),
  });
}

/** The invite form (inside the dialog). */
export function InviteForm({ accountId, roles, onDone }: { accountId: number; roles: InviteRole[]; onDone: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const roleLabel = useRoleLabel();
  const form = useForm({
    defaultValues: { email: '', role: (roles.includes('Editor') ? 'Editor' : (roles[0] ?? 'Editor')) as InviteRole },
    validators: { onSubmit: inviteSchema({ required: t`This field is required.`, email: t`Enter a valid email address.` }) },
    onSubmit: async ({ value, formApi }) => {
      try {
        await inviteUser(accountId, { email: value.email.trim(), role: value.role });
      } catch (error) {
        toast.error(showServerErrors(formApi, error, t`An error occurred`));
        return;
      }
      toast.success(t`Invitation sent`);
      await invalidateUsers(queryClient);
      onDone();
    },
  });

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submitForm(form);
      }}
    >
      <form.Field name="email">
        {(field) => (
          <TextField
            label={t`Email`}
            type="email"
            required
            value={field.state.value}
            onChange={field.handleChange}
            onBlur={field.handleBlur}
            error={firstError(field.state.meta.errors)}
            autoComplete="off"
          />
        )}
      </form.Field>
      <form.Field name="role">
        {(field) => (
          <SelectField
            label={t`Role`}
            required
            value={field.state.value}
            onChange={field.handleChange}
            error={firstError(field.state.meta.errors)}
            options={roles.map((r) => ({ value: r, label: roleLabel(r) }))}
          />
        )}
      </form.Field>
      <div className="actions end">
        <button type="button" className="button" onClick={onDone}>
          <Trans>Cancel</Trans>
        </button>
        <form.Subscribe selector={(s) => s.isSubmitting}>
          {(submitting) => (
            <button type="submit" className="button primary" disabled={submitting} aria-busy={submitting || undefined}>
              <Trans>Send invitation</Trans>
            </button>
          )}
        </form.Subscribe>
      </div>
    </form>
  );
}
