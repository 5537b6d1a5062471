/**
 * The content tab of the vidbot editor (route `vidbots.$id.index.tsx`; spec 001 §2 editor "Content",
 * §3 Clipboard, §4 "Slides and actions", §6; issue 11 Editor), bound to `useEditor()`.
 *
 * - Grid mode (sections Intro, Slides, Actions as cards) and list mode (a table per section); the
 *   toggle is remembered under localStorage `contentEditorMode`, default GRID (./contentMode.ts).
 * - Add video / image slide → `slide/new?type=VIDEO|IMAGE`; Add action (form, external link, post
 *   message, close vidbot, share media) → `form/new`, `link/new`, `action/new`, `close-action/new`,
 *   `share-media/new` (./itemRoutes.ts). A card's name, a click on the card or Enter on its name opens
 *   the item's editor route.
 * - Per-card menu: set as intro / set as normal, duplicate, copy (clipboard), delete. Deleting the
 *   intro answers cannotDeleteIntroSlide; deleting a slide or action that buttons point at asks first
 *   (the confirmation lists those slides, and the actions whose form / thank-you slide is cleared).
 * - Drag reorder (@dnd-kit, pointer and keyboard: space, arrows, space; announcements through
 *   Lingui): slides within and between Intro and Slides (a drop into Intro makes the slide the intro),
 *   actions within Actions; the mapping is ./content.dnd.ts. Off below the sm breakpoint (767 px:
 *   `(max-width: 766px)`) and when read-only.
 * - Multi-select (a checkbox per card) with a selection bar: duplicate selected ("(Copy)"), delete
 *   selected (confirmation; the intro refused with cannotDeleteIntroSlide), clear selection.
 * - Clipboard across bots (spec 001 §3, §4): copy writes the entry (machines/editor/clipboard.ts);
 *   "Paste …" is offered only for an entry from a different bot and names the item and its bot; the
 *   paste brings the referenced slides and actions with new ids and remapped targets. A copy made in
 *   another tab shows up through the `storage` event (./useClipboard.ts).
 * - Read-only (spec 001 §6, or viewing the published version): no drag handles, no checkboxes, no
 *   add or paste, the card menu keeps only Copy; every card and route stays viewable.
 * - Graph marks: `marks` (drag id → badge texts) and `graphPanel` are the hook points for the bot's
 *   graph (issue 11 "marks the affected cards"); the route passes none until the graph panel exists.
 *
 * Every edit is a content.ops function applied with `change(next)`; the tab never calls the API.
 */
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import '../vidbots.css';
import './content.css';
import {
  closestCorners,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRouter } from '@tanstack/react-router';
import type { Clipboard } from '../../../../machines/editor/clipboard';
import {
  deleteMany,
  duplicateAction,
  duplicateMany,
  duplicateSlide,
  setIntro,
  setNormal,
  targetOf,
  type DeleteReport,
  type OpsError,
  type OpsResult,
  type Selection,
} from '../../../../machines/editor/content.ops';
import { Dialog } from '../../../ui/Dialog';
import type { RowMenuItem } from '../../../ui/RowMenu';
import { toast } from '../../../ui/toast';
import { useMediaQuery } from '../../../ui/useMediaQuery';
import type { BotAction, BotContent, Slide, SlideOption } from '../vidbot.types';
import { ContentItem, type ButtonView, type ItemView } from './ContentItem';
import { actionDragId, dropOp, parseDragId, runDropOp, sectionDragId, slideDragId, type ContentSection } from './content.dnd';
import { setContentMode, useContentMode, type ContentMode } from './contentMode';
import { useEditor } from './editorContext';
import { actionEditorPath, slideEditorPath, type ActionType } from './itemRoutes';
import { canPasteIn, loadClipboard, storeClipboard, useClipboard } from './useClipboard';

/** Below the sm breakpoint (spec 000 §9: sm 767 px) dragging is off (spec 001 §4). */
export const NO_DRAG_QUERY = '(max-width: 766px)';

/** Graph findings per card: drag id (`slide:3`, `action:7`) → badge texts (issue 11 "marks the affected cards"). */
export type CardMarks = ReadonlyMap<string, readonly string[]>;

