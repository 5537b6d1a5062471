/**
 * The catalog of Vidbot's statecharts (issue 14 "Statecharts for people"): one entry per machine
 * that a product owner reads and a tester walks. `npm run machines` draws each entry into
 * docs/machines/<name>.{mmd,svg,json}; `npm run paths -- <name>` prints its paths;
 * `npm run machines:coverage` reports its coverage; the in-app Machines page lists the same names.
 *
 * Pure: imports machine definitions only (no app edge, no Node APIs), so the SPA and the Node
 * tools read the same list. Adding a machine = adding an entry here and one in catalog.paths.ts.
 */
import type { AnyStateMachine } from 'xstate';
import { promptWizardMachine } from './aiWizard/promptWizard.machine';
import { aiJobMachine } from './aiJob/aiJob.machine';
import { analyticsExportMachine } from './analytics/export.machine';
import { avatarGeneratorMachine } from './aiWizard/avatarGenerator.machine';
import { urlWizardMachine } from './aiWizard/urlWizard.machine';
import { editorMachine } from './editor/editor.machine';
import { googleDriveMachine } from './googleDrive/googleDrive.machine';
import { crmConnectionMachine } from './integrations/crmConnection.machine';
import { playerMachine } from './player/player.machine';
import { changePasswordMachine } from './session/changePassword.machine';
import { completeProfileMachine } from './session/completeProfile.machine';
import { invitationMismatchMachine } from './session/invitationMismatch.machine';
import { joinTeamMachine } from './session/joinTeam.machine';
import { mfaSetupMachine } from './session/mfaSetup.machine';
import { passwordRecoveryMachine } from './session/passwordRecovery.machine';
import { sessionMachine } from './session/session.machine';
import { signInMachine } from './session/signIn.machine';
import { teamJoinMachine } from './session/teamJoin.machine';
import { uploadMachine } from './upload/upload.machine';
import { uploadQueueMachine } from './uploadQueue/uploadQueue.machine';
import { compileVidbot } from './vidbot/vidbot.machine';
import { demoVidbot } from './vidbot/vidbot.fixtures';

/** Where a machine belongs in the product, for grouping in lists. */
export type MachineGroup = 'Sign-in and account' | 'Editing and publishing' | 'Media' | 'Player' | 'Analytics' | 'AI';

/** One statechart of the product. */
export interface MachineEntry {
  /** File name in docs/machines and the CLI argument (`npm run paths -- upload`): lower camelCase. */
  name: string;
  /** Title a product owner reads ("Upload of one file"). */
  title: string;
  group: MachineGroup;
  /** One or two plain-language sentences: what the workflow is, where a person meets it. */
  summary: string;
  /** Source folder of the chart, relative to the repository root (`machines/upload`). */
  folder: string;
  /** The catalog name of the machine that spawns or invokes this one, if any. */
  parent?: string;
  machine: AnyStateMachine;
}

