/**
 * The §8 AI messages in the reader's language (issue 16; spec 001 §8 "AI"). The job chart and the
 * API speak English (`AI_MESSAGES`, an `AiJobOutcome`'s `message`, a job's `error`); views show them
 * through `aiMessageText`, which translates the §8 messages it knows and leaves any other text (a
 * server's own sentence, e.g. why a website could not be fetched) as it came.
 */
import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { AI_MESSAGES } from '../../../server/src/modules/ai/ai.schemas';
import type { AiJobOutcome } from '../../../machines/aiJob/aiJob.machine';

/** Each §8 message (English, as in `AI_MESSAGES`) → its Lingui descriptor. */
export const AI_MESSAGE_WORDS: Record<string, MessageDescriptor> = {
  [AI_MESSAGES.invalidUrl]: msg`Please enter a valid URL`,
  [AI_MESSAGES.invalidJobResponse]: msg`Invalid job response format`,
  [AI_MESSAGES.noData]: msg`Job completed but no data received`,
  [AI_MESSAGES.maxAttempts]: msg`Maximum polling attempts reached`,
  [AI_MESSAGES.jobFailed]: msg`Job failed`,
  [AI_MESSAGES.pollFailed]: msg`Failed to poll job status`,
  [AI_MESSAGES.missingSourceInfo]: msg`Missing source information`,
  [AI_MESSAGES.noScript]: msg`No script generated or missing source information`,
  [AI_MESSAGES.scriptFailed]: msg`Failed to generate script...`,
  [AI_MESSAGES.createFailed]: msg`Failed to create vidbot`,
  [AI_MESSAGES.emptyPrompt]: msg`Please enter a prompt`,
  [AI_MESSAGES.promptFailed]: msg`Failed to generate script from prompt`,
  [AI_MESSAGES.nothingToFinish]: msg`No script to finish with`,
  [AI_MESSAGES.created]: msg`Vidbot created successfully!`,
};

/** `message` in the active language when it is a §8 message, else as it is. */
export function aiMessageText(i18n: I18n, message: string): string {
  const words = Object.hasOwn(AI_MESSAGE_WORDS, message) ? AI_MESSAGE_WORDS[message] : undefined;
  return words ? i18n._(words) : message;
}

/** The error text of a job outcome (`failed` / `error`), else null (ready, cancelled). */
export function aiOutcomeError(i18n: I18n, outcome: AiJobOutcome): string | null {
  return outcome.kind === 'failed' || outcome.kind === 'error' ? aiMessageText(i18n, outcome.message) : null;
}