export interface ContentTabProps {
  /** Badges for affected cards (the graph panel's findings); none when omitted. */
  marks?: CardMarks;
  /** The graph panel, mounted above the sections when given. */
  graphPanel?: ReactNode;
}

const ACTION_TYPES_IN_MENU: ActionType[] = ['REGULAR_FORM', 'EXTERNAL_LINK', 'POST_MESSAGE', 'CLOSE_VIDBOT', 'SHARE_MEDIA'];

/** A delete waiting for the person's confirmation. */
interface PendingDelete {
  selection: Selection;
  names: string[];
  report: DeleteReport;
}

/** The content tab (route `vidbots.$id.index.tsx`). */
export function ContentTab({ marks, graphPanel }: ContentTabProps = {}) {
  const { t } = useLingui();
  const router = useRouter();
  const { account, bot, content, readOnly, change } = useEditor();
  const mode = useContentMode();
  const narrow = useMediaQuery(NO_DRAG_QUERY);
  const canDrag = !readOnly && !narrow;
  const clip = useClipboard();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [pending, setPending] = useState<PendingDelete | null>(null);

  const typeLabel = useTypeLabels();
  const errorText = (error: OpsError): string =>
    ({
      cannotDeleteIntroSlide: t`The intro slide cannot be deleted.`,
      unknownSlide: t`That slide no longer exists.`,
      unknownSlideReference: t`The slide this action goes to no longer exists.`,
      unknownAction: t`That action no longer exists.`,
      unknownButton: t`That button no longer exists.`,
      buttonTargetRequired: t`A button needs a target.`,
      buttonNameRequired: t`A button needs a name.`,
      unknownTarget: t`The button's target no longer exists.`,
      nameRequired: t`A name is required.`,
      tooManySlides: t`A vidbot cannot have more slides.`,
      tooManyActions: t`A vidbot cannot have more actions.`,
      tooManyButtons: t`A slide cannot have more buttons.`,
    })[error];

  /** Applies an ops answer; an error is told with a toast. @returns the success answer or null. */
  function apply<X>(result: OpsResult<BotContent, X>): (BotContent & object) | null {
    if (result.error !== undefined) {
      toast.error(errorText(result.error));
      return null;
    }
    change(result.content);
    return result.content;
  }

  // The selection only names items that still exist.
  const liveSelection = useMemo(() => {
    const ids = new Set([...content.slides.map((s) => slideDragId(s.id)), ...(content.actions ?? []).map((a) => actionDragId(a.id))]);
    return new Set([...selected].filter((k) => ids.has(k)));
  }, [selected, content]);
  const selectionOf = (keys: Iterable<string>): Selection => {
    const slideIds: number[] = [];
    const actionIds: number[] = [];
    for (const k of keys) {
      const item = parseDragId(k);
      if (item?.kind === 'slide') slideIds.push(item.id);
      else if (item?.kind === 'action') actionIds.push(item.id);
    }
    return { slideIds, actionIds };
  };
  const namesOf = (sel: Selection) => [
    ...(sel.slideIds ?? []).map((id) => content.slides.find((s) => s.id === id)?.name ?? `#${id}`),
    ...(sel.actionIds ?? []).map((id) => content.actions.find((a) => a.id === id)?.name ?? `#${id}`),
  ];

  /**
   * Deletes `sel`: refused with cannotDeleteIntroSlide for the intro; asks first when `confirm` or
   * when buttons / actions point at what goes; otherwise deletes at once.
   */
  const requestDelete = (sel: Selection, confirm: boolean) => {
    const dry = deleteMany(content, sel);
    if (dry.error !== undefined) {
      toast.error(errorText(dry.error));
      return;
    }
    if (confirm || dry.pointingSlides.length > 0 || dry.pointingActions.length > 0 || dry.pointingSettings.length > 0) {
      setPending({
        selection: sel,
        names: namesOf(sel),
        report: { pointingSlides: dry.pointingSlides, pointingActions: dry.pointingActions, pointingSettings: dry.pointingSettings },
      });
      return;
    }
    change(dry.content);
  };
  const confirmDelete = () => {
    if (!pending) return;
    if (apply(deleteMany(content, pending.selection))) setSelected(new Set());
    setPending(null);
  };

  // The clipboard module is loaded by useClipboard on the first render; copy and paste wait for it.
  const failed = () => toast.error(t`An error occurred. Please try again.`);
  const copy = async (item: { kind: 'slide' | 'action'; id: number; name: string }) => {
    const { copyAction, copySlide } = await loadClipboard();
    const source = { id: bot.id, name: bot.name };
    const result = item.kind === 'slide' ? copySlide(content, item.id, source) : copyAction(content, item.id, source);
    if (result.error !== undefined) {
      toast.error(errorText(result.error));
      return;
    }
    const name = item.name;
    if (await storeClipboard(result.clipboard)) toast.success(t`Copied “${name}” to the clipboard. Paste it in another vidbot.`);
    else toast.error(t`The clipboard could not be stored in this browser.`);
  };

  const paste = async (entry: Clipboard) => {
    const { pasteClipboard } = await loadClipboard();
    const result = pasteClipboard(content, entry);
    if (!apply(result) || result.error !== undefined) return;
    const name = entry.data.name;
    const count = result.slideIds.length + result.actionIds.length;
    toast.success(t`Pasted “${name}”. Items added: ${count}.`);
    if (result.dropped.length > 0) {
      const dropped = result.dropped.length;
      toast.error(t`Buttons or links left out because their targets were not copied: ${dropped}.`);
    }
  };

  const slideMenu = (slide: Slide): RowMenuItem[] => {
    const copyItem: RowMenuItem = { key: 'copy', label: t`Copy`, onSelect: () => void copy({ kind: 'slide', id: slide.id, name: slide.name }).catch(failed) };
    if (readOnly) return [copyItem];
    return [
      slide.category === 'INTRO'
        ? { key: 'normal', label: t`Set as normal`, onSelect: () => apply(setNormal(content, slide.id)) }
        : { key: 'intro', label: t`Set as intro`, onSelect: () => apply(setIntro(content, slide.id)) },
      { key: 'duplicate', label: t`Duplicate`, onSelect: () => apply(duplicateSlide(content, slide.id)) },
      copyItem,
      { key: 'delete', label: t`Delete`, danger: true, onSelect: () => requestDelete({ slideIds: [slide.id] }, false) },
    ];
  };
  const actionMenu = (action: BotAction): RowMenuItem[] => {
    const copyItem: RowMenuItem = { key: 'copy', label: t`Copy`, onSelect: () => void copy({ kind: 'action', id: action.id, name: action.name }).catch(failed) };
    if (readOnly) return [copyItem];
    return [
      { key: 'duplicate', label: t`Duplicate`, onSelect: () => apply(duplicateAction(content, action.id)) },
      copyItem,
      { key: 'delete', label: t`Delete`, danger: true, onSelect: () => requestDelete({ actionIds: [action.id] }, false) },
    ];
  };

  const buttonView = (o: SlideOption): ButtonView => {
    const kindLabel = typeLabel(o.type === 'SLIDE' ? 'SLIDE' : o.type);
    const target = targetOf(content, o);
    if (target) return { id: o.id, name: o.name, target: { state: 'ok', name: target.kind === 'slide' ? target.slide.name : target.action.name, kindLabel } };
    if (o.targetId == null && o.type !== 'SLIDE') return { id: o.id, name: o.name, target: { state: 'none', kindLabel } };
    return { id: o.id, name: o.name, target: { state: 'deleted', kindLabel } };
  };
  const markBadges = (dragId: string) => (marks?.get(dragId) ?? []).map((text) => ({ text, tone: 'warning' as const }));
  const slideView = (slide: Slide): ItemView => {
    const dragId = slideDragId(slide.id);
    const buttons = (slide.options ?? []).map(buttonView);
    const deleted = buttons.filter((b) => b.target.state === 'deleted').length;
    return {
      dragId,
      kind: 'slide',
      id: slide.id,
      name: slide.name,
      section: slide.category === 'INTRO' ? 'INTRO' : 'SLIDE',
      typeLabel: slide.type === 'VIDEO' ? t`Video` : t`Image`,
      thumb: slide.posterUrl ?? slide.imageUrl ?? null,
      buttons,
      badges: [
        ...((slide as { isNew?: boolean }).isNew ? [{ text: t`New` }] : []),
        ...(deleted > 0 ? [{ text: t`Button target deleted`, tone: 'warning' as const }] : []),
        ...markBadges(dragId),
      ],
      href: slideEditorPath(account.publicId, bot.id, slide.id),
      menu: slideMenu(slide),
    };
  };
  const actionView = (action: BotAction): ItemView => {
    const dragId = actionDragId(action.id);
    return {
      dragId,
      kind: 'action',
      id: action.id,
      name: action.name,
      section: 'ACTIONS',
      typeLabel: typeLabel(action.type),
      badges: [...(action.isNew ? [{ text: t`New` }] : []), ...markBadges(dragId)],
      href: actionEditorPath(account.publicId, bot.id, action.type, action.id),
      menu: actionMenu(action),
    };
  };

  const intro = content.slides.filter((s) => s.category === 'INTRO').map(slideView);
  const normal = content.slides.filter((s) => s.category !== 'INTRO').map(slideView);
  const actions = (content.actions ?? []).map(actionView);

  // --- drag and drop --------------------------------------------------------------------------------
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const describe = (id: string | number | undefined | null): string => {
    const item = parseDragId(id);
    if (!item) return t`nothing`;
    if (item.kind === 'section') return sectionName(item.section);
    if (item.kind === 'slide') {
      const name = content.slides.find((s) => s.id === item.id)?.name ?? `#${item.id}`;
      return t`slide ${name}`;
    }
    const name = content.actions.find((a) => a.id === item.id)?.name ?? `#${item.id}`;
    return t`action ${name}`;
  };
  const sectionName = (section: ContentSection) => ({ INTRO: t`the Intro section`, SLIDE: t`the Slides section`, ACTIONS: t`the Actions section` })[section];
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      const what = describe(active.id);
      return t`Picked up ${what}.`;
    },
    onDragOver: ({ active, over }) => {
      const what = describe(active.id);
      if (!over) return t`${what} is no longer over a drop area.`;
      // Over its own place (right after the pick-up): the pick-up announcement stands.
      if (over.id === active.id) return undefined;
      const where = describe(over.id);
      return t`${what} is over ${where}.`;
    },
    onDragEnd: ({ active, over }) => {
      const what = describe(active.id);
      const op = dropOp(content, active.id, over?.id);
      if (!op) return t`${what} was dropped. Nothing changed.`;
      if (op.type === 'moveSlide' && op.to.section === 'INTRO') return t`${what} was dropped into Intro and is now the intro slide.`;
      if (op.type === 'moveSlide') {
        const position = (op.to.index ?? 0) + 1;
        return t`${what} was dropped at position ${position} in Slides.`;
      }
      const position = op.index + 1;
      return t`${what} was dropped at position ${position} in Actions.`;
    },
    onDragCancel: ({ active }) => {
      const what = describe(active.id);
      return t`Dragging was cancelled. ${what} was put back.`;
    },
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const op = dropOp(content, active.id, over?.id);
    if (op) apply(runDropOp(content, op));
  };

  const select = (dragId: string, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(dragId);
      else next.delete(dragId);
      return next;
    });
  const item = (view: ItemView) => (
    <ContentItem key={view.dragId} item={view} mode={mode} draggable={canDrag} selectable={!readOnly} selected={liveSelection.has(view.dragId)} onSelect={select} />
  );

  const pastable = !readOnly && canPasteIn(clip, bot.id) ? clip : null;
  /**
   * The paste button's text: Paste slide “X” from “Bot Y” (spec 001 §4: the source bot is named).
   * Typographic quotes: an apostrophe would start an ICU quoted literal in the Lingui message.
   */
  const pasteLabel = (entry: Clipboard): string => {
    const name = entry.data.name;
    const source = entry.sourceBotName;
    return entry.type === 'slide' ? t`Paste slide “${name}” from “${source}”` : t`Paste action “${name}” from “${source}”`;
  };

  return (
    <div className="content-tab">
      <div className="content-toolbar">
        {!readOnly && (
          <div className="content-add">
            <button type="button" className="button" onClick={() => void router.navigate({ href: slideEditorPath(account.publicId, bot.id, 'new', 'VIDEO') })}>
              <Trans>Add video slide</Trans>
            </button>
            <button type="button" className="button" onClick={() => void router.navigate({ href: slideEditorPath(account.publicId, bot.id, 'new', 'IMAGE') })}>
              <Trans>Add image slide</Trans>
            </button>
            <MenuButton
              label={t`Add action`}
              items={ACTION_TYPES_IN_MENU.map((type) => ({
                key: type,
                label: typeLabel(type),
                onSelect: () => void router.navigate({ href: actionEditorPath(account.publicId, bot.id, type, 'new') }),
              }))}
            />
            {pastable && (
              <button type="button" className="button" onClick={() => void paste(pastable).catch(failed)}>
                {pasteLabel(pastable)}
              </button>
            )}
          </div>
        )}
        <ModeToggle mode={mode} />
      </div>
      {!readOnly && narrow && (
        <p className="muted small">
          <Trans>Reordering by dragging is available on wider screens.</Trans>
        </p>
      )}

      {liveSelection.size > 0 && !readOnly && (
        <div className="selection-bar" role="region" aria-label={t`Selection`}>
          <span aria-live="polite">
            <Trans>{liveSelection.size} selected</Trans>
          </span>
          <button
            type="button"
            className="button small"
            onClick={() => {
              if (apply(duplicateMany(content, selectionOf(liveSelection)))) setSelected(new Set());
            }}
          >
            <Trans>Duplicate selected</Trans>
          </button>
          <button type="button" className="button small danger" onClick={() => requestDelete(selectionOf(liveSelection), true)}>
            <Trans>Delete selected</Trans>
          </button>
          <button type="button" className="button small link" onClick={() => setSelected(new Set())}>
            <Trans>Clear selection</Trans>
          </button>
        </div>
      )}

      {graphPanel}

      <DndContext
        sensors={sensors}
        collisionDetection={closestCorners}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements,
          screenReaderInstructions: {
            draggable: t`To pick up a card, press space or enter. Use the arrow keys to move it, also into the Intro section. Press space or enter again to drop it, or escape to cancel.`,
          },
        }}
      >
        <Section section="INTRO" heading={t`Intro`} mode={mode} items={intro} render={item}>
          <Trans>No intro slide. A vidbot needs one to be published: set a slide as intro or drag one here.</Trans>
        </Section>
        <Section section="SLIDE" heading={t`Slides`} mode={mode} items={normal} render={item}>
          <Trans>No other slides yet.</Trans>
        </Section>
        <Section section="ACTIONS" heading={t`Actions`} mode={mode} items={actions} render={item}>
          <Trans>No actions yet.</Trans>
        </Section>
      </DndContext>

      <Dialog open={pending !== null} title={t`Delete?`} onClose={() => setPending(null)} confirm>
        {pending && (
          <>
            <p>
              <Trans>Delete {pending.names.join(', ')}?</Trans>
            </p>
            {pending.report.pointingSlides.length > 0 && (
              <>
                <p>
                  <Trans>These slides have buttons pointing at it; those buttons are removed too:</Trans>
                </p>
                <ul aria-label={t`Slides pointing at it`}>
                  {pending.report.pointingSlides.map((s) => (
                    <li key={s.id}>{s.name}</li>
                  ))}
                </ul>
              </>
            )}
            {pending.report.pointingActions.length > 0 && (
              <>
                <p>
                  <Trans>These actions lead to it; that link is cleared:</Trans>
                </p>
                <ul aria-label={t`Actions pointing at it`}>
                  {pending.report.pointingActions.map((a) => (
                    <li key={a.id}>{a.name}</li>
                  ))}
                </ul>
              </>
            )}
            <div className="actions end">
              <button type="button" className="button" data-autofocus onClick={() => setPending(null)}>
                <Trans>Cancel</Trans>
              </button>
              <button type="button" className="button primary danger" onClick={confirmDelete}>
                <Trans>Delete</Trans>
              </button>
            </div>
          </>
        )}
      </Dialog>
    </div>
  );
}


