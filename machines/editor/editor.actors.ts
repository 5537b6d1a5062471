/**
 * Abstract side effects and content shapes of the editor machine (spec 001 §2 editor, §4 "{product}
 * status" and "Editor saves"; spec 002 §2 Widget editor, §4 widget status; issue 11 "Revisions and
 * the editor machine"; issue 15 "one machine, two kinds of document"; architecture §1, §3).
 *
 * Two kinds of document share the chart: a vidbot (`EditorBot`, content `{ slides, actions, theme,
 * settings }`) and a widget (`EditorWidget`, content `WidgetContent`). The machine only knows these
 * shapes; the app edge of each kind supplies real implementations with
 * `editorMachine.provide({ actors: { … } })` (src/features/vidbots/editor/editor.actors.ts; the
 * widget's through editor.bindings.ts in src/features/widgets/editor/widgetEditor.actors.ts). The defaults throw "… must be provided" so a
 * forgotten binding fails loudly instead of silently succeeding. Every actor resolves with the
 * document's answer (a Bot or a Widget) and rejects with the API client's error (`{ status, code?,
 * detail? }`, e.g. 409 `revisionConflict`, 422 `noSlidesPublish`). The actor inputs name the kind's
 * id (`botId` / `widgetId`), so the app binding of one kind never receives the other's.
 */
import { fromPromise } from 'xstate';
import type { Schema } from '../../src/api/contract';
import type { WidgetContent, WidgetDetail } from '../../server/src/modules/widget/widget.schemas';
import type { BotAction, BotStatus, Slide, SlideOption, SlideOptionType } from './content.types';

/**
 * Slide, button, action and status types are declared once (machines/editor/content.types.ts and
 * machines/vidbot/vidbot.types.ts; the content operations of machines/editor/content.ops.ts use the same).
 */
export type { BotAction, BotStatus, Slide, SlideOption, SlideOptionType };

/** `GET|PATCH /bot/{id}`: the bot with one revision's content (the server's contract). */
export type EditorBot = Schema<'Bot'>;

/**
 * The revisioned per-vidbot settings (architecture §1 `content.settings`; spec 001 §3 "{product}",
 * "Share settings"): the contract's `Bot['settings']` once the server declares it, a record before.
 */
export type BotSettings = EditorBot extends { settings: infer S } ? S : Record<string, unknown>;

/** The content a revision stores and the editor drafts: `{ slides, actions, theme, settings }` (architecture §1). */
export interface BotContent {
  slides: Slide[];
  actions: BotAction[];
  theme?: Record<string, unknown>;
  settings: BotSettings;
}

/**
 * The revision content of a Bot answer. The server always answers a complete `settings` (spec 001
 * §9 defaults filled in); an answer without one (a server before issue 11) gives an empty record.
 */
export function contentOf(bot: EditorBot): BotContent {
  const { settings } = bot as { settings?: BotSettings };
  return { slides: bot.slides, actions: bot.actions, theme: bot.theme, settings: settings ?? ({} as BotSettings) };
}

/**
 * Structural equality of two JSON documents (content drafts): same keys and values, array order
 * significant, a property holding `undefined` equal to an absent one. Used for "dirty": the draft
 * compared with the saved content, so undoing an edit by hand makes the editor clean again.
 */
export function sameContent(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => sameContent(item, b[i]));
  }
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(ra), ...Object.keys(rb)]);
  for (const key of keys) {
    if (!sameContent(ra[key], rb[key])) return false;
  }
  return true;
}

/** saveDraft: PATCH /bot/{botId} `{ content, baseRevisionId }` → a new Draft revision (409 revisionConflict when baseRevisionId is not the latest). */
export interface SaveDraftInput {
  botId: number;
  content: BotContent;
  /** The revision the draft was based on (the editor's last loaded or saved revision), or null. */
  baseRevisionId: number | null;
}
/** setStatusPublished: PATCH /bot/{botId} `{ status: 'Published' }`; 422 `noSlidesPublish` without an INTRO slide. */
export interface SetStatusPublishedInput {
  botId: number;
}
/** publishRevision: PATCH /bot/{botId}/revision/{botRevisionId}/status `{ status: 'Published' }`. */
export interface PublishRevisionInput {
  botId: number;
  botRevisionId: number;
}
/** fetchBot: GET /bot/{botId}?mode=draft|published (published: 404 when never published). */
export interface FetchBotInput {
  botId: number;
  mode: 'draft' | 'published';
}

