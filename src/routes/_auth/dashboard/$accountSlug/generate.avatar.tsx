/**
 * `/dashboard/{account}/generate/avatar` — the avatar video generator (issue 16; spec 001 §2 "Avatar
 * video generator"). Guard (spec 001 §6): feature video_generation and a role that may add media, else
 * /dashboard. The page binds the avatarGenerator chart (src/features/avatar).
 */
import { createFileRoute, redirect } from '@tanstack/react-router';
import { featuresOptions, meOptions } from '../../../../api/queries';
import { activeRoleIn, canGenerateAvatarVideo } from '../../../../features/chrome/permissions';
import { AvatarGeneratorPage } from '../../../../features/avatar/AvatarGeneratorPage';

export const Route = createFileRoute('/_auth/dashboard/$accountSlug/generate/avatar')({
  beforeLoad: async ({ context: { queryClient, account } }) => {
    const [me, features] = await Promise.all([queryClient.ensureQueryData(meOptions()), queryClient.ensureQueryData(featuresOptions(account.id))]);
    if (!canGenerateAvatarVideo(me, activeRoleIn(me.roles, account.id), features.features)) throw redirect({ to: '/dashboard', replace: true });
  },
  component: GenerateAvatarRoute,
});

function GenerateAvatarRoute() {
  const { account } = Route.useRouteContext();
  return <AvatarGeneratorPage account={account} />;
}
