/**
 * User profile page (`/dashboard/{account}/users/{id}`; spec 000 §5 Profile, §6): first name, last
 * name, e-mail (required unless the form is disabled), phone number, language (en or fi) and the role
 * in this account. Shown only for a user with a role in the account, or for oneself. The form is
 * disabled when an Admin or Owner views another user; the role field is hidden on one's own profile
 * and disabled for a non-superuser when the target is an Owner; its choices follow spec 000 §6.
 * Values, rules (valibot, on submit), the saving state and a failed save's messages (422 field
 * messages on their fields) live in a @tanstack/react-form form (issue 14); Save is disabled while
 * saving and a failed save keeps what was typed.
 */
import * as v from 'valibot';
import { useForm } from '@tanstack/react-form';
import { Link } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '../../ui/toast';
import { activateLocale } from '../../i18n';
import { meOptions, queryKeys } from '../../api/queries';
import type { Account, LanguageCode, RoleName, User } from '../../api/types';
import { canSeeUserProfile, profileFormDisabled, profileRoleChoices, profileRoleField } from '../chrome/permissions';
import { SelectField, TextField } from '../../ui/Field';
import { firstError, showServerErrors, submitForm } from '../../ui/formErrors';
import { EMAIL_RE } from '../accounts/validation';
import { accountUsersOptions, changeAccountUserRole, invalidateUsers, updateProfile, userOptions, type AccountUser } from './users.api';
import { useRoleLabel } from './roleLabel';

export function UserProfilePage({ account, role, userId }: { account: Account; role: RoleName | null; userId: number }) {
  const me = useQuery(meOptions()).data;
  const self = me?.id === userId;
  const members = useQuery(accountUsersOptions(account.id, 1, 1000));
  const other = useQuery({ ...userOptions(userId), enabled: !self, retry: false });
  const member = members.data?.records.find((m) => m.id === userId) ?? null;

  if (!me || members.isPending || (!self && other.isPending && !member)) {
    return (
      <p role="status">
        <Trans>Loading…</Trans>
      </p>
    );
  }
  if (!canSeeUserProfile(me, role, { id: userId, hasRoleInAccount: member !== null })) {
    return (
      <div className="page narrow">
        <h1>
          <Trans>User not found</Trans>
        </h1>
        <p>
          <Trans>This user is not a member of this account.</Trans>
        </p>
        <Link to="/dashboard/$accountSlug/users" params={{ accountSlug: account.publicId }} search={{ page: 1 }}>
          <Trans>Back to users</Trans>
        </Link>
      </div>
    );
  }
  const user: ProfileSource = self ? me : (other.data ?? member!);
  return <ProfileForm key={`${userId}-${member?.role ?? ''}`} account={account} viewer={me} role={role} user={user} member={member} />;
}

/**
 * Rules of the profile form (spec 000 §5 Profile): names and e-mail required, the e-mail in the §5
 * shape — none when the form is disabled (only the role may change then).
 */
function profileSchema(disabled: boolean, msg: { required: string; email: string }) {
  const text = disabled ? v.string() : v.pipe(v.string(), v.check((s) => s.trim() !== '', msg.required));
  return v.object({
    firstName: text,
    lastName: text,
    email: disabled
      ? v.string()
      : v.pipe(
          v.string(),
          v.check((s) => s.trim() !== '', msg.required),
          v.check((s) => !s.trim() || EMAIL_RE.test(s.trim()), msg.email),
        ),
    phoneNumber: v.string(),
    language: v.picklist(['en', 'fi'] satisfies LanguageCode[]),
    role: v.custom<RoleName | ''>((r) => typeof r === 'string'),
  });
}

type ProfileSource = Pick<User, 'id' | 'email' | 'firstName' | 'lastName'> & Partial<Pick<User, 'phoneNumber' | 'language'>>;

