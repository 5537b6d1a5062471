/**
 * `/dashboard/{account}/generate/avatar` — SEAM (issue 16): the avatar generator's owner replaces the
 * component. Guard (spec 001 §6): feature video_generation and a role that may add media, else /dashboard.
 */
import { createFileRoute, redirect } from '@tanstack/react-router';
import { featuresOptions, meOptions } from '../../../../api/queries';
import { activeRoleIn, canGenerateAvatarVideo } from '../../../../features/chrome/permissions';

export const Route = createFileRoute('/_auth/dashboard/$accountSlug/generate/avatar')({
  beforeLoad: async ({ context: { queryClient, account } }) => {
    const [me, features] = await Promise.all([queryClient.ensureQueryData(meOptions()), queryClient.ensureQueryData(featuresOptions(account.id))]);
    if (!canGenerateAvatarVideo(me, activeRoleIn(me.roles, account.id), features.features)) throw redirect({ to: '/dashboard', replace: true });
  },
  component: function Placeholder() {
    return <h1>avatar</h1>;
  },
});
