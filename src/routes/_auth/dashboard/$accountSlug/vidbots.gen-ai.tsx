/**
 * `/dashboard/{account}/vidbots/gen-ai` — the AI URL wizard (issue 16; spec 001 §2 "AI URL wizard").
 * Guard (spec 001 §6): feature generative_ai and a role that may create vidbots, else /dashboard.
 * The create dialog's form data arrives in navigation state (`aiCreate`, src/features/ai/navigationState.ts).
 */
import { createFileRoute, redirect, useLocation } from '@tanstack/react-router';
import { featuresOptions, meOptions } from '../../../../api/queries';
import { activeRoleIn, canUseGenerativeAi } from '../../../../features/chrome/permissions';
import '../../../../features/ai/navigationState';
import { UrlWizardPage } from '../../../../features/ai/url/UrlWizardPage';

export const Route = createFileRoute('/_auth/dashboard/$accountSlug/vidbots/gen-ai')({
  beforeLoad: async ({ context: { queryClient, account } }) => {
    const [me, features] = await Promise.all([queryClient.ensureQueryData(meOptions()), queryClient.ensureQueryData(featuresOptions(account.id))]);
    if (!canUseGenerativeAi(me, activeRoleIn(me.roles, account.id), features.features)) throw redirect({ to: '/dashboard', replace: true });
  },
  component: UrlWizardRoute,
});

function UrlWizardRoute() {
  const { account } = Route.useRouteContext();
  const aiCreate = useLocation({ select: (l) => l.state.aiCreate });
  return <UrlWizardPage key={account.id} accountId={account.id} accountSlug={account.publicId} aiCreate={aiCreate} />;
}
