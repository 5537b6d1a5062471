/**
 * `/dashboard/{account}/vidbots/gen-ai` — SEAM (issue 16): the wizard's owner replaces the component.
 * Guard (spec 001 §6): feature generative_ai and a role that may create vidbots, else /dashboard.
 */
import { createFileRoute, redirect } from '@tanstack/react-router';
import { featuresOptions, meOptions } from '../../../../api/queries';
import { activeRoleIn, canUseGenerativeAi } from '../../../../features/chrome/permissions';
import '../../../../features/ai/navigationState';

export const Route = createFileRoute('/_auth/dashboard/$accountSlug/vidbots/gen-ai')({
  beforeLoad: async ({ context: { queryClient, account } }) => {
    const [me, features] = await Promise.all([queryClient.ensureQueryData(meOptions()), queryClient.ensureQueryData(featuresOptions(account.id))]);
    if (!canUseGenerativeAi(me, activeRoleIn(me.roles, account.id), features.features)) throw redirect({ to: '/dashboard', replace: true });
  },
  component: function Placeholder() {
    return <h1>gen-ai</h1>;
  },
});
