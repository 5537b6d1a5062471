/**
 * Selectors the AI URL wizard view binds to (machines/aiWizard/urlWizard.machine.ts; DESIGN §5: views
 * read the chart through these, never through raw state names).
 */
import type { AnyActorRef, SnapshotFrom } from 'xstate';
import type { AnalysisResult, ScriptOption } from '../../server/src/modules/ai/ai.schemas';
import { selectedOption, type KeptScript, type UrlWizardFailure, type UrlWizardMachine } from './urlWizard.machine';

type UrlWizardSnapshot = SnapshotFrom<UrlWizardMachine>;

/** The four steps of spec 001 §2, 1-based. */
export type UrlWizardStep = 1 | 2 | 3 | 4;

/** The step the person is on. */
export function selectStep(snapshot: UrlWizardSnapshot): UrlWizardStep {
  if (snapshot.hasTag('step2')) return 2;
  if (snapshot.hasTag('step3')) return 3;
  if (snapshot.hasTag('step4') || snapshot.matches('created')) return 4;
  return 1;
}

/** What step 1 and step 4 show. */
export type UrlWizardPhase = 'editing' | 'analyzing' | 'analysisFailed' | 'choosing' | 'navigation' | 'generating' | 'scriptFailed' | 'reviewing' | 'creating' | 'created';

export function selectPhase(snapshot: UrlWizardSnapshot): UrlWizardPhase {
  if (snapshot.matches('created')) return 'created';
  if (snapshot.matches({ enteringUrl: 'analyzing' })) return 'analyzing';
  if (snapshot.matches({ enteringUrl: 'analysisFailed' })) return 'analysisFailed';
  if (snapshot.matches('choosingScript')) return 'choosing';
  if (snapshot.matches('reviewingNavigation')) return 'navigation';
  if (snapshot.matches({ writingScript: 'scriptFailed' })) return 'scriptFailed';
  if (snapshot.matches({ writingScript: 'reviewing' })) return 'reviewing';
  if (snapshot.matches({ writingScript: 'creating' })) return 'creating';
  if (snapshot.matches('writingScript')) return 'generating';
  return 'editing';
}

export const selectUrl = (s: UrlWizardSnapshot): string => s.context.url;
export const selectLanguage = (s: UrlWizardSnapshot) => s.context.language;
export const selectTone = (s: UrlWizardSnapshot) => s.context.tone;
export const selectBotName = (s: UrlWizardSnapshot): string => s.context.botName;
export const selectFailure = (s: UrlWizardSnapshot): UrlWizardFailure | null => s.context.failure;
export const selectAnalysis = (s: UrlWizardSnapshot): AnalysisResult | null => s.context.analysis?.result ?? null;
export const selectSelectedOptionId = (s: UrlWizardSnapshot): string | null => s.context.selectedOptionId;
export const selectSelectedOption = (s: UrlWizardSnapshot): ScriptOption | null => selectedOption(s.context);
export const selectScript = (s: UrlWizardSnapshot): KeptScript | null => s.context.script;
export const selectMainBotId = (s: UrlWizardSnapshot): number | null => (s.matches('created') ? s.context.mainBotId : null);
export const selectIsBusy = (s: UrlWizardSnapshot): boolean => s.hasTag('pending');

/** Analyze is offered (step 1, not running). */
export const selectCanAnalyze = (s: UrlWizardSnapshot): boolean => s.can({ type: 'wizard.analyze' });
/** Next is enabled (step 1 with a kept analysis of this URL, step 2 with a choice, step 3). */
export const selectCanNext = (s: UrlWizardSnapshot): boolean => s.can({ type: 'wizard.next' });
export const selectCanBack = (s: UrlWizardSnapshot): boolean => s.can({ type: 'wizard.back' }) && !s.matches({ writingScript: 'creating' });
export const selectCanRetry = (s: UrlWizardSnapshot): boolean => s.can({ type: 'wizard.retry' });
/** Finish is enabled: a script is shown and the vidbot has a name. */
export const selectCanFinish = (s: UrlWizardSnapshot): boolean => s.matches({ writingScript: 'reviewing' }) && s.context.botName.trim() !== '';

/** The running job child (analysis or script), for its progress; undefined when none runs. */
export function selectJobRef(s: UrlWizardSnapshot): AnyActorRef | undefined {
  const children = s.children as Record<string, AnyActorRef | undefined>;
  return children.analysisJob ?? children.scriptJob;
}
