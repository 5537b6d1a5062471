/**
 * The Profile tab of account settings (spec 002 §2 "Profile tab", §3 Profile, §5, §8 "'updated' on
 * success, errorOccured on save failure"; issue 15): theme colours (button text and background,
 * required) with the contrast ratio and rating, custom CSS, the global chat icon video and the
 * company logo from the media library; with the account feature `company_profile` also the company
 * name, description, cover, profile video, social links and action buttons.
 *
 * One TanStack form holds everything; links and actions are added, edited and removed locally in
 * dialogs (ProfileDialogs.tsx) and ONE Save sends the whole tab in one `PUT /account/{id}/profile`
 * (without the feature only `appearance` is sent, so a stored company profile stays). The form
 * validates with the server's own schemas (profileModel.ts); a 422's field messages land on their
 * fields (a link's or action's on its list, naming the row); the first invalid field gets focus.
 * Leaving with unsaved edits asks first.
 */
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { useForm, useStore } from '@tanstack/react-form';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { featuresOptions } from '../../../api/queries';
import { fieldErrorsOf, errorText } from '../../../ui/errorText';
import { firstError, formServerError, submitForm } from '../../../ui/formErrors';
import { TextField } from '../../../ui/Field';
import { toast } from '../../../ui/toast';
import { focusFirstInvalid, useUnsavedChanges } from '../settingsForm';
import { accountProfileOptions, profileKey, saveAccountProfile } from './profile.api';
import { ActionDialog, SocialLinkDialog } from './ProfileDialogs';
import { ColourField, MediaField, TextAreaField } from './ProfileFields';
import { useProfileLabels } from './profileLabels';
import {
  formFieldOf,
  profileBody,
  profileFormIssues,
  profileFormValues,
  rowMessage,
  type ProfileAction,
  type ProfileFormValues,
  type SocialLinkValue,
} from './profileModel';
import { PROFILE_MEDIA_KINDS } from '../../../../server/src/modules/account/profile.rules';
import '../settings.css';

// colord (the contrast readout) loads after the tab's first render (the route's size budget).
const ThemeContrast = lazy(() => import('./ThemeContrast').then((m) => ({ default: m.ThemeContrast })));

/** True when the account has `name` as a dashboard (or embed) feature (`GET /feature`). */
export function hasAccountFeature(features: readonly string[], name: string): boolean {
  return features.includes(name) || features.includes(`dashboard:${name}`) || features.includes(`embed:${name}`);
}

/** The tab: loads the stored profile (the route's loader has it) and the account's features. */
export function ProfilePage({ accountId }: { accountId: number }) {
  const { data } = useSuspenseQuery(accountProfileOptions(accountId));
  const features = useSuspenseQuery(featuresOptions(accountId)).data.features;
  return <ProfileForm accountId={accountId} stored={data} withCompanyProfile={hasAccountFeature(features, 'company_profile')} />;
}

type Editing = { kind: 'link'; index: number | null } | { kind: 'action'; index: number | null } | null;

