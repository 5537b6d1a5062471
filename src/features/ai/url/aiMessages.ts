/**
 * The §8 AI messages (spec 001 §8; `AI_MESSAGES` in server/src/modules/ai/ai.schemas.ts) in the
 * person's language. The job chart and the server give English; a known §8 sentence is worded
 * through Lingui, any other server sentence (e.g. why a website could not be fetched) is shown as is.
 */
import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { AI_MESSAGES } from '../../../../server/src/modules/ai/ai.schemas';

/** Each §8 AI message as a Lingui descriptor, keyed by its English text. */
export const AI_MESSAGE_TEXT: Record<string, MessageDescriptor> = {
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

/** `message` in the active language when it is a §8 message, else as given. */
export function aiMessageText(i18n: I18n, message: string): string {
  const descriptor = AI_MESSAGE_TEXT[message];
  return descriptor ? i18n._(descriptor) : message;
}
