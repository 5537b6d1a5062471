/**
 * `/join-team` (query token, email, roleid, account_name, accountid, userid — spec 002 §2) — for
 * guests and signed-in people alike (spec 000 §4 "Join team"); waits for a settled session first.
 */
import { createFileRoute } from '@tanstack/react-router';
import { JoinTeamPage } from '../features/join/JoinTeamPage';
import { joinSearchSchema } from '../features/join/join.logic';

export const Route = createFileRoute('/join-team')({
  validateSearch: joinSearchSchema,
  beforeLoad: async ({ context }) => {
    await context.session.whenSettled();
  },
  component: JoinTeamRoute,
});

function JoinTeamRoute() {
  return <JoinTeamPage search={Route.useSearch()} />;
}
