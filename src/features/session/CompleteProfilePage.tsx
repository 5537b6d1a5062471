/**
 * Complete-profile screen (spec 000 §2: "sends first and last name, then goes to / and clears a
 * stored session item; on error shows a toast and goes to /login; with no user goes to /login" —
 * the route is authenticated-only). First and last name are required (§5 Profile); the call is
 * PATCH /user/me; a 422 shows its field messages on the fields instead of leaving the page.
 */
import { useRef } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useForm, useStore } from '@tanstack/react-form';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from 'react-toastify';
import { api, isHttpError } from '../../api/client';
import { meOptions, queryKeys } from '../../api/queries';
import type { User } from '../../api/types';
import { clearInvitationEmail } from '../join/invitationEmail';
import { AuthCard, Field, StepHeading, submitSettledKey, useFocusFirstInvalid } from './forms';

/** The form values. */
interface ProfileNames {
  firstName: string;
  lastName: string;
}

/** The page. */
export function CompleteProfilePage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: me } = useSuspenseQuery(meOptions());
  const formRef = useRef<HTMLFormElement>(null);
  const save = useMutation({
    mutationFn: (names: ProfileNames) => api.patch<User>('/user/me', names),
    onSuccess: async (user) => {
      queryClient.setQueryData(queryKeys.me, user);
      clearInvitationEmail();
      await navigate({ to: '/' });
    },
    onError: async (error) => {
      if (isHttpError(error, 422) && error.fieldErrors) return; // shown on the fields
      toast.error(error instanceof Error && error.message ? error.message : t`Something went wrong`);
      await navigate({ to: '/login' });
    },
  });
  const form = useForm({
    defaultValues: { firstName: me.firstName ?? '', lastName: me.lastName ?? '' },
    onSubmit: ({ value }) => save.mutate({ firstName: value.firstName.trim(), lastName: value.lastName.trim() }),
  });
  useFocusFirstInvalid(formRef, useStore(form.store, submitSettledKey));
  const serverErrors = save.error && isHttpError(save.error, 422) ? (save.error.fieldErrors ?? {}) : {};

  return (
    <AuthCard>
      <StepHeading>
        <Trans>Complete your profile</Trans>
      </StepHeading>
      <p>
        <Trans>Tell your team who you are.</Trans>
      </p>
      <form
        ref={formRef}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void form.handleSubmit();
        }}
      >
        <Field name="email" type="email" label={<Trans>Email</Trans>} value={me.email} onChange={() => undefined} readOnly />
        <form.Field name="firstName" validators={{ onSubmit: ({ value }) => (value.trim() === '' ? t`First name is required` : undefined) }}>
          {(field) => (
            <Field
              name="firstName"
              label={<Trans>First name</Trans>}
              value={field.state.value}
              onChange={field.handleChange}
              onBlur={field.handleBlur}
              error={field.state.meta.errors[0] ? String(field.state.meta.errors[0]) : serverErrors.firstName}
              autoComplete="given-name"
            />
          )}
        </form.Field>
        <form.Field name="lastName" validators={{ onSubmit: ({ value }) => (value.trim() === '' ? t`Last name is required` : undefined) }}>
          {(field) => (
            <Field
              name="lastName"
              label={<Trans>Last name</Trans>}
              value={field.state.value}
              onChange={field.handleChange}
              onBlur={field.handleBlur}
              error={field.state.meta.errors[0] ? String(field.state.meta.errors[0]) : serverErrors.lastName}
              autoComplete="family-name"
            />
          )}
        </form.Field>
        <button type="submit" className="button primary block" disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending ? <Trans>Saving…</Trans> : <Trans>Continue</Trans>}
        </button>
      </form>
    </AuthCard>
  );
}
