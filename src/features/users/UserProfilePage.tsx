/**
 * User profile page (`/dashboard/{account}/users/{id}`; spec 000 §5 Profile, §6): first name, last
 * name, e-mail (required unless the form is disabled), phone number, language (en or fi) and the role
 * in this account. Shown only for a user with a role in the account, or for oneself. The form is
 * disabled when an Admin or Owner views another user; the role field is hidden on one's own profile
 * and disabled for a non-superuser when the target is an Owner; its choices follow spec 000 §6.
 */
import { useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '../../ui/toast';
import { meOptions, queryKeys } from '../../api/queries';
import type { Account, LanguageCode, RoleName, User } from '../../api/types';
import { canSeeUserProfile, profileFormDisabled, profileRoleChoices, profileRoleField } from '../chrome/permissions';
import { SelectField, TextField } from '../../ui/Field';
import { errorText, fieldErrorsOf } from '../../ui/errorText';
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
  const [firstName, setFirstName] = useState(user.firstName ?? '');
  const [lastName, setLastName] = useState(user.lastName ?? '');
  const [email, setEmail] = useState(user.email);
  const [phone, setPhone] = useState(user.phoneNumber ?? '');
  const [language, setLanguage] = useState<LanguageCode>(user.language ?? 'en');
  const [newRole, setNewRole] = useState<RoleName | ''>(member?.role ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found: Record<string, string> = {};
    if (!disabled) {
      if (!firstName.trim()) found.firstName = t`This field is required.`;
      if (!lastName.trim()) found.lastName = t`This field is required.`;
      if (!email.trim()) found.email = t`This field is required.`;
      else if (!EMAIL_RE.test(email.trim())) found.email = t`Enter a valid email address.`;
    }
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      if (!disabled) {
        const body = { firstName: firstName.trim(), lastName: lastName.trim(), phoneNumber: phone.trim() || null, language, ...(email.trim() !== user.email ? { email: email.trim() } : {}) };
        await updateProfile(user.id, self, body);
      }
      if (roleField === 'enabled' && member && newRole && newRole !== member.role) await changeAccountUserRole(account.id, user.id, newRole);
      toast.success(t`Profile saved`);
      await Promise.all([invalidateUsers(queryClient), queryClient.invalidateQueries({ queryKey: queryKeys.me })]);
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      toast.error(errorText(error, t`An error occurred`));
    } finally {
      setBusy(false);
    }
  };

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
      <form noValidate onSubmit={(e) => void submit(e)}>
        <fieldset className="form-section">
          <legend>
            <Trans>Profile</Trans>
          </legend>
          <div className="form-grid">
            <TextField label={t`First name`} required={!disabled} disabled={disabled} value={firstName} onChange={setFirstName} error={errors.firstName} maxLength={100} autoComplete="given-name" />
            <TextField label={t`Last name`} required={!disabled} disabled={disabled} value={lastName} onChange={setLastName} error={errors.lastName} maxLength={100} autoComplete="family-name" />
            <TextField label={t`Email`} type="email" required={!disabled} disabled={disabled} value={email} onChange={setEmail} error={errors.email} autoComplete="email" />
            <TextField label={t`Phone number`} type="tel" disabled={disabled} value={phone} onChange={setPhone} error={errors.phoneNumber} maxLength={50} autoComplete="tel" />
            <SelectField
              label={t`Language`}
              required
              disabled={disabled}
              value={language}
              onChange={setLanguage}
              error={errors.language}
              options={[
                { value: 'en', label: 'English' },
                { value: 'fi', label: 'Suomi' },
              ]}
            />
            {roleField !== 'hidden' && member && (
              <SelectField
                label={t`Role in ${account.businessName}`}
                disabled={roleField === 'disabled' || roleOptions.length === 0}
                value={newRole}
                onChange={setNewRole}
                error={errors.role}
                options={roleOptions.map((c) => ({ value: c.role, label: roleLabel(c.role), disabled: c.disabled }))}
              />
            )}
          </div>
        </fieldset>
        {canSave && (
          <div className="actions">
            <button type="submit" className="button primary" disabled={busy}>
              <Trans>Save</Trans>
            </button>
          </div>
        )}
      </form>
    </div>
  );
}
