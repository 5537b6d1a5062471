/**
 * Create dialog of the vidbot list (spec 001 §2, §5, §8): name (required, not blank — the button is
 * disabled while blank), privacy (Public by default). Success opens the editor; failure shows the
 * generic error toast.
 *
 * With generative AI (issue 16; `canUseGenerativeAi`) the dialog also asks what to start from: Blank,
 * Website with AI or Prompt with AI. The AI choices open the wizard (`/vidbots/gen-ai` or
 * `/vidbots/gen-ai-prompt`) with the form data in navigation state (`aiCreate`: name, privacy Private,
 * genAIType — spec 001 §2); the wizard creates the vidbot at its end.
 */
import { useId } from 'react';
import { useForm } from '@tanstack/react-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '../../ui/toast';
import { Dialog } from '../../ui/Dialog';
import { createBot, vidbotKeys } from './vidbot.queries';
import type { BotPrivacy } from './vidbot.types';
import { featuresOptions, meOptions } from '../../api/queries';
import { activeRoleIn, canUseGenerativeAi } from '../chrome/permissions';
import '../ai/navigationState';

/** What a new vidbot starts from (issue 16 decision 6). */
export type StartFrom = 'blank' | 'url' | 'prompt';

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
  const startName = useId();
  const me = useQuery(meOptions());
  const features = useQuery(featuresOptions(accountId));
  const aiAllowed = me.data !== undefined && canUseGenerativeAi(me.data, activeRoleIn(me.data.roles, accountId), features.data?.features ?? []);
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
    defaultValues: { name: '', privacy: 'Public' as BotPrivacy, startFrom: 'blank' as StartFrom },
    onSubmit: async ({ value }) => {
      const name = value.name.trim();
      if (value.startFrom !== 'blank' && aiAllowed) {
        // The AI wizard creates the vidbot (Private) at its end (spec 001 §2).
        onClose();
        await navigate({
          to: value.startFrom === 'url' ? '/dashboard/$accountSlug/vidbots/gen-ai' : '/dashboard/$accountSlug/vidbots/gen-ai-prompt',
          params: { accountSlug },
          state: { aiCreate: { name, privacy: 'Private', genAIType: value.startFrom } },
        });
        return;
      }
      await create.mutateAsync({ accountId, name, privacy: value.privacy }).catch(() => undefined);
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
      {aiAllowed && (
        <form.Field name="startFrom">
          {(field) => (
            <fieldset className="field start-from">
              <legend>
                <Trans>Start from</Trans>
              </legend>
              {(
                [
                  ['blank', t`Blank`],
                  ['url', t`Website with AI`],
                  ['prompt', t`Prompt with AI`],
                ] as const
              ).map(([value, label]) => (
                <label key={value} className="radio">
                  <input type="radio" name={startName} value={value} checked={field.state.value === value} onChange={() => field.handleChange(value)} /> {label}
                </label>
              ))}
            </fieldset>
          )}
        </form.Field>
      )}
      <form.Subscribe selector={(s) => s.values.startFrom}>
        {(startFrom) =>
          startFrom !== 'blank' && aiAllowed ? (
            <p className="field-hint">
              <Trans>A vidbot drafted with AI is created as Private; you can change that in its settings.</Trans>
            </p>
          ) : (
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
          )
        }
      </form.Subscribe>
      <div className="actions end">
        <button type="button" className="button" onClick={onClose}>
          <Trans>Cancel</Trans>
        </button>
        <form.Subscribe
          selector={(s) => ({
            name: s.values.name,
            submitting: s.isSubmitting,
            startFrom: s.values.startFrom,
          })}
        >
          {({ name, submitting, startFrom }) => (
            <button type="submit" className="button primary" disabled={name.trim() === '' || submitting}>
              {startFrom !== 'blank' && aiAllowed ? <Trans>Continue</Trans> : submitting ? <Trans>Creating…</Trans> : <Trans>Create</Trans>}
            </button>
          )}
        </form.Subscribe>
      </div>
    </form>
  );
}
