/**
 * Data of the preview screen (spec 002 §2: "A stored bot is fetched only when the id is non-empty and
 * not current"). The preview of a stored bot is used by signed-in editors: it reads the latest
 * revision (`GET /api/bot/{id}?mode=draft`, docs/api.md), whose slides carry resolved media urls.
 */
import { queryOptions } from '@tanstack/react-query';
import { typedApi } from '../../api/contract';
import type { PlayerBot } from '../../../embed/player';

/** The id that means "no stored bot: the data arrives by SET_DATA". */
export const CURRENT_PREVIEW_ID = 'current';

/** True when `id` names a stored bot to fetch (non-empty, not `current`; spec 000 §6 preview guard). */
export function isStoredBotId(id: string): boolean {
  return id.trim() !== '' && id !== CURRENT_PREVIEW_ID;
}

/** GET /api/bot/{id}?mode=draft → the bot's latest revision (a `Bot`, which has every `PlayerBot` field the player reads). */
export function previewBotOptions(id: string) {
  return queryOptions({
    queryKey: ['bot', id, 'draft'] as const,
    queryFn: ({ signal }) =>
      typedApi.get('/bot/{id}', { path: { id: Number(id) }, query: { mode: 'draft' }, signal }),
  });
}
