/**
 * Selectors of the signed-in child flows' snapshots (DESIGN §5: views bind through selectors):
 * complete profile, team join and the invitation e-mails mismatch (spec 000 §2).
 */
import type { SnapshotFrom } from 'xstate';
import type { CompleteProfileMachine } from './completeProfile.machine';
import type { TeamJoinMachine } from './teamJoin.machine';
import type { InvitationMismatchMachine } from './invitationMismatch.machine';

/** A snapshot of the complete-profile chart. */
export type CompleteProfileSnapshot = SnapshotFrom<CompleteProfileMachine>;
/** A snapshot of the team-join chart. */
export type TeamJoinSnapshot = SnapshotFrom<TeamJoinMachine>;
/** A snapshot of the e-mails-mismatch chart. */
export type InvitationMismatchSnapshot = SnapshotFrom<InvitationMismatchMachine>;

/** True while the names are being saved (the Continue button shows "Saving…"). */
export const isCompletingProfile = (s: CompleteProfileSnapshot): boolean => s.matches('completingProfile');
/** True once the profile is saved (the app goes to /). */
export const isProfileCompleted = (s: CompleteProfileSnapshot): boolean => s.matches('profileCompleted');
/** The failure message when the save failed other than with field messages (toast, then /login); else null. */
export const selectProfileFailure = (s: CompleteProfileSnapshot): string | null => (s.matches('profileFailed') ? s.context.failure : null);
/** The server's per-field messages of the last refused save ({} when none). */
export const selectProfileFieldErrors = (s: CompleteProfileSnapshot): Record<string, string> => s.context.fieldErrors;

/** True while a Join runs (the Join buttons are disabled). */
export const isJoiningTeam = (s: TeamJoinSnapshot): boolean => s.matches('joiningTeam');
/** True once the invited role is Active (toast, then /dashboard). */
export const isTeamJoined = (s: TeamJoinSnapshot): boolean => s.matches('joinedTeam');
/** The failure message of the last Join while in joinFailed; else null. */
export const selectJoinFailure = (s: TeamJoinSnapshot): string | null => (s.matches('joinFailed') ? s.context.failure : null);

/** True while the e-mails-mismatch screen shows. */
export const isEmailsMismatch = (s: InvitationMismatchSnapshot): boolean => s.matches('emailsMismatch') || s.matches('loggingOut');
/** True while Log Out runs or once it has (the screen is leaving for /login). */
export const isLoggingOutOfMismatch = (s: InvitationMismatchSnapshot): boolean => s.matches('loggingOut') || s.matches('loggedOut');