/** The labels of slide-option / action types (spec 001 §3 Enumerations). */
function useTypeLabels(): (type: SlideOption['type']) => string {
  const { t } = useLingui();
  return (type) =>
    ({
      SLIDE: t`Slide`,
      REGULAR_FORM: t`Form`,
      EXTERNAL_LINK: t`External link`,
      POST_MESSAGE: t`Post message`,
      CLOSE_VIDBOT: t`Close vidbot`,
      SHARE_MEDIA: t`Share media`,
    })[type];
}

/** A section (Intro, Slides, Actions): a droppable around a sortable card grid or table. */
function Section({
  section,
  heading,
  mode,
  items,
  render,
  children,
}: {
  section: ContentSection;
  heading: string;
  mode: ContentMode;
  items: ItemView[];
  render: (item: ItemView) => ReactNode;
  /** What an empty section says. */
  children: ReactNode;
}) {
  const { t } = useLingui();
  // The section itself takes a drop only while empty (e.g. no intro yet); otherwise its cards do, so
  // the keyboard's arrow moves go from card to card.
  const { setNodeRef, isOver } = useDroppable({ id: sectionDragId(section), disabled: items.length > 0 });
  const headingId = `content-section-${section}`;
  const ids = items.map((i) => i.dragId);
  return (
    <section ref={setNodeRef} aria-labelledby={headingId} className={`slide-section content-section${isOver ? ' drop-over' : ''}`} data-section={section}>
      <h2 id={headingId}>{heading}</h2>
      <SortableContext id={section} items={ids} strategy={mode === 'LIST' ? verticalListSortingStrategy : rectSortingStrategy}>
        {items.length === 0 ? (
          <p className="muted empty-section">{children}</p>
        ) : mode === 'LIST' ? (
          <div className="table-wrap">
            <table className="table content-table" aria-labelledby={headingId}>
              <thead>
                <tr>
                  <th scope="col">
                    <span className="visually-hidden">{t`Select and move`}</span>
                  </th>
                  <th scope="col">{t`Name`}</th>
                  <th scope="col">{t`Type`}</th>
                  <th scope="col">{t`Buttons`}</th>
                  <th scope="col">{t`Notes`}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t`Menu`}</span>
                  </th>
                </tr>
              </thead>
              <tbody>{items.map(render)}</tbody>
            </table>
          </div>
        ) : (
          <ul className="slide-grid" aria-labelledby={headingId}>
            {items.map(render)}
          </ul>
        )}
      </SortableContext>
    </section>
  );
}