function ProfileForm({ accountId, stored, withCompanyProfile }: { accountId: number; stored: Parameters<typeof profileFormValues>[0]; withCompanyProfile: boolean }) {
  const { t, i18n } = useLingui();
  const labels = useProfileLabels();
  const queryClient = useQueryClient();
  const ref = useRef<HTMLFormElement>(null);
  const [baseline, setBaseline] = useState(() => profileFormValues(stored));
  const [editing, setEditing] = useState<Editing>(null);

  const validate = ({ value }: { value: ProfileFormValues }) => {
    const found = profileFormIssues(value, withCompanyProfile);
    if (Object.keys(found).length === 0) return undefined;
    return { fields: Object.fromEntries(Object.entries(found).map(([k, m]) => [k, i18n._(m)])) as never };
  };

  const form = useForm({
    defaultValues: baseline,
    validators: { onChange: validate, onSubmit: validate },
    onSubmitInvalid: () => focusFirstInvalid(ref.current),
    onSubmit: async ({ value, formApi }) => {
      try {
        const saved = await saveAccountProfile(accountId, profileBody(value, withCompanyProfile));
        queryClient.setQueryData(profileKey(accountId), saved);
        const next = profileFormValues(saved);
        setBaseline(next);
        formApi.reset(next);
        toast.success(t`Updated`);
      } catch (error) {
        const fields: Record<string, string> = {};
        for (const [name, message] of Object.entries(fieldErrorsOf(error))) {
          const { field, row } = formFieldOf(name);
          if (!(field in fields)) fields[field] = row === undefined ? message : i18n._(rowMessage(field, row));
        }
        formApi.setErrorMap({ onServer: { form: errorText(error, t`An error occurred`), fields } as never });
        toast.error(t`An error occurred`);
        focusFirstInvalid(ref.current);
      }
    },
  });

  const values = useStore(form.store, (s) => s.values);
  const dirty = JSON.stringify(values) !== JSON.stringify(baseline);
  const leaveDialog = useUnsavedChanges(dirty);

  const links = values.profile.socialLinks;
  const actions = values.profile.actions;
  const setLinks = (next: SocialLinkValue[]) => form.setFieldValue('profile.socialLinks', next);
  const setActions = (next: ProfileAction[]) => form.setFieldValue('profile.actions', next);
  const replaceAt = <T,>(list: T[], index: number | null, item: T) => (index === null ? [...list, item] : list.map((x, i) => (i === index ? item : x)));

  const section = (id: string, title: ReactNode, children: ReactNode, intro?: ReactNode) => (
    <section className="settings-card" aria-labelledby={`profile-${id}`}>
      <h3 id={`profile-${id}`}>{title}</h3>
      {intro && <p className="muted small">{intro}</p>}
      {children}
    </section>
  );

  return (
    <div className="settings-panel">
      <h2 className="visually-hidden">
        <Trans>Profile</Trans>
      </h2>
      <form
        ref={ref}
        noValidate
        aria-label={t`Profile`}
        onSubmit={(e) => {
          e.preventDefault();
          void submitForm(form);
        }}
      >
        <form.Subscribe selector={(st) => formServerError(st.errorMap)}>
          {(formError) =>
            formError && (
              <p className="alert alert-error" role="alert">
                {formError}
              </p>
            )
          }
        </form.Subscribe>
        {section(
          'theme',
          <Trans>Theme</Trans>,
          <>
            <div className="settings-grid">
              <form.Field name="appearance.buttonTextColor">
                {(field) => <ColourField label={t`Button text colour`} value={field.state.value} onChange={field.handleChange} onBlur={field.handleBlur} error={firstError(field.state.meta.errors)} />}
              </form.Field>
              <form.Field name="appearance.buttonBackgroundColor">
                {(field) => (
                  <ColourField label={t`Button background colour`} value={field.state.value} onChange={field.handleChange} onBlur={field.handleBlur} error={firstError(field.state.meta.errors)} />
                )}
              </form.Field>
            </div>
            <Suspense fallback={null}>
              <ThemeContrast text={values.appearance.buttonTextColor} background={values.appearance.buttonBackgroundColor} />
            </Suspense>
            <form.Field name="appearance.stylesRaw">
              {(field) => (
                <TextAreaField
                  label={t`Custom CSS`}
                  value={field.state.value}
                  onChange={field.handleChange}
                  onBlur={field.handleBlur}
                  error={firstError(field.state.meta.errors)}
                  hint={
                    <>
                      <Trans>Applied to the account's vidbots and widgets, for example:</Trans> <code>{'.vb-button { border-radius: 0 }'}</code>
                    </>
                  }
                  maxLength={20_000}
                  rows={6}
                  monospace
                />
              )}
            </form.Field>
          </>,
          <Trans>The colours of buttons in the account's vidbots and widgets.</Trans>,
        )}
        {section(
          'brand',
          <Trans>Brand media</Trans>,
          <div className="settings-grid">
            <form.Field name="appearance.chatVideoId">
              {(field) => (
                <MediaField
                  label={t`Global chat icon video`}
                  mode="VIDEO"
                  kinds={PROFILE_MEDIA_KINDS.chatVideoId}
                  accountId={accountId}
                  value={field.state.value}
                  onChange={field.handleChange}
                  error={firstError(field.state.meta.errors)}
                  hint={<Trans>A short looping logo video shown in the chat bubble.</Trans>}
                />
              )}
            </form.Field>
            <form.Field name="appearance.logoId">
              {(field) => (
                <MediaField label={t`Company logo`} mode="IMAGE" kinds={PROFILE_MEDIA_KINDS.logoId} accountId={accountId} value={field.state.value} onChange={field.handleChange} error={firstError(field.state.meta.errors)} />
              )}
            </form.Field>
          </div>,
        )}
        {withCompanyProfile &&
          section(
            'company',
            <Trans>Company profile</Trans>,
            <>
              <form.Field name="profile.companyName">
                {(field) => (
                  <TextField label={t`Company name`} value={field.state.value} onChange={field.handleChange} onBlur={field.handleBlur} error={firstError(field.state.meta.errors)} maxLength={200} />
                )}
              </form.Field>
              <form.Field name="profile.description">
                {(field) => (
                  <TextAreaField label={t`Description`} value={field.state.value} onChange={field.handleChange} onBlur={field.handleBlur} error={firstError(field.state.meta.errors)} maxLength={2000} rows={4} />
                )}
              </form.Field>
              <div className="settings-grid">
                <form.Field name="profile.coverId">
                  {(field) => (
                    <MediaField label={t`Cover`} mode="IMAGE" kinds={PROFILE_MEDIA_KINDS.coverId} accountId={accountId} value={field.state.value} onChange={field.handleChange} error={firstError(field.state.meta.errors)} />
                  )}
                </form.Field>
                <form.Field name="profile.introductionId">
                  {(field) => (
                    <MediaField
                      label={t`Profile video`}
                      mode="VIDEO"
                      kinds={PROFILE_MEDIA_KINDS.introductionId}
                      accountId={accountId}
                      value={field.state.value}
                      onChange={field.handleChange}
                      error={firstError(field.state.meta.errors)}
                      hint={<Trans>An introduction of the company.</Trans>}
                    />
                  )}
                </form.Field>
              </div>
            </>,
            <Trans>Shown in vidbots that have the company profile turned on.</Trans>,
          )}
        {withCompanyProfile &&
          section(
            'links',
            <Trans>Social links</Trans>,
            <form.Field name="profile.socialLinks">
              {(field) => {
                const error = firstError(field.state.meta.errors);
                return (
                  <div className="profile-list" aria-invalid={error ? true : undefined} tabIndex={error ? -1 : undefined} aria-describedby={error ? 'profile-links-err' : undefined}>
                    {links.length === 0 ? (
                      <p className="muted">
                        <Trans>No social links yet.</Trans>
                      </p>
                    ) : (
                      <ul aria-label={t`Social links`}>
                        {links.map((link, index) => (
                          <li key={`${link.icon}-${index}`} className="profile-item">
                            <span className="profile-item-kind">{labels.icon[link.icon]}</span>
                            <span className="profile-item-text">{link.url}</span>
                            <span className="muted small">{labels.target[link.target ?? 'new_tab']}</span>
                            <span className="profile-item-actions">
                              <button type="button" className="button small" onClick={() => setEditing({ kind: 'link', index })}>
                                <Trans>Edit</Trans>
                                <span className="visually-hidden"> {labels.icon[link.icon]}</span>
                              </button>
                              <button type="button" className="button small link" onClick={() => setLinks(links.filter((_, i) => i !== index))}>
                                <Trans>Remove</Trans>
                                <span className="visually-hidden"> {labels.icon[link.icon]}</span>
                              </button>
                            </span>
                          </li>
                        ))}
                      </ul>
                    )}
                    {error && (
                      <p id="profile-links-err" className="field-error">
                        {error}
                      </p>
                    )}
                    <button type="button" className="button" onClick={() => setEditing({ kind: 'link', index: null })}>
                      <Trans>Add social link</Trans>
                    </button>
                  </div>
                );
              }}
            </form.Field>,
          )}
        {withCompanyProfile &&
          section(
            'actions',
            <Trans>Action buttons</Trans>,
            <form.Field name="profile.actions">
              {(field) => {
                const error = firstError(field.state.meta.errors);
                return (
                  <div className="profile-list" aria-invalid={error ? true : undefined} tabIndex={error ? -1 : undefined} aria-describedby={error ? 'profile-actions-err' : undefined}>
                    {actions.length === 0 ? (
                      <p className="muted">
                        <Trans>No action buttons yet.</Trans>
                      </p>
                    ) : (
                      <ul aria-label={t`Action buttons`}>
                        {actions.map((action, index) => (
                          <li key={`${action.name}-${index}`} className="profile-item">
                            <span className="profile-item-kind">{labels.actionType[action.type]}</span>
                            <span className="profile-item-text">{action.name}</span>
                            <span className="muted small">{action.type === 'external_link' ? action.url : action.emailTo.join(', ')}</span>
                            <span className="profile-item-actions">
                              <button type="button" className="button small" onClick={() => setEditing({ kind: 'action', index })}>
                                <Trans>Edit</Trans>
                                <span className="visually-hidden"> {action.name}</span>
                              </button>
                              <button type="button" className="button small link" onClick={() => setActions(actions.filter((_, i) => i !== index))}>
                                <Trans>Remove</Trans>
                                <span className="visually-hidden"> {action.name}</span>
                              </button>
                            </span>
                          </li>
                        ))}
                      </ul>
                    )}
                    {error && (
                      <p id="profile-actions-err" className="field-error">
                        {error}
                      </p>
                    )}
                    <button type="button" className="button" onClick={() => setEditing({ kind: 'action', index: null })}>
                      <Trans>Add action button</Trans>
                    </button>
                  </div>
                );
              }}
            </form.Field>,
          )}
        <div className="settings-save">
          <form.Subscribe selector={(st) => st.isSubmitting}>
            {(submitting) => (
              <button type="submit" className="button primary" disabled={submitting} aria-busy={submitting || undefined}>
                <Trans>Save</Trans>
              </button>
            )}
          </form.Subscribe>
          {dirty && (
            <span className="muted small" role="status">
              <Trans>Unsaved changes</Trans>
            </span>
          )}
        </div>
      </form>
      <SocialLinkDialog
        open={editing?.kind === 'link'}
        link={editing?.kind === 'link' && editing.index !== null ? (links[editing.index] ?? null) : null}
        onClose={() => setEditing(null)}
        onSave={(link) => {
          if (editing?.kind === 'link') setLinks(replaceAt(links, editing.index, link));
          setEditing(null);
        }}
      />
      <ActionDialog
        open={editing?.kind === 'action'}
        action={editing?.kind === 'action' && editing.index !== null ? (actions[editing.index] ?? null) : null}
        onClose={() => setEditing(null)}
        onSave={(action) => {
          if (editing?.kind === 'action') setActions(replaceAt(actions, editing.index, action));
          setEditing(null);
        }}
      />
      {leaveDialog}
    </div>
  );
}
