/**
 * `/dashboard/{account}/vidbots/gen-ai-prompt` — the AI prompt wizard (issue 16; spec 001 §2 "AI
 * prompt wizard"). Guard (spec 001 §6): feature generative_ai and a role that may create vidbots,
 * else /dashboard. The create dialog's name arrives in the navigation state `aiCreate` (spec 001 §2);
 * opened without it (a typed URL, a reload) the page asks for the name itself.
 */
import { createFileRoute, redirect, useLocation } from '@tanstack/react-router';
import { featuresOptions, meOptions } from '../../../../api/queries';
import { activeRoleIn, canUseGenerativeAi } from '../../../../features/chrome/permissions';
import { PromptWizardPage } from '../../../../features/ai/prompt/PromptWizardPage';
import '../../../../features/ai/navigationState';

export const Route = createFileRoute('/_auth/dashboard/$accountSlug/vidbots/gen-ai-prompt')({
  beforeLoad: async ({ context: { queryClient, account } }) => {
    const [me, features] = await Promise.all([queryClient.ensureQueryData(meOptions()), queryClient.ensureQueryData(featuresOptions(account.id))]);
    if (!canUseGenerativeAi(me, activeRoleIn(me.roles, account.id), features.features)) throw redirect({ to: '/dashboard', replace: true });
  },
  component: PromptWizardRoute,
});

function PromptWizardRoute() {
  const { account } = Route.useRouteContext();
  const initialName = useLocation({ select: (l) => l.state.aiCreate?.name });
  return <PromptWizardPage key={account.id} accountId={account.id} accountSlug={account.publicId} initialName={initialName} />;
}
