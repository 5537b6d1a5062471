/**
 * The slide editor's buttons table (spec 001 §2 "table of buttons with drag reorder", §3 "Slide
 * option"; issue 11 "Drag reorder with @dnd-kit, keyboard sensor included … buttons inside the slide
 * editor; not below small widths or when read-only").
 *
 * - Rows: drag handle, name, target (marked deleted when the target no longer exists, §3), style,
 *   functions, Edit and Delete.
 * - Reorder by pointer or keyboard (focus the handle, Space to lift, arrow keys to move, Space to drop,
 *   Escape to cancel) through @dnd-kit/sortable; the announcements are translated. Below small widths
 *   drag is off and Move up / Move down buttons reorder instead; read-only shows no reorder controls.
 * The table only reports intents (`onMove`, `onEdit`, `onDelete`); the slide editor applies them with
 * content.ops.
 */
import type { CSSProperties } from 'react';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type ScreenReaderInstructions,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMediaQuery } from '../../../ui/useMediaQuery';
import type { EditableButton } from './slideForm';

export interface ButtonsTableProps {
  buttons: EditableButton[];
  /** The name of a button's target, or null when it no longer exists. */
  targetName: (button: EditableButton) => string | null;
  /** The translated kind of a button's target (Slide, Form, …). */
  targetKind: (button: EditableButton) => string;
  readOnly: boolean;
  onMove: (buttonId: number, index: number) => void;
  onEdit: (button: EditableButton) => void;
  onDelete: (button: EditableButton) => void;
}

/** The same breakpoint as the rest of the SPA's "small width" (766 px). */
const SMALL_WIDTH = '(max-width: 766px)';

