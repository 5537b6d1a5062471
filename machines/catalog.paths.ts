/**
 * How each catalogued machine (machines/catalog.ts) takes part in model-based paths and coverage
 * (issue 14): its `PathSource` — named inputs, TestModel, serializer, journeys. Node and tests only.
 *
 * Every catalog entry must have a source here; the coverage gate (machines/tooling) fails otherwise.
 */
import { machineCatalog, machineEntry } from './catalog';
import { promptWizardPathInput, promptWizardTestModel, serializePromptWizardState } from './aiWizard/promptWizard.paths';
import { aiJobPathInputs, aiJobTestModel, serializeAiJobState } from './aiJob/aiJob.paths';
import { exportTestModel, serializeExportState } from './analytics/export.paths';
import { avatarPathInput, avatarTestModel, serializeAvatarState } from './aiWizard/avatarGenerator.paths';
import { serializeUrlWizardState, urlWizardJourneys, urlWizardPathInput, urlWizardTestModel } from './aiWizard/urlWizard.paths';
import { editorJourneys, editorPathInputs, editorTestModel, serializeEditorState } from './editor/editor.paths';
import { googleDrivePathInput, googleDriveTestModel, serializeGoogleDriveState } from './googleDrive/googleDrive.paths';
import { crmConnectionPathInputs, crmConnectionTestModel, serializeCrmConnectionState } from './integrations/crmConnection.paths';
import { playerJourneys, playerPathInputs, playerTestModel, serializePlayerState } from './player/player.paths';
import { createSessionTestModel, serializeSessionState } from './session/session.paths';
import { chartTestModel, serializeChart, type ChartCase } from './session/chartCase';
import { signInChart } from './session/signIn.paths';
import { mfaSetupChart } from './session/mfaSetup.paths';
import { passwordRecoveryChart } from './session/passwordRecovery.paths';
import { changePasswordChart } from './session/changePassword.paths';
import { completeProfileChart } from './session/completeProfile.paths';
import { teamJoinChart } from './session/teamJoin.paths';
import { invitationMismatchChart } from './session/invitationMismatch.paths';
import { joinTeamChart } from './session/joinTeam.paths';
import { serializeUploadState, uploadInputs, uploadTestModel } from './upload/upload.paths';
import { queueTestModel, serializeQueueState } from './uploadQueue/uploadQueue.paths';
import { pathsFromSource, payloadFreeSource, type MachinePath, type PathSource, type PathStrategy } from './tooling/paths';

const source = (s: { inputs: Record<string, unknown>; model(input: never): unknown; serialize(snapshot: never): string; journeys?: PathSource['journeys'] }): PathSource => s as unknown as PathSource;

/** The source of a small session chart from its chart case (machines/session/<name>.paths.ts). */
const chartSource = (chart: ChartCase) => () => source({ inputs: chart.inputs, model: (input: unknown) => chartTestModel(chart, input), serialize: serializeChart });

/** Path sources by catalog name. */
export const pathSources: Record<string, () => PathSource> = {
  session: () => source({ inputs: { default: undefined }, model: () => createSessionTestModel(), serialize: serializeSessionState }),
  signIn: chartSource(signInChart),
  passwordRecovery: chartSource(passwordRecoveryChart),
  mfaSetup: chartSource(mfaSetupChart),
  changePassword: chartSource(changePasswordChart),
  completeProfile: chartSource(completeProfileChart),
  teamJoin: chartSource(teamJoinChart),
  invitationMismatch: chartSource(invitationMismatchChart),
  joinTeam: chartSource(joinTeamChart),
  editor: () => source({ inputs: editorPathInputs, model: editorTestModel, serialize: serializeEditorState, journeys: editorJourneys() }),
  aiJob: () => source({ inputs: aiJobPathInputs, model: aiJobTestModel, serialize: serializeAiJobState }),
  upload: () => source({ inputs: uploadInputs(), model: uploadTestModel, serialize: serializeUploadState }),
  uploadQueue: () => source({ inputs: { default: { concurrency: 2 } }, model: () => queueTestModel(), serialize: serializeQueueState }),
  googleDrive: () => source({ inputs: { default: googleDrivePathInput }, model: () => googleDriveTestModel(), serialize: serializeGoogleDriveState }),
  avatarGenerator: () => source({ inputs: { default: avatarPathInput }, model: () => avatarTestModel(), serialize: serializeAvatarState }),
  crmConnection: () => source({ inputs: crmConnectionPathInputs, model: crmConnectionTestModel, serialize: serializeCrmConnectionState }),
  player: () => source({ inputs: playerPathInputs, model: playerTestModel, serialize: serializePlayerState, journeys: playerJourneys }),
  vidbot: () => payloadFreeSource(machineEntry('vidbot')!.machine),
  analyticsExport: () => source({ inputs: { default: undefined }, model: () => exportTestModel(), serialize: serializeExportState }),
  promptWizard: () => source({ inputs: { default: promptWizardPathInput }, model: () => promptWizardTestModel(), serialize: serializePromptWizardState }),
  urlWizard: () => source({ inputs: { default: urlWizardPathInput }, model: () => urlWizardTestModel(), serialize: serializeUrlWizardState, journeys: urlWizardJourneys }),
};

/**
 * The paths of the catalogued machine `name`.
 * @throws Error `Unknown machine "x"` (with the known names) or `No path source for "x"`.
 */
export function machinePaths(name: string, strategy: PathStrategy = 'tour'): MachinePath[] {
  const entry = machineEntry(name);
  if (!entry) throw new Error(`Unknown machine "${name}". Known: ${machineCatalog.map((e) => e.name).join(', ')}`);
  const make = pathSources[name];
  if (!make) throw new Error(`No path source for "${name}" in machines/catalog.paths.ts`);
  return pathsFromSource(name, entry.machine, make(), strategy);
}
