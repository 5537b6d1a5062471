/**
 * Set password (superusers, spec 000 §6): a new password following the rule of §5 (8+ characters,
 * a number, an uppercase letter); `PATCH /user/{id}/set-password`; success 'Password set'. The field,
 * its rule (on submit), the saving state and a failed save's messages (a 422's `password` message on
 * the field) live in a @tanstack/react-form form (issue 14); Set password is disabled while saving.
 * The form starts empty each time the dialog opens for a user.
 */
import { useForm } from '@tanstack/react-form';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '../../ui/toast';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/Field';
import { firstError, showServerErrors, submitForm } from '../../ui/formErrors';
import { passwordProblems } from './passwordRule';
import { setUserPassword } from './users.api';

export function SetPasswordDialog({ user, onClose }: { user: { id: number; email: string } | null; onClose: () => void }) {
  return (
    <Dialog open={user !== null} title={<Trans>Set password for {user?.email}</Trans>} onClose={onClose}>
      {user && <SetPasswordForm key={user.id} user={user} onClose={onClose} />}
    </Dialog>
  );
}

/** The set-password form (inside the dialog). */
export function SetPasswordForm({ user, onClose }: { user: { id: number; email: string }; onClose: () => void }) {
  const { t } = useLingui();
  const form = useForm({
    defaultValues: { password: '' },
    onSubmit: async ({ value, formApi }) => {
      try {
        await setUserPassword(user.id, value.password);
      } catch (error) {
        toast.error(showServerErrors(formApi, error, t`An error occurred`));
        return;
      }
      toast.success(t`Password set`);
      onClose();
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
      <form.Field
        name="password"
        validators={{ onSubmit: ({ value }) => (passwordProblems(value).length ? t`At least 8 characters, with a number and an uppercase letter.` : undefined) }}
      >
        {(field) => (
          <TextField
            label={t`New password`}
            type="password"
            required
            value={field.state.value}
            onChange={field.handleChange}
            onBlur={field.handleBlur}
            error={firstError(field.state.meta.errors)}
            autoComplete="new-password"
            hint={<Trans>At least 8 characters, with a number and an uppercase letter.</Trans>}
          />
        )}
      </form.Field>
      <div className="actions end">
        <button type="button" className="button" onClick={onClose}>
          <Trans>Cancel</Trans>
        </button>
        <form.Subscribe selector={(s) => s.isSubmitting}>
          {(submitting) => (
            <button type="submit" className="button primary" disabled={submitting} aria-busy={submitting || undefined}>
              <Trans>Set password</Trans>
            </button>
          )}
        </form.Subscribe>
      </div>
    </form>
  );
}