/** Every statechart, in the order the docs index and the Machines page list them. */
export const machineCatalog: readonly MachineEntry[] = [
  {
    name: 'session',
    title: 'Session: signed in or out',
    group: 'Sign-in and account',
    summary: 'Whether someone is signed in: the app checks on opening, runs the sign-in flow, keeps the sign-in fresh, follows other tabs, and signs out.',
    folder: 'machines/session',
    machine: sessionMachine,
  },
  {
    name: 'signIn',
    title: 'Sign-in: password, new password, authenticator code',
    group: 'Sign-in and account',
    summary: 'The steps of signing in: the password is checked, then a new password when one is required, the authenticator code, or setting up an authenticator app when the team requires one.',
    folder: 'machines/session',
    parent: 'session',
    machine: signInMachine,
  },
  {
    name: 'passwordRecovery',
    title: 'Forgot password',
    group: 'Sign-in and account',
    summary: 'A person who forgot their password asks for a code by e-mail and chooses a new password with it.',
    folder: 'machines/session',
    parent: 'session',
    machine: passwordRecoveryMachine,
  },
  {
    name: 'mfaSetup',
    title: 'Authenticator (MFA) set-up',
    group: 'Sign-in and account',
    summary: 'A signed-in person turns on two-step sign-in: scans the QR code with an authenticator app and confirms with a code.',
    folder: 'machines/session',
    parent: 'session',
    machine: mfaSetupMachine,
  },
  {
    name: 'changePassword',
    title: 'Change password',
    group: 'Sign-in and account',
    summary: 'A signed-in person changes their password with the current one.',
    folder: 'machines/session',
    parent: 'session',
    machine: changePasswordMachine,
  },
  {
    name: 'completeProfile',
    title: 'Complete profile',
    group: 'Sign-in and account',
    summary: 'After the first sign-in a person gives their first and last name before using the product.',
    folder: 'machines/session',
    parent: 'session',
    machine: completeProfileMachine,
  },
  {
    name: 'teamJoin',
    title: 'Choose and join a team',
    group: 'Sign-in and account',
    summary: 'A person invited to an account accepts the invitation from the team list and lands in that account.',
    folder: 'machines/session',
    parent: 'session',
    machine: teamJoinMachine,
  },
  {
    name: 'invitationMismatch',
    title: 'Invitation for another e-mail',
    group: 'Sign-in and account',
    summary: 'Someone opens an invitation while signed in with a different e-mail address and is asked to sign out.',
    folder: 'machines/session',
    parent: 'session',
    machine: invitationMismatchMachine,
  },
  {
    name: 'joinTeam',
    title: 'Join a team from an invitation link',
    group: 'Sign-in and account',
    summary: 'Someone opens an invitation link: a new person signs up and lands in the team; a person with an account signs in and confirms with Join; someone else signed in is signed out; a wrong, used or expired link is explained.',
    folder: 'machines/session',
    parent: 'session',
    machine: joinTeamMachine,
  },
  {
    name: 'editor',
    title: 'Vidbot and widget editor: save, publish, revisions, unsaved changes',
    group: 'Editing and publishing',
    summary: 'Editing a vidbot or a widget (carousel): the draft is saved and published (a vidbot after a warning check; its published revision can be compared), and a person leaving with unsaved changes is asked what to do.',
    folder: 'machines/editor',
    machine: editorMachine,
  },
  {
    name: 'aiJob',
    title: 'AI job: from request to result',
    group: 'AI',
    summary: 'One AI generation (website analysis, video script, script from a prompt, avatar video): the job is started, its progress followed through the event stream or by asking every few seconds (slower and slower with backoff), and it ends ready, failed or cancelled when the person leaves.',
    folder: 'machines/aiJob',
    machine: aiJobMachine,
  },
  {
    name: 'urlWizard',
    title: 'AI URL wizard: from a website to a vidbot',
    group: 'AI',
    summary: 'A customer pastes their website address; the site is analysed, they pick a suggested script, review the site’s links, get a video script in the tone and language they choose, and Finish creates an editable vidbot.',
    folder: 'machines/aiWizard',
    machine: urlWizardMachine,
  },
  {
    name: 'upload',
    title: 'Upload of one file',
    group: 'Media',
    summary: 'One video or image goes from the person’s computer to the media library: checked, sent in resumable pieces, retried when the network fails, then processed on the server.',
    folder: 'machines/upload',
    machine: uploadMachine,
  },
  {
    name: 'uploadQueue',
    title: 'Upload queue',
    group: 'Media',
    summary: 'Several files dropped at once upload a few at a time; interrupted uploads can be resumed after a reload.',
    folder: 'machines/uploadQueue',
    machine: uploadQueueMachine,
  },
  {
    name: 'googleDrive',
    title: 'Import from Google Drive',
    group: 'Media',
    summary: 'A person connects Google Drive, picks videos and images, and they are imported into the media library.',
    folder: 'machines/googleDrive',
    machine: googleDriveMachine,
  },
  {
    name: 'avatarGenerator',
    title: 'Avatar video generator',
    group: 'AI',
    summary: 'A person picks an avatar group (four per page), then a look, a voice, the title, the avatar style and the script; the video is rendered on the server and lands in the media library.',
    folder: 'machines/aiWizard',
    machine: avatarGeneratorMachine,
  },
  {
    name: 'crmConnection',
    title: 'Connecting a CRM',
    group: 'Sign-in and account',
    summary: 'On the integrations tab an owner connects HubSpot or Salesforce through the CRM’s sign-in page, or Linear or Pipedrive with an API key; sees who is connected or what broke; reconnects or disconnects.',
    folder: 'machines/integrations',
    machine: crmConnectionMachine,
  },
  {
    name: 'player',
    title: 'Player: what a viewer sees',
    group: 'Player',
    summary: 'A viewer watches a vidbot: slides play, buttons appear and lead to other slides, forms, links or the end.',
    folder: 'machines/player',
    machine: playerMachine,
  },
  {
    name: 'vidbot',
    title: 'A published vidbot’s slide graph (demo bot)',
    group: 'Player',
    summary: 'Each vidbot compiles into its own chart: one state per slide and one transition per button. This is the demo bot; `npm run paths -- --bot <publicId>` draws any published one.',
    folder: 'machines/vidbot',
    parent: 'player',
    machine: compileVidbot(demoVidbot) as unknown as AnyStateMachine,
  },
  {
    name: 'analyticsExport',
    title: 'Analytics export',
    group: 'Analytics',
    summary: 'Downloading an analytics report as PDF, CSV or Excel: the report is fetched, the file built and saved.',
    folder: 'machines/analytics',
    machine: analyticsExportMachine,
  },
  {
    name: 'promptWizard',
    title: 'AI prompt wizard',
    group: 'AI',
    summary: 'A person describes the video they want in a prompt; the server writes a script of a few nodes, the person edits the texts or asks for an improvement, and Finish creates the vidbot and opens its editor.',
    folder: 'machines/aiWizard',
    machine: promptWizardMachine,
  },
];

/** The entry of `name`, or undefined. */
export function machineEntry(name: string): MachineEntry | undefined {
  return machineCatalog.find((entry) => entry.name === name);
}
