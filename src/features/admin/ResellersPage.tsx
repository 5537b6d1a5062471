/**
 * Resellers page (spec 000 §2, §6, §8): the resellers, an Invite reseller dialog (e-mail) and, for
 * superusers, Delete in a row menu (`POST /user/resellers/{userId}`). A load error shows the internal
 * server error page. The invite form is a @tanstack/react-form form (issue 14): the e-mail rule on
 * submit, a 422's `email` message on the field, Send disabled while sending, the input kept on failure.
 */
import { useState } from 'react';
import { useForm } from '@tanstack/react-form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '../../ui/toast';
import { meOptions } from '../../api/queries';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/Field';
import { RowMenu } from '../../ui/RowMenu';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { TableFallback } from '../../ui/TableFallback';
import { errorText } from '../../ui/errorText';
import { firstError, showServerErrors, submitForm } from '../../ui/formErrors';
import { InternalErrorContent } from '../../ui/ErrorPage';
import { EMAIL_RE } from '../accounts/validation';
import type { User } from '../../api/types';
import { deleteReseller, inviteReseller, resellersOptions } from './admin.api';

export function ResellersPage() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const me = useQuery(meOptions()).data;
  const list = useQuery(resellersOptions());
  const [inviteOpen, setInviteOpen] = useState(false);
  const [toDelete, setToDelete] = useState<User | null>(null);

  if (list.isError) return <InternalErrorContent />;
  const rows = list.data ?? [];
  return (
    <div className="page">
      <div className="page-header">
        <h1>
          <Trans>Resellers</Trans>
        </h1>
        <button type="button" className="button primary" onClick={() => setInviteOpen(true)}>
          <Trans>Invite reseller</Trans>
        </button>
      </div>
      {list.isPending ? (
        <TableFallback state="loading" />
      ) : rows.length === 0 ? (
        <TableFallback state="noResults" />
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">{t`Resellers`}</caption>
            <thead>
              <tr>
                <th scope="col">{t`ID`}</th>
                <th scope="col">{t`Email`}</th>
                <th scope="col">{t`Name`}</th>
                <th scope="col" className="actions-cell">
                  {t`Actions`}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <td>{r.id}</td>
                  <td>{r.email}</td>
                  <td>{[r.firstName, r.lastName].filter(Boolean).join(' ') || '–'}</td>
                  <td className="actions-cell">
                    {me?.isSuperuser && <RowMenu label={t`Actions for ${r.email}`} items={[{ key: 'delete', label: t`Delete`, danger: true, onSelect: () => setToDelete(r) }]} />}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Dialog open={inviteOpen} title={<Trans>Invite reseller</Trans>} onClose={() => setInviteOpen(false)}>
        <InviteResellerForm
          onDone={() => {
            setInviteOpen(false);
            void queryClient.invalidateQueries({ queryKey: resellersOptions().queryKey });
          }}
          onCancel={() => setInviteOpen(false)}
        />
      </Dialog>
      <ConfirmDialog
        open={toDelete !== null}
        title={<Trans>Delete reseller</Trans>}
        confirmLabel={<Trans>Delete</Trans>}
        onClose={() => setToDelete(null)}
        onConfirm={async () => {
          if (!toDelete) return;
          try {
            await deleteReseller(toDelete.id);
            toast.success(t`Reseller deleted`);
            setToDelete(null);
            await queryClient.invalidateQueries({ queryKey: resellersOptions().queryKey });
          } catch (error) {
            toast.error(errorText(error, t`An error occurred`));
          }
        }}
      >
        <p>
          <Trans>Remove the reseller role from {toDelete?.email}?</Trans>
        </p>
      </ConfirmDialog>
    </div>
  );
}

/** The invite reseller form (inside its dialog). */
export function InviteResellerForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const { t } = useLingui();
  const form = useForm({
    defaultValues: { email: '' },
    onSubmit: async ({ value, formApi }) => {
      try {
        await inviteReseller(value.email.trim());
      } catch (error) {
        toast.error(showServerErrors(formApi, error, t`An error occurred`));
        return;
      }
      toast.success(t`Invitation sent`);
      onDone();
    },
  });
  const emailRule = (value: string) =>
    !value.trim() ? t`This field is required.` : !EMAIL_RE.test(value.trim()) ? t`Enter a valid email address.` : undefined;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submitForm(form);
      }}
    >
      <form.Field name="email" validators={{ onSubmit: ({ value }) => emailRule(value) }}>
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
      <div className="actions end">
        <button type="button" className="button" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
        <form.Subscribe selector={(st) => st.isSubmitting}>
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
