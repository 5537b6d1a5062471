/**
 * One item of the content tab (spec 001 §2 editor "Content", §3 Slide / Slide option / Action): a card
 * in grid mode, a table row in list mode, sortable with @dnd-kit (issue 11 Editor "Drag reorder").
 *
 * The card shows the poster or thumbnail (slides), the type badge, the name (a link to the item's
 * editor route; a click anywhere on the card that is not a control opens it too), the button count and
 * every button with its target — a button whose target no longer exists is marked "Deleted" (spec 001
 * §3 "Buttons whose target no longer exists are marked deleted") — and the marks (graph findings),
 * each a text badge. Controls: a selection checkbox, a drag handle (only when `draggable`) and the
 * item's menu (only the items the parent passes; read-only passes none that edit).
 */
import { useId, type CSSProperties, type MouseEvent, type ReactNode } from 'react';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRouter } from '@tanstack/react-router';
import { RowMenu, type RowMenuItem } from '../../../ui/RowMenu';
import type { ContentMode } from './contentMode';
import type { ContentSection } from './content.dnd';

/** A button as the card lists it. */
export interface ButtonView {
  id: number;
  name: string;
  /** The target's name and kind; `deleted` when the target no longer exists; `none` for a button without a target (e.g. close). */
  target: { state: 'ok'; name: string; kindLabel: string } | { state: 'deleted'; kindLabel: string } | { state: 'none'; kindLabel: string };
}

/** Everything an item shows; built by the content tab from the draft. */
export interface ItemView {
  /** The @dnd-kit id (`slide:3`, `action:7`). */
  dragId: string;
  kind: 'slide' | 'action';
  id: number;
  name: string;
  section: ContentSection;
  /** "Video", "Image", "Form", … */
  typeLabel: string;
  /** Poster or image url (slides). */
  thumb?: string | null;
  /** Slides: the buttons. */
  buttons?: ButtonView[];
  /** Text badges (intro, graph findings, …). */
  badges: Array<{ text: string; tone?: 'warning' | 'info' }>;
  /** The item's editor route (an absolute app path). */
  href: string;
  menu: RowMenuItem[];
}

export interface ContentItemProps {
  item: ItemView;
  mode: ContentMode;
  draggable: boolean;
  selectable: boolean;
  selected: boolean;
  onSelect: (dragId: string, on: boolean) => void;
}

/** An item (card or row) bound to @dnd-kit's useSortable. */
export function ContentItem({ item, mode, draggable, selectable, selected, onSelect }: ContentItemProps) {
  const { t } = useLingui();
  const router = useRouter();
  const headingId = useId();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: item.dragId,
    disabled: !draggable,
    data: { section: item.section },
  });
  const style: CSSProperties = { transform: CSS.Translate.toString(transform), transition };

  const open = (e: MouseEvent) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    void router.navigate({ href: item.href });
  };
  // A click on the card (not on one of its controls) opens the editor, like its name link.
  const onCardClick = (e: MouseEvent) => {
    if ((e.target as Element).closest('a, button, input, label, [role="menu"]')) return;
    open(e);
  };

  const handle = draggable ? (
    <button
      type="button"
      ref={setActivatorNodeRef}
      className="button small drag-handle"
      {...attributes}
      {...listeners}
      aria-label={item.kind === 'slide' ? t`Move slide ${item.name}` : t`Move action ${item.name}`}
    >
      <span aria-hidden="true">⠿</span>
    </button>
  ) : null;
  const checkbox = selectable ? (
    <input
      type="checkbox"
      className="item-select"
      checked={selected}
      onChange={(e) => onSelect(item.dragId, e.target.checked)}
      aria-label={t`Select ${item.name}`}
    />
  ) : null;
  const menu =
    item.menu.length > 0 ? <RowMenu label={item.kind === 'slide' ? t`Slide actions for ${item.name}` : t`Action actions for ${item.name}`} items={item.menu} /> : null;
  const nameLink = (
    <a href={item.href} onClick={open} className="item-name">
      {item.name}
    </a>
  );
  const badges = item.badges.map((b) => (
    <span key={b.text} className={`badge ${b.tone === 'warning' ? 'badge-warning' : 'badge-muted'}`}>
      {b.text}
    </span>
  ));
  const cls = `content-item${selected ? ' selected' : ''}${isDragging ? ' dragging' : ''}`;

  if (mode === 'LIST') {
    return (
      <tr ref={setNodeRef} style={style} className={cls} data-item={item.dragId} onClick={onCardClick}>
        <td className="col-tools">
          {checkbox}
          {handle}
        </td>
        <th scope="row" id={headingId}>
          {nameLink} <span className="muted slide-id">#{item.id}</span>
        </th>
        <td>
          <span className="badge">{item.typeLabel}</span>
        </td>
        <td>{item.buttons ? <ButtonList item={item} compact /> : <span className="muted">—</span>}</td>
        <td>
          <span className="item-badges">{badges}</span>
        </td>
        <td className="col-menu">{menu}</td>
      </tr>
    );
  }

  return (
    <li ref={setNodeRef} style={style} className={`${item.kind === 'slide' ? 'slide-card' : 'action-card'} ${cls}`} aria-labelledby={headingId} data-item={item.dragId} onClick={onCardClick}>
      <div className="slide-thumb">
        {item.thumb ? <img src={item.thumb} alt="" loading="lazy" /> : <span aria-hidden="true">{item.kind === 'action' ? '⚡' : '▣'}</span>}
        <span className="badge slide-type">{item.typeLabel}</span>
        <div className="card-tools">
          {checkbox}
          {handle}
        </div>
      </div>
      <div className="slide-body">
        <div className="card-head">
          <h3 id={headingId}>
            {nameLink} <span className="muted slide-id">#{item.id}</span>
          </h3>
          {menu}
        </div>
        {badges.length > 0 && <div className="item-badges">{badges}</div>}
        {item.buttons && <ButtonList item={item} />}
      </div>
    </li>
  );
}

function ButtonList({ item, compact }: { item: ItemView; compact?: boolean }): ReactNode {
  const { t } = useLingui();
  const buttons = item.buttons ?? [];
  const count = buttons.length;
  return (
    <>
      <p className="muted small button-count">
        {buttons.length === 0 ? <Trans>No buttons.</Trans> : <Trans>Buttons: {count}</Trans>}
      </p>
      {buttons.length > 0 && (
        <ul className={compact ? 'button-list compact' : 'button-list'} aria-label={t`Buttons of ${item.name}`}>
          {buttons.map((b) => (
            <li key={b.id}>
              <span className="chip">{b.name}</span>
              <span className="muted">
                {' → '}
                {b.target.state === 'ok' ? (
                  <>
                    {b.target.name} <span className="small">({b.target.kindLabel})</span>
                  </>
                ) : b.target.state === 'deleted' ? (
                  <>
                    <span className="badge badge-warning">
                      <Trans>Deleted</Trans>
                    </span>{' '}
                    <span className="small">({b.target.kindLabel})</span>
                  </>
                ) : (
                  b.target.kindLabel
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