function ProfileForm({ account, viewer, role, user, member }: { account: Account; viewer: User; role: RoleName | null; user: ProfileSource; member: AccountUser | null }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const roleLabel = useRoleLabel();
  const self = viewer.id === user.id;
  const disabled = profileFormDisabled(viewer, role, user.id);
  const roleField = profileRoleField(viewer, { id: user.id, role: member?.role ?? null });
  const choices = profileRoleChoices(viewer, role);
  // The current role stays choosable even when the viewer may not grant it (shown, disabled).
  const roleOptions = member && !choices.some((c) => c.role === member.role) ? [...choices, { role: member.role, disabled: true }] : choices;
  const form = useForm({
    defaultValues: {
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      email: user.email,
      phoneNumber: user.phoneNumber ?? '',
      language: (user.language ?? 'en') as LanguageCode,
      role: (member?.role ?? '') as RoleName | '',
    },
    validators: { onSubmit: profileSchema(disabled, { required: t`This field is required.`, email: t`Enter a valid email address.` }) },
    onSubmit: async ({ value, formApi }) => {
      try {
        if (!disabled) {
          const email = value.email.trim();
          const body = {
            firstName: value.firstName.trim(),
            lastName: value.lastName.trim(),
            phoneNumber: value.phoneNumber.trim() || null,
            language: value.language,
            ...(email !== user.email ? { email } : {}),
          };
          await updateProfile(user.id, self, body);
        }
        if (roleField === 'enabled' && member && value.role && value.role !== member.role) await changeAccountUserRole(account.id, user.id, value.role);
      } catch (error) {
        toast.error(showServerErrors(formApi, error, t`An error occurred`));
        return;
      }
      // One's own language takes effect at once (issue 15), before the toast so it speaks it.
      if (self && !disabled) await activateLocale(value.language);
      toast.success(t`Profile saved`);
      await Promise.all([invalidateUsers(queryClient), queryClient.invalidateQueries({ queryKey: queryKeys.me })]);
    },
  });

  const canSave = !disabled || roleField === 'enabled';
  return (
    <div className="page form-page">
      <Link to="/dashboard/$accountSlug/users" params={{ accountSlug: account.publicId }} search={{ page: 1 }} className="back-link">
        ← <Trans>Back to users</Trans>
      </Link>
      <h1>{self ? <Trans>Your profile</Trans> : <Trans>Profile of {user.email}</Trans>}</h1>
      {disabled && (
        <p className="muted">
          <Trans>Only the user can change their own profile details.</Trans>
        </p>
      )}
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submitForm(form);
        }}
      >
        <fieldset className="form-section">
          <legend>
            <Trans>Profile</Trans>
          </legend>
          <div className="form-grid">
            <form.Field name="firstName">
              {(field) => (
                <TextField
                  label={t`First name`}
                  required={!disabled}
                  disabled={disabled}
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
                  required={!disabled}
                  disabled={disabled}
                  value={field.state.value}
                  onChange={field.handleChange}
                  onBlur={field.handleBlur}
                  error={firstError(field.state.meta.errors)}
                  maxLength={100}
                  autoComplete="family-name"
                />
              )}
            </form.Field>
            <form.Field name="email">
              {(field) => (
                <TextField
                  label={t`Email`}
                  type="email"
                  required={!disabled}
                  disabled={disabled}
                  value={field.state.value}
                  onChange={field.handleChange}
                  onBlur={field.handleBlur}
                  error={firstError(field.state.meta.errors)}
                  autoComplete="email"
                />
              )}
            </form.Field>
            <form.Field name="phoneNumber">
              {(field) => (
                <TextField
                  label={t`Phone number`}
                  type="tel"
                  disabled={disabled}
                  value={field.state.value}
                  onChange={field.handleChange}
                  onBlur={field.handleBlur}
                  error={firstError(field.state.meta.errors)}
                  maxLength={50}
                  autoComplete="tel"
                />
              )}
            </form.Field>
            <form.Field name="language">
              {(field) => (
                <SelectField
                  label={t`Language`}
                  required
                  disabled={disabled}
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
            {roleField !== 'hidden' && member && (
              <form.Field name="role">
                {(field) => (
                  <SelectField
                    label={t`Role in ${account.businessName}`}
                    disabled={roleField === 'disabled' || roleOptions.length === 0}
                    value={field.state.value}
                    onChange={field.handleChange}
                    error={firstError(field.state.meta.errors)}
                    options={roleOptions.map((c) => ({ value: c.role, label: roleLabel(c.role), disabled: c.disabled }))}
                  />
                )}
              </form.Field>
            )}
          </div>
        </fieldset>
        {canSave && (
          <div className="actions">
            <form.Subscribe selector={(st) => st.isSubmitting}>
              {(submitting) => (
                <button type="submit" className="button primary" disabled={submitting} aria-busy={submitting || undefined}>
                  <Trans>Save</Trans>
                </button>
              )}
            </form.Subscribe>
          </div>
        )}
      </form>
    </div>
  );
}
