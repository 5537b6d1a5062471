/**
 * Drag reorder of the content tab as pure functions (spec 001 §4 "Slides and actions": "Slides move
 * between the INTRO and SLIDE sections by dragging. Slides and actions are reordered by dragging";
 * issue 11 Editor "Drag reorder with @dnd-kit … slides within and between INTRO and SLIDE, actions").
 *
 * The content tab gives @dnd-kit string ids: a card is `slide:<id>` / `action:<id>`, a section (the
 * droppable around a card list, so an empty Intro still takes a drop) is `section:INTRO`,
 * `section:SLIDE`, `section:ACTIONS`. {@link dropOp} maps a finished drag (the active id and the id
 * it was dropped over) to one edit of machines/editor/content.ops.ts, and {@link applyDrop} runs it:
 * - a slide dropped on the Intro section or on the intro card → `moveSlide(…, {section:'INTRO'})`
 *   (it becomes the intro, the old intro the first normal slide);
 * - a slide dropped on a normal slide card → `moveSlide(…, {section:'SLIDE', index})` where `index`
 *   is that card's position among the normal slides (the dragged slide takes its place, like
 *   @dnd-kit/sortable's arrayMove); the intro dropped there is demoted to that position;
 * - a slide dropped on the Slides section → the end of the normal slides;
 * - an action dropped on an action card → `moveAction(…, index)`; on the Actions section → the end;
 * - anything else (a slide over an action, an action over a slide, no target, the item on itself)
 *   → null: nothing changes.
 */
import { moveAction, moveSlide, type OpsContent, type OpsResult, type SlideSection } from '../../../../machines/editor/content.ops';

/** A content section of the tab (the sortable containers). */
export type ContentSection = SlideSection | 'ACTIONS';

/** What a drag id names. */
export type DragItem = { kind: 'slide'; id: number } | { kind: 'action'; id: number } | { kind: 'section'; section: ContentSection };

/** The @dnd-kit id of a slide card. */
export const slideDragId = (id: number) => `slide:${id}`;
/** The @dnd-kit id of an action card. */
export const actionDragId = (id: number) => `action:${id}`;
/** The @dnd-kit id of a section's droppable. */
export const sectionDragId = (section: ContentSection) => `section:${section}`;

/** Reads a drag id made by the functions above; null for anything else. */
export function parseDragId(id: string | number | null | undefined): DragItem | null {
  if (typeof id !== 'string') return null;
  const m = /^(slide|action|section):(.+)$/.exec(id);
  if (!m) return null;
  if (m[1] === 'section') {
    return m[2] === 'INTRO' || m[2] === 'SLIDE' || m[2] === 'ACTIONS' ? { kind: 'section', section: m[2] } : null;
  }
  const n = Number(m[2]);
  if (!Number.isInteger(n) || n < 1) return null;
  return { kind: m[1] as 'slide' | 'action', id: n };
}

/** One edit a drop makes. */
export type DropOp =
  | { type: 'moveSlide'; slideId: number; to: { section: SlideSection; index?: number } }
  | { type: 'moveAction'; actionId: number; index: number };

/**
 * The edit a drop of `activeId` over `overId` makes in `content` (see the module rules), or null
 * when it changes nothing.
 */
export function dropOp(content: Pick<OpsContent, 'slides' | 'actions'>, activeId: string | number, overId: string | number | null | undefined): DropOp | null {
  const active = parseDragId(activeId);
  const over = parseDragId(overId);
  if (!active || !over || active.kind === 'section') return null;
  if (active.kind === 'slide') {
    const slide = content.slides.find((s) => s.id === active.id);
    if (!slide) return null;
    const normal = content.slides.filter((s) => s.category !== 'INTRO');
    if (over.kind === 'section') {
      if (over.section === 'INTRO') return slide.category === 'INTRO' ? null : { type: 'moveSlide', slideId: slide.id, to: { section: 'INTRO' } };
      if (over.section === 'SLIDE') {
        const index = slide.category === 'INTRO' ? normal.length : normal.length - 1;
        if (slide.category !== 'INTRO' && normal[index]?.id === slide.id) return null;
        return { type: 'moveSlide', slideId: slide.id, to: { section: 'SLIDE', index } };
      }
      return null;
    }
    if (over.kind !== 'slide' || over.id === slide.id) return null;
    const target = content.slides.find((s) => s.id === over.id);
    if (!target) return null;
    if (target.category === 'INTRO') return { type: 'moveSlide', slideId: slide.id, to: { section: 'INTRO' } };
    const index = normal.findIndex((s) => s.id === target.id);
    return { type: 'moveSlide', slideId: slide.id, to: { section: 'SLIDE', index } };
  }
  const actions = content.actions ?? [];
  const from = actions.findIndex((a) => a.id === active.id);
  if (from < 0) return null;
  if (over.kind === 'section') {
    if (over.section !== 'ACTIONS' || from === actions.length - 1) return null;
    return { type: 'moveAction', actionId: active.id, index: actions.length - 1 };
  }
  if (over.kind !== 'action' || over.id === active.id) return null;
  const index = actions.findIndex((a) => a.id === over.id);
  return index < 0 ? null : { type: 'moveAction', actionId: active.id, index };
}

/** Runs a {@link DropOp} with content.ops. @returns the ops answer (errors unknownSlide / unknownAction). */
export function runDropOp<C extends OpsContent>(content: C, op: DropOp): OpsResult<C> {
  return op.type === 'moveSlide' ? moveSlide(content, op.slideId, op.to) : moveAction(content, op.actionId, op.index);
}

/**
 * A finished drag applied to `content`: the next content, or null when the drop changes nothing
 * (or names something that no longer exists).
 */
export function applyDrop<C extends OpsContent>(content: C, activeId: string | number, overId: string | number | null | undefined): C | null {
  const op = dropOp(content, activeId, overId);
  if (!op) return null;
  const result = runDropOp(content, op);
  return result.error === undefined ? result.content : null;
}
