/**
 * Vidbot answer shapes of docs/api.md "Bots" (spec 001 §3). Content shapes are the publish chart's
 * (machines/publish/publish.actors.ts) so the editor, the chart and the API share one definition.
 */
import type { BotAction, BotContent, BotStatus, Slide, SlideOption } from '../../../machines/publish/publish.actors';

export type { BotAction, BotContent, BotStatus, Slide, SlideOption };

/** Privacy of a vidbot (spec 001 §3). */
export type BotPrivacy = 'Public' | 'Private';
/** Live status of a Published vidbot (spec 002 live status). */
export type LiveStatus = 'live' | 'offline' | 'inactive';

/** One row of GET /bot. */
export interface BotListItem {
  id: number;
  publicId: string;
  accountId: number;
  name: string;
  status: BotStatus;
  privacy: BotPrivacy;
  isStarred: boolean;
  author: { id: number; email: string } | null;
  createdAt: string;
  updatedAt: string;
  posterUrl: string | null;
  slideCount: number;
  hasDraft: boolean;
  revNumber: number;
  revisionStatus: string | null;
  botRevisionId: number | null;
  liveStatus: LiveStatus;
}

/** GET /bot/{id}: the list fields plus the revision's content. */
export interface Bot extends BotListItem {
  publishedRevisionId: number | null;
  slides: Slide[];
  actions: BotAction[];
  theme: Record<string, unknown>;
}

/** Sortable columns of the list (spec 001 §2). */
export const BOT_ORDER_BY = ['name', 'status', 'created_at', 'updated_at'] as const;
export type BotOrderBy = (typeof BOT_ORDER_BY)[number];
export type OrderDirection = 'asc' | 'desc';
