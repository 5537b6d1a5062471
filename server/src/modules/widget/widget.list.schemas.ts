/**
 * `GET /widget` answer (spec 002 §7 Widgets: records and metadata pageCount, pageSize, totalCount,
 * page). Kept apart from widget.schemas.ts so that the SPA modules importing widget content rules do
 * not load the server's list-query helpers at run time (the SPA imports this type only).
 */
import type * as v from 'valibot';
import { listOf } from '../../lib/list-query';
import { WidgetListItem } from './widget.schemas';

export const WidgetList = listOf(WidgetListItem);
export type WidgetList = v.InferOutput<typeof WidgetList>;