/** The buttons table of a slide. */
export function ButtonsTable({ buttons, targetName, targetKind, readOnly, onMove, onEdit, onDelete }: ButtonsTableProps) {
  const { t } = useLingui();
  const small = useMediaQuery(SMALL_WIDTH);
  const canDrag = !readOnly && !small && buttons.length > 1;
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const nameOf = (id: string | number) => buttons.find((b) => b.id === Number(id))?.name ?? '';
  const positionOf = (id: string | number | undefined) => buttons.findIndex((b) => b.id === Number(id)) + 1;
  const count = buttons.length;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t`Picked up button ${nameOf(active.id)}. It is in position ${positionOf(active.id)} of ${count}.`,
    onDragOver: ({ active, over }) =>
      over
        ? t`Button ${nameOf(active.id)} was moved into position ${positionOf(over.id)} of ${count}.`
        : t`Button ${nameOf(active.id)} is no longer over a position.`,
    onDragEnd: ({ active, over }) =>
      over ? t`Button ${nameOf(active.id)} was dropped at position ${positionOf(over.id)} of ${count}.` : t`Button ${nameOf(active.id)} was dropped.`,
    onDragCancel: ({ active }) => t`Moving was cancelled. Button ${nameOf(active.id)} was dropped.`,
  };
  const screenReaderInstructions: ScreenReaderInstructions = {
    draggable: t`To move a button, press Space or Enter. While moving, use the up and down arrow keys, then press Space or Enter to drop it, or Escape to cancel.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onMove(
      Number(active.id),
      buttons.findIndex((b) => b.id === Number(over.id)),
    );
  };

  if (buttons.length === 0) {
    return (
      <p className="muted">
        <Trans>No buttons yet.</Trans>
      </p>
    );
  }

  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements, screenReaderInstructions }}>
      <div className="table-wrap">
        <table className="table buttons-table">
          <caption className="visually-hidden">
            <Trans>Buttons</Trans>
          </caption>
          <thead>
            <tr>
              {!readOnly && (
                <th scope="col">
                  <span className="visually-hidden">
                    <Trans>Order</Trans>
                  </span>
                </th>
              )}
              <th scope="col">
                <Trans>Name</Trans>
              </th>
              <th scope="col">
                <Trans>Links to</Trans>
              </th>
              <th scope="col">
                <Trans>Style</Trans>
              </th>
              <th scope="col">
                <Trans>Functions</Trans>
              </th>
              <th scope="col" className="actions-cell">
                <span className="visually-hidden">
                  <Trans>Actions</Trans>
                </span>
              </th>
            </tr>
          </thead>
          <SortableContext items={buttons.map((b) => b.id)} strategy={verticalListSortingStrategy} disabled={!canDrag}>
            <tbody>
              {buttons.map((button, index) => (
                <ButtonRow
                  key={button.id}
                  button={button}
                  index={index}
                  count={count}
                  targetName={targetName(button)}
                  targetKind={targetKind(button)}
                  readOnly={readOnly}
                  canDrag={canDrag}
                  small={small}
                  onMove={onMove}
                  onEdit={onEdit}
                  onDelete={onDelete}
                />
              ))}
            </tbody>
          </SortableContext>
        </table>
      </div>
    </DndContext>
  );
}

function ButtonRow({
  button,
  index,
  count,
  targetName,
  targetKind,
  readOnly,
  canDrag,
  small,
  onMove,
  onEdit,
  onDelete,
}: {
  button: EditableButton;
  index: number;
  count: number;
  targetName: string | null;
  targetKind: string;
  readOnly: boolean;
  canDrag: boolean;
  small: boolean;
  onMove: (buttonId: number, index: number) => void;
  onEdit: (button: EditableButton) => void;
  onDelete: (button: EditableButton) => void;
}) {
  const { t } = useLingui();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: button.id, disabled: !canDrag });
  // Set through the CSSOM (React's style prop), which the Content Security Policy allows.
  const style: CSSProperties = { transform: CSS.Translate.toString(transform), transition };
  const name = button.name;
  return (
    <tr ref={setNodeRef} style={style} className={isDragging ? 'dragging' : undefined}>
      {!readOnly && (
        <td className="order-cell">
          {canDrag ? (
            <button
              type="button"
              className="button icon drag-handle"
              ref={setActivatorNodeRef}
              {...attributes}
              {...listeners}
              aria-label={t`Reorder button ${name}`}
            >
              <span aria-hidden="true">⠿</span>
            </button>
          ) : (
            small && (
              <span className="move-buttons">
                <button
                  type="button"
                  className="button icon"
                  disabled={index === 0}
                  aria-label={t`Move button ${name} up`}
                  onClick={() => onMove(button.id, index - 1)}
                >
                  <span aria-hidden="true">↑</span>
                </button>
                <button
                  type="button"
                  className="button icon"
                  disabled={index === count - 1}
                  aria-label={t`Move button ${name} down`}
                  onClick={() => onMove(button.id, index + 1)}
                >
                  <span aria-hidden="true">↓</span>
                </button>
              </span>
            )
          )}
        </td>
      )}
      <td className="wrap-cell">{name}</td>
      <td className="wrap-cell">
        {targetName === null ? (
          <span className="badge badge-danger">
            <Trans>Deleted target</Trans>
          </span>
        ) : (
          <>
            {targetName} <span className="muted small">({targetKind})</span>
          </>
        )}
      </td>
      <td>{button.featured ? <span className="badge badge-warning">{t`Featured`}</span> : <span className="muted">{t`Regular`}</span>}</td>
      <td>
        {button.videoEndListener && <span className="badge badge-muted">{t`On video end`}</span>}
        {button.videoEndAutoplay && <span className="badge badge-muted">{t`Autoplay`}</span>}
        {button.trackConversion && <span className="badge badge-muted">{t`Conversion`}</span>}
      </td>
      <td className="actions-cell">
        {!readOnly && (
          <span className="row-actions">
            <button type="button" className="button small" onClick={() => onEdit(button)} aria-label={t`Edit button ${name}`}>
              <Trans>Edit</Trans>
            </button>
            <button type="button" className="button small danger" onClick={() => onDelete(button)} aria-label={t`Delete button ${name}`}>
              <Trans>Delete</Trans>
            </button>
          </span>
        )}
      </td>
    </tr>
  );
}
