/**
 * The analytics settings dialog behind the gear (spec 002 §2 "An analytics settings gear is shown
 * only to Super_Admin and Owner"; §3 Account analyticsDefaultChannel, analyticsDisplayFields {email,
 * cta, watermark_clicked}; §7 "analytics settings get and update"): the default channel of the page
 * (or all channels) and which optional columns the table shows. TanStack Form with the valibot
 * schema of settingsForm.ts; `PUT /analytics/settings/{accountId}`; a toast on success and failure.
 */
import { useId } from 'react';
import { useForm } from '@tanstack/react-form';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { Dialog } from '../../../ui/Dialog';
import { toast } from '../../../ui/toast';
import { errorText } from '../../../ui/errorText';
import { saveAnalyticsSettings, type AnalyticsSettings } from '../analytics.queries';
import { settingsFormSchema, settingsFormValues, settingsFromForm, type SettingsFormValues } from '../settingsForm';
import { offeredChannels } from './AnalyticsPage';
import { useChannelLabel } from './labels';

export interface AnalyticsSettingsDialogProps {
  open: boolean;
  accountId: number;
  /** The stored settings (undefined while unknown: the form starts from the defaults). */
  settings: AnalyticsSettings | undefined;
  /** The account's features (which channels are offered). */
  features: readonly string[];
  onClose: () => void;
}

export function AnalyticsSettingsDialog({ open, onClose, ...rest }: AnalyticsSettingsDialogProps) {
  const { t } = useLingui();
  return (
    <Dialog open={open} onClose={onClose} title={t`Analytics settings`}>
      <SettingsForm {...rest} onClose={onClose} />
    </Dialog>
  );
}

function SettingsForm({ accountId, settings, features, onClose }: Omit<AnalyticsSettingsDialogProps, 'open'>) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const channelLabel = useChannelLabel();
  const channelId = useId();
  const schema = settingsFormSchema(t`Choose a channel from the list.`);
  const form = useForm({
    defaultValues: settingsFormValues(settings),
    validators: { onChange: schema, onSubmit: schema },
    onSubmit: async ({ value }) => {
      try {
        await saveAnalyticsSettings(queryClient, accountId, settingsFromForm(value));
        toast.success(t`Analytics settings saved`);
        onClose();
      } catch (error) {
        toast.error(errorText(error, t`Saving the analytics settings failed`));
      }
    },
  });
  const current = settings?.analyticsDefaultChannel ?? null;
  const fields: Array<{ name: keyof SettingsFormValues['fields']; label: string }> = [
    { name: 'email', label: t`Author email` },
    { name: 'cta', label: t`CTA clicks and CTA rate` },
    { name: 'watermark_clicked', label: t`Watermark clicks` },
  ];

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void form.handleSubmit();
      }}
    >
      <form.Field name="defaultChannel">
        {(field) => {
          const error = field.state.meta.errors[0]?.message;
          return (
            <div className="field">
              <label htmlFor={channelId}>
                <Trans>Default channel</Trans>
              </label>
              <select
                id={channelId}
                data-autofocus
                value={field.state.value}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${channelId}-error` : undefined}
                onBlur={field.handleBlur}
                onChange={(e) => field.handleChange(e.target.value as SettingsFormValues['defaultChannel'])}
              >
                <option value="all">{t`All channels`}</option>
                {offeredChannels(features, current).map((c) => (
                  <option key={c} value={c}>
                    {channelLabel(c)}
                  </option>
                ))}
              </select>
              {error && (
                <p id={`${channelId}-error`} className="field-error">
                  {error}
                </p>
              )}
            </div>
          );
        }}
      </form.Field>
      <fieldset className="form-section analytics-settings-fields">
        <legend>
          <Trans>Columns of the table</Trans>
        </legend>
        {fields.map((f) => (
          <form.Field key={f.name} name={`fields.${f.name}`}>
            {(field) => (
              <label className="checkbox-field">
                <input type="checkbox" checked={field.state.value} onBlur={field.handleBlur} onChange={(e) => field.handleChange(e.target.checked)} />
                {f.label}
              </label>
            )}
          </form.Field>
        ))}
      </fieldset>
      <div className="actions end">
        <button type="button" className="button" onClick={onClose}>
          <Trans>Cancel</Trans>
        </button>
        <form.Subscribe selector={(s) => ({ submitting: s.isSubmitting, canSubmit: s.canSubmit })}>
          {({ submitting, canSubmit }) => (
            <button type="submit" className="button primary" disabled={submitting || !canSubmit}>
              {submitting ? <Trans>Saving…</Trans> : <Trans>Save</Trans>}
            </button>
          )}
        </form.Subscribe>
      </div>
    </form>
  );
}
