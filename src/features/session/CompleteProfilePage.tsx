/**
 * Complete-profile screen (spec 000 §2: "sends first and last name, then goes to / and clears a
 * stored session item; on error shows a toast and goes to /login; with no user goes to /login" —
 * the route is authenticated-only). First and last name are required (§5 Profile); the call is
 * PATCH /user/me; a 422 shows its field messages on the fields instead of leaving the page.
 * The steps are the complete-profile chart (machines/session/completeProfile.machine.ts), read
 * through flows.selectors.ts.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useForm, useStore } from '@tanstack/react-form';
import { useMachine } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '../../ui/toast';
import { completeProfileMachine } from '../../../machines/session/completeProfile.machine';
import {
  isCompletingProfile,
  isProfileCompleted,
  selectProfileFailure,
  selectProfileFieldErrors,
} from '../../../machines/session/flows.selectors';
import { meOptions } from '../../api/queries';
import { completeProfileActors } from './flows';
import { AuthCard, Field, StepHeading, submitSettledKey, useFocusFirstInvalid } from './forms';
import { inspect } from '../machines/inspection';

/** The page. */
export function CompleteProfilePage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: me } = useSuspenseQuery(meOptions());
  const formRef = useRef<HTMLFormElement>(null);
  // The complete-profile chart (machines/session/completeProfile.machine.ts) with PATCH /user/me behind it.
  const [machine] = useState(() => completeProfileMachine.provide({ actors: completeProfileActors(queryClient) }));
  const [snapshot, send] = useMachine(machine, { inspect });
  const saving = isCompletingProfile(snapshot);
  const completed = isProfileCompleted(snapshot);
  const failure = selectProfileFailure(snapshot);
  useEffect(() => {
    if (completed) void navigate({ to: '/' });
  }, [completed, navigate]);
  useEffect(() => {
    if (failure === null) return;
    toast.error(failure || t`Something went wrong`);
    void navigate({ to: '/login' });
  }, [failure, navigate, t]);
  const form = useForm({
    defaultValues: { firstName: me.firstName ?? '', lastName: me.lastName ?? '' },
    onSubmit: ({ value }) => send({ type: 'profile.submit', names: { firstName: value.firstName.trim(), lastName: value.lastName.trim() } }),
  });
  useFocusFirstInvalid(formRef, useStore(form.store, submitSettledKey));
  const serverErrors = selectProfileFieldErrors(snapshot);

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
        <button type="submit" className="button primary block" disabled={saving || completed} aria-busy={saving}>
          {saving ? <Trans>Saving…</Trans> : <Trans>Continue</Trans>}
        </button>
      </form>
    </AuthCard>
  );
}
