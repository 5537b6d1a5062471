/**
 * "My profile" from the user menu (`/dashboard/profile`; spec 000 §5 Profile, spec 002 §3 User,
 * §7 `PATCH /user/me (firstName, lastName)`; issue 15 "the user's own profile (first and last name,
 * language en/fi switching the UI)"). Needs no account, so every signed-in user — staff without a
 * role anywhere too — reaches it. Saving sends `PATCH /user/me { firstName, lastName, language }`;
 * on success the UI switches to the saved language at once (`activateLocale`, which also keeps the
 * choice in local storage) and the session user is refetched. Names are required after trimming;
 * a failed save keeps what was typed and shows the server's field messages.
 */
import * as v from 'valibot';
import { useForm } from '@tanstack/react-form';
import { Link } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { meOptions, queryKeys } from '../../api/queries';
import type { LanguageCode, User } from '../../api/types';
import { activateLocale } from '../../i18n';
import { SelectField, TextField } from '../../ui/Field';
import { firstError, showServerErrors, submitForm } from '../../ui/formErrors';
import { toast } from '../../ui/toast';
import { updateProfile } from './users.api';

/** Rules of the form (spec 000 §5): names required after trimming; language en or fi. */
export function myProfileSchema(required: string) {
  const name = v.pipe(v.string(), v.check((s) => s.trim() !== '', required));
  return v.object({ firstName: name, lastName: name, language: v.picklist(['en', 'fi'] satisfies LanguageCode[]) });
}

export function MyProfilePage() {
  const me = useQuery(meOptions()).data;
  if (!me) {
    return (
      <p role="status">
        <Trans>Loading…</Trans>
      </p>
    );
  }
  return <MyProfileForm key={me.id} me={me} />;
}

/** The form of `me`. */
export function MyProfileForm({ me }: { me: Pick<User, 'id' | 'email' | 'firstName' | 'lastName' | 'language'> }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const form = useForm({
    defaultValues: {
      firstName: me.firstName ?? '',
      lastName: me.lastName ?? '',
      // The saved language, else the one the UI shows now.
      language: (me.language ?? (i18n.locale === 'fi' ? 'fi' : 'en')) as LanguageCode,
    },
    validators: { onSubmit: myProfileSchema(t`This field is required.`) },
    onSubmit: async ({ value, formApi }) => {
      try {
        await updateProfile(me.id, true, { firstName: value.firstName.trim(), lastName: value.lastName.trim(), language: value.language });
      } catch (error) {
        toast.error(showServerErrors(formApi, error, t`An error occurred`));
        return;
      }
      await activateLocale(value.language);
      // After the switch, so the toast speaks the language just chosen.
      toast.success(t`Profile saved`);
      await queryClient.invalidateQueries({ queryKey: queryKeys.me });
    },
  });

  return (
    <div className="page form-page narrow">
      <h1>
        <Trans>My profile</Trans>
      </h1>
      <p className="muted">{me.email}</p>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submitForm(form);
        }}
      >
        <div className="form-grid">
          <form.Field name="firstName">
            {(field) => (
              <TextField
                label={t`First name`}
                required
                value={field.state.value}
                onChange={field.handleChange}
                onBlur={field.handleBlur}
                error={firstError(field.state.meta.errors)}
                maxLength={100}
                autoComplete="given-name"
              />
            )}
          </form.Field>
          <form.Field name="lastName">
            {(field) => (
              <TextField
                label={t`Last name`}
                required
                value={field.state.value}
                onChange={field.handleChange}
                onBlur={field.handleBlur}
                error={firstError(field.state.meta.errors)}
                maxLength={100}
                autoComplete="family-name"
              />
            )}
          </form.Field>
          <form.Field name="language">
            {(field) => (
              <SelectField
                label={t`Language`}
                required
                value={field.state.value}
                onChange={field.handleChange}
                error={firstError(field.state.meta.errors)}
                options={[
                  { value: 'en', label: 'English' },
                  { value: 'fi', label: 'Suomi' },
                ]}
              />
            )}
          </form.Field>
        </div>
        <div className="actions">
          <Link to="/dashboard/security/change-password" className="button">
            <Trans>Change password</Trans>
          </Link>
          <form.Subscribe selector={(st) => st.isSubmitting}>
            {(submitting) => (
              <button type="submit" className="button primary" disabled={submitting} aria-busy={submitting || undefined}>
                <Trans>Save</Trans>
              </button>
            )}
          </form.Subscribe>
        </div>
      </form>
    </div>
  );
}
