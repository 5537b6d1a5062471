/**
 * Abstract side effects of the publish chart (spec 001 §4 "{product} status").
 *
 * The machine only knows these shapes; the app edge supplies real implementations with
 * `publishMachine.provide({ actors: { … } })` (src/features/vidbots/publish.actors.ts). The defaults
 * below throw "must be provided" so a forgotten binding fails loudly instead of silently succeeding.
 *
 * Content shapes mirror docs/api.md ("Revision content").
 */
import { fromPromise } from 'xstate';
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

/** The fields of a `Bot` answer the chart reads (the real answer has more). */
export interface PublishBot {
  id: number;
  status: BotStatus;
  hasDraft: boolean;
  botRevisionId: number | null;
  /** Null only for a bot without a revision (the contract allows it; every bot has revision 1). */
  revNumber: number | null;
  revisionStatus: string | null;
}

/** saveDraft: PATCH /bot/{botId} `{ content }` → a new Draft revision; resolves with the Bot. */
export interface SaveDraftInput {
  botId: number;
  content: BotContent;
}
/** setStatusPublished: PATCH /bot/{botId} `{ status: 'Published' }`; 422 `code:'noSlidesPublish'` without an INTRO slide. */
export interface SetStatusPublishedInput {
  botId: number;
}
/** publishRevision: PATCH /bot/{botId}/revision/{botRevisionId}/status `{ status: 'Published' }`. */
export interface PublishRevisionInput {
  botId: number;
  botRevisionId: number;
}

/** Default actors: each throws "… must be provided" when started. */
export const missingPublishActors = {
  saveDraft: fromPromise<PublishBot, SaveDraftInput>(async () => {
    throw new Error('saveDraft must be provided');
  }),
  setStatusPublished: fromPromise<PublishBot, SetStatusPublishedInput>(async () => {
    throw new Error('setStatusPublished must be provided');
  }),
  publishRevision: fromPromise<PublishBot, PublishRevisionInput>(async () => {
    throw new Error('publishRevision must be provided');
  }),
};
