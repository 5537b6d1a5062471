/**
 * The analytics settings form (spec 002 §3 Account analyticsDefaultChannel, analyticsDisplayFields
 * {email, cta, watermark_clicked}): form values ↔ the `AnalyticsSettings` body of
 * `PUT /analytics/settings/{accountId}`. The select writes "all" for null (all channels). Pure.
 */
import * as v from 'valibot';
import { CHANNELS, type Channel } from '../../../embed/shared/analytics';
import type { AnalyticsSettings } from './analytics.queries';

export interface SettingsFormValues {
  defaultChannel: Channel | 'all';
  fields: { email: boolean; cta: boolean; watermark_clicked: boolean };
}

/** The form's schema; `channelMessage` is the translated message of an unknown channel. */
export function settingsFormSchema(channelMessage: string) {
  return v.object({
    defaultChannel: v.picklist([...CHANNELS, 'all'] as const, channelMessage),
    fields: v.object({ email: v.boolean(), cta: v.boolean(), watermark_clicked: v.boolean() }),
  });
}

/** The form's start values: the stored settings, else all channels and no optional column. */
export function settingsFormValues(settings: AnalyticsSettings | undefined): SettingsFormValues {
  return {
    defaultChannel: settings?.analyticsDefaultChannel ?? 'all',
    fields: { email: false, cta: false, watermark_clicked: false, ...settings?.analyticsDisplayFields },
  };
}

/** The PUT body of the form's values. */
export function settingsFromForm(values: SettingsFormValues): AnalyticsSettings {
  return {
    analyticsDefaultChannel: values.defaultChannel === 'all' ? null : values.defaultChannel,
    analyticsDisplayFields: { email: values.fields.email, cta: values.fields.cta, watermark_clicked: values.fields.watermark_clicked },
  };
}
