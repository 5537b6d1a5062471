/**
 * The editor API (issue 11 architecture §3): what every part of the vidbot editor (content tab,
 * settings tab, slide / form / link / action editors, panels) reads and writes. The editor layout
 * route (`vidbots.$id.tsx`, EditorLayout.tsx) provides it; views only call `useEditor()`.
 *
 * - `content` is the draft `{ slides, actions, theme, settings }` (the published revision's content
 *   while viewing the published version, spec 001 §2 "view published").
 * - `readOnly` is true when the person may not edit (spec 001 §6) or while viewing the published
 *   version; views then disable every control (the server refuses edits with 403 anyway). It is also
 *   true for the moment a save, publish, revision conflict or the leave prompt is open: the editor
 *   machine (machines/editor) accepts no `change` then, so views must not offer edits.
 * - `change(next)` replaces the draft; the editor machine compares it with the saved content for the
 *   "Unsaved changes" badge and the leave prompt. Edits are computed by the pure functions of
 *   machines/editor/content.ops.ts. Views never call the bot API for content themselves.
 */
import { createContext, useContext } from 'react';
import type { Account } from '../../../api/types';
import type { Bot, BotContent } from '../vidbot.types';

/** What `useEditor()` answers (issue 11 architecture §3). */
export interface EditorApi {
  /** The route's account (role, publicId, id). */
  account: Account;
  /** The last server answer (Schema<'Bot'>). */
  bot: Bot;
  /** The draft { slides, actions, theme, settings } (published content in view-published mode). */
  content: BotContent;
  /** May not edit (spec 001 §6) OR viewing the published version. */
  readOnly: boolean;
  /** The account's feature flags (GET /feature), e.g. 'url_map', 'vidbot_as_ads'. */
  features: ReadonlySet<string>;
  /** Replaces the draft (the editor machine compares it with the saved content for dirty). Ignored while read-only. */
  change(next: BotContent): void;
  /** A save or publish is running (spec 001 §4 Share code "not submitting"); absent = false. */
  submitting?: boolean;
}

/** The context the editor layout provides (EditorLayout.tsx). */
export const EditorContext = createContext<EditorApi | null>(null);

/**
 * The editor API of the surrounding vidbot editor.
 * @throws Error when called outside the editor layout route (a programming error).
 */
export function useEditor(): EditorApi {
  const api = useContext(EditorContext);
  if (!api) throw new Error('useEditor() must be used inside the vidbot editor (vidbots.$id.tsx)');
  return api;
}
