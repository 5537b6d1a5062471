/**
 * Vidbot answer shapes of docs/api.md "Bots" (spec 001 §3). Content shapes are the publish chart's
 * (machines/publish/publish.actors.ts) so the editor, the chart and the API share one definition.
 */
import type { operations } from '../../api/schema.gen';
import type { BotAction, BotContent as RevisionContent, BotStatus, Slide, SlideOption } from '../../../machines/publish/publish.actors';

export type { BotAction, BotStatus, Slide, SlideOption };
import type { Schema } from '../../api/contract';

/** Privacy of a vidbot (spec 001 §3). */
export type BotPrivacy = 'Public' | 'Private';
/** One row of GET /bot (declared by the server's contract, issue 10 §4). */
export type BotListItem = Schema<'BotListItem'>;
/** Live status of a Published vidbot (spec 002 live status; the contract's). */
export type LiveStatus = BotListItem['liveStatus'];

/** GET /bot/{id}: the list fields plus the revision's content (the server's contract). */
export type Bot = Schema<'Bot'>;

/**
 * The revisioned per-vidbot settings (issue 11 architecture §1: `content.settings`, spec 001 §3
 * "{product}" and "Share settings"): the contract's `Bot['settings']` once the server declares it,
 * a plain record before that.
 */
export type BotSettings = Bot extends { settings: infer S } ? S : Record<string, unknown>;

/** The content a revision stores and the editor drafts: `{ slides, actions, theme, settings }` (issue 11 §1). */
export interface BotContent extends RevisionContent {
  settings: BotSettings;
}

/** `order_by` of GET /bot as the server's contract declares it. */
type ContractBotOrderBy = NonNullable<operations['getBot']['parameters']['query']['order_by']>;

/**
 * Sortable columns of the list (spec 001 §2). The search schema needs the values at run time; the
 * two checks below make this list equal to the contract's, so it cannot drift from the server.
 */
export const BOT_ORDER_BY = ['name', 'status', 'created_at', 'updated_at'] as const satisfies readonly ContractBotOrderBy[];
export type BotOrderBy = (typeof BOT_ORDER_BY)[number];
/** Compile-time: every value the contract allows is in BOT_ORDER_BY. */
const everyContractValueListed: [Exclude<ContractBotOrderBy, BotOrderBy>] extends [never] ? true : false = true;
void everyContractValueListed;
export type OrderDirection = 'asc' | 'desc';
