/**
 * Content shapes of a revision (docs/api.md "Revision content"; spec 001 §3, §4): status, slide,
 * button and action types, and the content the editor's pure operations (content.ops.ts,
 * clipboard.ts) work on. Publishing itself is part of the editor machine (editor.machine.ts:
 * `publishing`, `confirmingPublish`); this file holds types only (issue 14 folded the former
 * machines/publish folder, which had no chart, into machines/editor).
 */
import type { Schema } from '../../src/api/contract';
import type { Slide, SlideOption, SlideOptionType } from '../vidbot/vidbot.types';

/** Bot status of spec 001 §3. */
export type BotStatus = 'Draft' | 'Published' | 'Deactivated';
/** Slide, button and category types are the vidbot chart's (machines/vidbot/vidbot.types.ts): one declaration. */
export type { Slide, SlideOption, SlideOptionType };
export type SlideCategory = Slide['category'];
export type SlideType = Slide['type'];

/** An action (form, link, post message, close, share media): the contract's `Action` (server content.rules.ts). */
export type BotAction = Schema<'Action'>;

/** The content a revision stores (docs/api.md): `{ slides, actions, theme, settings }`. */
export interface BotContent {
  slides: Slide[];
  actions: BotAction[];
  theme?: Record<string, unknown>;
  /** Every per-vidbot setting; missing keys read as the §9 defaults (the Bot answer has them complete). */
  settings?: Schema<'BotSettingsInput'>;
}
