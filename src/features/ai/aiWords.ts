/**
 * Words of the AI wizards through Lingui (issue 16; spec 001 §8 AI messages, §9 tones and languages):
 * the §8 English messages the charts and the server carry (`AI_MESSAGES`) mapped to translatable
 * descriptors — any other server sentence (e.g. why a website could not be fetched) is shown as is —
 * and the tone and language names. One table for the URL wizard, the prompt wizard and the progress bar.
 */
import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { AI_MESSAGES, type AiLanguage, type AiTone } from '../../../server/src/modules/ai/ai.schemas';

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