/** Grid / list toggle (spec 001 §2; remembered under contentEditorMode). */
function ModeToggle({ mode }: { mode: ContentMode }) {
  const { t } = useLingui();
  return (
    <div className="mode-toggle" role="group" aria-label={t`View`}>
      <button type="button" className="button small" aria-pressed={mode === 'GRID'} onClick={() => setContentMode('GRID')}>
        <Trans>Grid</Trans>
      </button>
      <button type="button" className="button small" aria-pressed={mode === 'LIST'} onClick={() => setContentMode('LIST')}>
        <Trans>List</Trans>
      </button>
    </div>
  );
}

/**
 * A menu button with a visible label (the Add action menu): `aria-haspopup="menu"`, ArrowUp/Down move,
 * Escape closes and returns focus, choosing closes (the same keyboard model as ui/RowMenu).
 */
function MenuButton({ label, items }: { label: string; items: RowMenuItem[] }) {
  const [open, setOpen] = useState(false);
  const focusFirst = useCallback((el: HTMLUListElement | null) => el?.querySelector<HTMLButtonElement>('button')?.focus({ preventScroll: true }), []);
  const close = (button: HTMLElement | null) => {
    setOpen(false);
    button?.focus();
  };
  return (
    <div
      className="row-menu menu-button"
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button type="button" className="button" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {label} <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <ul
          ref={focusFirst}
          role="menu"
          className="menu-popup"
          aria-label={label}
          onKeyDown={(e) => {
            const list = Array.from(e.currentTarget.querySelectorAll<HTMLButtonElement>('button'));
            const i = list.indexOf(document.activeElement as HTMLButtonElement);
            const opener = e.currentTarget.parentElement?.querySelector<HTMLElement>('[aria-haspopup]') ?? null;
            if (e.key === 'Escape') {
              e.preventDefault();
              close(opener);
            } else if (e.key === 'ArrowDown') {
              e.preventDefault();
              list[(i + 1) % list.length]?.focus();
            } else if (e.key === 'ArrowUp') {
              e.preventDefault();
              list[(i - 1 + list.length) % list.length]?.focus();
            }
          }}
        >
          {items.map((item) => (
            <li role="none" key={item.key}>
              <button
                type="button"
                role="menuitem"
                onClick={() => {
                  setOpen(false);
                  item.onSelect();
                }}
              >
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
