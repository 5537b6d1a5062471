/**
 * Drag logic of the account switcher's bottom sheet on mobile (spec 000 §2, §9): the sheet follows a
 * downward drag (upward drags do not move it) and closes when released more than 80 px below where
 * the drag started; otherwise it springs back. Positions are clientY in CSS px.
 */

/** Drag distance beyond which the sheet closes (spec 000 §9). */
export const SHEET_CLOSE_DRAG_PX = 80;

/** A drag in progress: where it started. */
export interface SheetDrag {
  startY: number;
}

/** Starts a drag at `y`. */
export function startDrag(y: number): SheetDrag {
  return { startY: y };
}

/** How far down the sheet is moved while the pointer is at `y` (never negative). */
export function dragOffset(drag: SheetDrag, y: number): number {
  return Math.max(0, y - drag.startY);
}

/** On release at `y`: 'close' when dragged more than 80 px down, else 'restore'. */
export function endDrag(drag: SheetDrag, y: number): 'close' | 'restore' {
  return dragOffset(drag, y) > SHEET_CLOSE_DRAG_PX ? 'close' : 'restore';
}