/**
 * countPublishWarnings: how many publish warnings the draft's slide graph has (unreachable slides and
 * actions, buttons whose target is deleted; `publishWarnings(botGraph(content), content)` of
 * machines/vidbot/vidbot.graph.ts). Provided at the app edge, which loads the graph analysis lazily
 * (issue 10 §2 size budget); rejects when that code cannot be loaded.
 */
export interface CountPublishWarningsInput {
  content: BotContent;
}

// --- the widget kind (spec 002 §2 Widget editor, §4 widget status, §7 Widgets) --------------------

/** The kinds of document the editor machine edits (issue 15: one machine, two kinds of document). */
export type EditorKind = 'vidbot' | 'widget';

/** `GET|PATCH /widget/{id}`: the widget with its latest revision's content and the caller's rights. */
export type EditorWidget = WidgetDetail;
export type { WidgetContent };

/** A document answer of either kind. */
export type EditorDocument = EditorBot | EditorWidget;
/** The revision content of either kind. */
export type DocumentContent = BotContent | WidgetContent;

/** A structural check of a Widget answer (`content` object and `widgetRevisionId`). */
export function isEditorWidget(value: unknown): value is EditorWidget {
  if (typeof value !== 'object' || value === null) return false;
  const doc = value as Record<string, unknown>;
  return typeof doc.id === 'number' && typeof doc.status === 'string' && typeof doc.widgetRevisionId === 'number' && typeof doc.content === 'object' && doc.content !== null;
}

/** The revision content of a document answer of either kind. */
export function documentContentOf(doc: EditorDocument): DocumentContent {
  return isEditorWidget(doc) ? doc.content : contentOf(doc);
}

/** The latest revision's id of a document answer (a Bot's `botRevisionId`, a Widget's `widgetRevisionId`). */
export function revisionIdOf(doc: EditorDocument): number | null {
  return isEditorWidget(doc) ? doc.widgetRevisionId : doc.botRevisionId;
}

/** saveDraft (widget): PATCH /widget/{widgetId} `{ content, baseRevisionId }` → a new Draft revision (409 revisionConflict when stale). */
export interface SaveWidgetDraftInput {
  widgetId: number;
  content: WidgetContent;
  baseRevisionId: number | null;
}
/** setStatusPublished (widget): PATCH /widget/{widgetId} `{ status: 'Published', revisionStatus: 'Published' }` (spec 002 §4). */
export interface SetWidgetPublishedInput {
  widgetId: number;
}
/** publishRevision (widget): PATCH /widget/{widgetId}/revision/{widgetRevisionId}/status `{ status: 'Published' }`. */
export interface PublishWidgetRevisionInput {
  widgetId: number;
  widgetRevisionId: number;
}
/** fetchBot (widget): GET /widget/{widgetId}[?mode=published] — the latest widget after a revision conflict. */
export interface FetchWidgetInput {
  widgetId: number;
  mode: 'draft' | 'published';
}

/** Default actors: each throws "… must be provided" when started. */
export const missingEditorActors = {
  saveDraft: fromPromise<EditorDocument, EditorActorInputs['saveDraft']>(async () => {
    throw new Error('saveDraft must be provided');
  }),
  setStatusPublished: fromPromise<EditorDocument, EditorActorInputs['setStatusPublished']>(async () => {
    throw new Error('setStatusPublished must be provided');
  }),
  publishRevision: fromPromise<EditorDocument, EditorActorInputs['publishRevision']>(async () => {
    throw new Error('publishRevision must be provided');
  }),
  /** Fetches the document of either kind (the name is the vidbot kind's, kept for its bindings and paths). */
  fetchBot: fromPromise<EditorDocument, EditorActorInputs['fetchBot']>(async () => {
    throw new Error('fetchBot must be provided');
  }),
  countPublishWarnings: fromPromise<number, CountPublishWarningsInput>(async () => {
    throw new Error('countPublishWarnings must be provided');
  }),
};

/** The input each actor of the chart receives, for either kind (the default actors' and a test fake's input type). */
export type EditorActorInputs = {
  saveDraft: SaveDraftInput | SaveWidgetDraftInput;
  setStatusPublished: SetStatusPublishedInput | SetWidgetPublishedInput;
  publishRevision: PublishRevisionInput | PublishWidgetRevisionInput;
  fetchBot: FetchBotInput | FetchWidgetInput;
  countPublishWarnings: CountPublishWarningsInput;
};
