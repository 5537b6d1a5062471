/**
 * Words of the prompt wizard (issue 16; spec 001 §8 AI messages, §9 tones and languages) through
 * Lingui: the §8 English messages the charts carry (`AI_MESSAGES`, the job's own messages) mapped to
 * translatable descriptors, and the tone and language names.
 */
import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { AI_MESSAGES, type AiLanguage, type AiTone } from '../../../../server/src/modules/ai/ai.schemas';

/** Every §8 AI message, keyed by its English text. */
const MESSAGE_WORDS: Record<string, MessageDescriptor> = {
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

/** A chart's English message in the active language: a §8 message translated, anything else (the server's own sentence) as is. */
export function aiMessageText(i18n: I18n, message: string): string {
  const words = MESSAGE_WORDS[message];
  return words ? i18n._(words) : message;
}

/** Tone names (spec 001 §9), in `AI_TONES` order. */
export const TONE_WORDS: Record<AiTone, MessageDescriptor> = {
  persuasive: msg`Persuasive`,
  grounded: msg`Grounded`,
  storytelling: msg`Storytelling`,
  bold: msg`Bold`,
};

/** Script language names (spec 001 §9). */
export const LANGUAGE_WORDS: Record<AiLanguage, MessageDescriptor> = {
  en: msg`English`,
  fi: msg`Finnish`,
};
