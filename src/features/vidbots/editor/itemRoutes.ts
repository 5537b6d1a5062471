/**
 * Where the content tab sends a card (issue 11 architecture §2, spec 001 §2 editor "Content
 * sub-routes: slide/{slideId}, form/{formId}, link/{linkId}, action/{actionId} (post message),
 * close-action/{actionId}, share-media/{actionId}"). A new item uses the id `new`
 * (`slide/new?type=VIDEO|IMAGE`, `form/new`, …). Paths are absolute app paths (no base), used with
 * `router.navigate({ href })` because the sub-editor routes belong to other parts of the editor.
 */
import type { BotAction } from '../vidbot.types';

/** An action type (spec 001 §3 Action). */
export type ActionType = BotAction['type'];

/** The sub-route segment of each action type. */
export const ACTION_ROUTE: Record<ActionType, string> = {
  REGULAR_FORM: 'form',
  EXTERNAL_LINK: 'link',
  POST_MESSAGE: 'action',
  CLOSE_VIDBOT: 'close-action',
  SHARE_MEDIA: 'share-media',
};

/** The editor's base path: `/dashboard/{accountSlug}/vidbots/{botId}`. */
export function editorPath(accountSlug: string, botId: number): string {
  return `/dashboard/${encodeURIComponent(accountSlug)}/vidbots/${botId}`;
}

/** The slide editor of `slideId` (or a new slide of `type`). */
export function slideEditorPath(accountSlug: string, botId: number, slideId: number | 'new', type?: 'VIDEO' | 'IMAGE'): string {
  const base = `${editorPath(accountSlug, botId)}/slide/${slideId}`;
  return slideId === 'new' && type ? `${base}?type=${type}` : base;
}

/** The editor of an action of `type` (or a new one). */
export function actionEditorPath(accountSlug: string, botId: number, type: ActionType, actionId: number | 'new'): string {
  return `${editorPath(accountSlug, botId)}/${ACTION_ROUTE[type]}/${actionId}`;
}
