/**
 * Create dialog of the vidbot list (spec 001 §2, §5, §8): name (required, not blank — the button is
 * disabled while blank), privacy (Public by default). Success opens the editor; failure shows the
 * generic error toast.
 */
import { useId } from 'react';
import { useForm } from '@tanstack/react-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '../../ui/toast';
import { Dialog } from '../../ui/Dialog';
import { createBot, vidbotKeys } from './vidbot.queries';
import type { BotPrivacy } from './vidbot.types';

export interface CreateVidbotDialogProps {
  open: boolean;
  accountId: number;
  accountSlug: string;
  onClose: () => void;
}

/** The create dialog. */
export function CreateVidbotDialog({ open, accountId, accountSlug, onClose }: CreateVidbotDialogProps) {
  const { t } = useLingui();
  return (
    <Dialog open={open} onClose={onClose} title={t`Create vidbot`}>
      <CreateForm accountId={accountId} accountSlug={accountSlug} onClose={onClose} />
    </Dialog>
  );
}

function CreateForm({ accountId, accountSlug, onClose }: Omit<CreateVidbotDialogProps, 'open'>) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const nameId = useId();
  const privacyId = useId();
  const create = useMutation({
    mutationFn: createBot,
    onSuccess: async (bot) => {
      await queryClient.invalidateQueries({ queryKey: vidbotKeys.all });
      onClose();
      await navigate({ to: '/dashboard/$accountSlug/vidbots/$id', params: { accountSlug, id: String(bot.id) } });
    },
    onError: () => {
      toast.error(t`An error occurred`);
    },
  });
  const form = useForm({
    defaultValues: { name: '', privacy: 'Public' as BotPrivacy },
    onSubmit: async ({ value }) => {
      await create.mutateAsync({ accountId, name: value.name.trim(), privacy: value.privacy }).catch(() => undefined);
    },
  });

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void form.handleSubmit();
      }}
    >
      <form.Field name="name" validators={{ onChange: ({ value }) => (value.trim() === '' ? t`Name is required.` : undefined) }}>
        {(field) => {
          const error = field.state.meta.isTouched ? field.state.meta.errors[0] : undefined;
          return (
            <div className="field">
              <label htmlFor={nameId}>
                <Trans>Name</Trans>
              </label>
              <input
                id={nameId}
                name={field.name}
                value={field.state.value}
                data-autofocus
                required
                maxLength={255}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${nameId}-error` : undefined}
                onBlur={field.handleBlur}
                onChange={(e) => field.handleChange(e.target.value)}
              />
              {error && (
                <p id={`${nameId}-error`} className="field-error">
                  {String(error)}
                </p>
              )}
            </div>
          );
        }}
      </form.Field>
      <form.Field name="privacy">
        {(field) => (
          <div className="field">
            <label htmlFor={privacyId}>
              <Trans>Privacy</Trans>
            </label>
            <select id={privacyId} value={field.state.value} onChange={(e) => field.handleChange(e.target.value as BotPrivacy)}>
              <option value="Public">{t`Public`}</option>
              <option value="Private">{t`Private`}</option>
            </select>
          </div>
        )}
      </form.Field>
      <div className="actions end">
        <button type="button" className="button" onClick={onClose}>
          <Trans>Cancel</Trans>
        </button>
        <form.Subscribe selector={(s) => ({ name: s.values.name, submitting: s.isSubmitting })}>
          {({ name, submitting }) => (
            <button type="submit" className="button primary" disabled={name.trim() === '' || submitting}>
              {submitting ? <Trans>Creating…</Trans> : <Trans>Create</Trans>}
            </button>
          )}
        </form.Subscribe>
      </div>
    </form>
  );
}
