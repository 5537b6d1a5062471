/**
 * The ordered list of a widget's vidbots (spec 002 §2 "Selected with an ordered bot picker using
 * @dnd-kit"; §3 selectedBotIds ordered): reorder by mouse, touch (press and hold 200 ms) or keyboard
 * (focus the handle, Space to lift, arrow keys to move, Space to drop, Escape to cancel), with
 * translated screen-reader announcements; optional Remove buttons. Reports intents only.
 */
import type { CSSProperties } from 'react';
import {
  DndContext,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
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

export interface SortableBotListProps {
  ids: readonly number[];
  nameOf: (id: number) => string;
  label: string;
  readOnly: boolean;
  onMove: (from: number, to: number) => void;
  /** Without it the rows have no Remove button (ByTags custom order). */
  onRemove?: (id: number) => void;
}

export function SortableBotList({ ids, nameOf, label, readOnly, onMove, onRemove }: SortableBotListProps) {
  const { t } = useLingui();
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const count = ids.length;
  const name = (id: string | number) => nameOf(Number(id));
  const position = (id: string | number | undefined) => ids.indexOf(Number(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t`Picked up vidbot ${name(active.id)}. It is in position ${position(active.id)} of ${count}.`,
    onDragOver: ({ active, over }) =>
      over ? t`Vidbot ${name(active.id)} was moved into position ${position(over.id)} of ${count}.` : t`Vidbot ${name(active.id)} is no longer over a position.`,
    onDragEnd: ({ active, over }) =>
      over ? t`Vidbot ${name(active.id)} was dropped at position ${position(over.id)} of ${count}.` : t`Vidbot ${name(active.id)} was dropped.`,
    onDragCancel: ({ active }) => t`Moving was cancelled. Vidbot ${name(active.id)} was dropped.`,
  };
  const screenReaderInstructions: ScreenReaderInstructions = {
    draggable: t`To move a vidbot, press Space or Enter. While moving, use the up and down arrow keys, then press Space or Enter to drop it, or Escape to cancel.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onMove(ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id)));
  };
  if (count === 0) return null;
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements, screenReaderInstructions }}>
      <SortableContext items={[...ids]} strategy={verticalListSortingStrategy} disabled={readOnly}>
        <ol className="picked-bots" aria-label={label}>
          {ids.map((id, index) => (
            <Row key={id} id={id} index={index} name={nameOf(id)} readOnly={readOnly} onRemove={onRemove} />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function Row({ id, index, name, readOnly, onRemove }: { id: number; index: number; name: string; readOnly: boolean; onRemove?: (id: number) => void }) {
  const { t } = useLingui();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled: readOnly });
  // Set through the CSSOM (React's style prop), which the Content Security Policy allows.
  const style: CSSProperties = { transform: CSS.Translate.toString(transform), transition };
  return (
    <li ref={setNodeRef} style={style} className={isDragging ? 'picked-bot dragging' : 'picked-bot'} data-bot-id={id}>
      {!readOnly && (
        <button type="button" ref={setActivatorNodeRef} className="button small drag-handle" {...attributes} {...listeners} aria-label={t`Move ${name}`}>
          <span aria-hidden="true">⠿</span>
        </button>
      )}
      <span className="muted small" aria-hidden="true">
        {index + 1}.
      </span>
      <span className="picked-name">{name}</span>
      {onRemove && !readOnly && (
        <button type="button" className="button small" aria-label={t`Remove ${name}`} onClick={() => onRemove(id)}>
          <Trans>Remove</Trans>
        </button>
      )}
    </li>
  );
}
