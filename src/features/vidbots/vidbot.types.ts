/**
 * Vidbot answer shapes of docs/api.md "Bots" (spec 001 §3). Content shapes are the editor machine's
 * (machines/editor/editor.actors.ts) so the editor, the machine and the API share one definition.
 */
import type { operations } from '../../api/schema.gen';
import type { BotAction, BotContent, BotSettings, BotStatus, Slide, SlideOption } from '../../../machines/editor/editor.actors';

export type { BotAction, BotContent, BotSettings, BotStatus, Slide, SlideOption };
import type { Schema } from '../../api/contract';

/** Privacy of a vidbot (spec 001 §3). */
export type BotPrivacy = 'Public' | 'Private';
/** One row of GET /bot (declared by the server's contract, issue 10 §4). */
export type BotListItem = Schema<'BotListItem'>;
/** Live status of a Published vidbot (spec 002 live status; the contract's). */
export type LiveStatus = BotListItem['liveStatus'];

/** GET /bot/{id}: the list fields plus the revision's content (the server's contract). */
export type Bot = Schema<'Bot'>;

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
