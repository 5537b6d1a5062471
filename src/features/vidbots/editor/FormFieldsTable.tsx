/**
 * The fields table of the form editor (spec 001 §2 "Form editor" field table; §3 Form field; §4 Form
 * integrations; §5 Field): add, edit (a dialog validated with the server's FormField schema), delete
 * and reorder by drag with @dnd-kit/sortable — pointer and keyboard (Space picks up, arrows move,
 * Space drops, Escape cancels). Fields an enabled integration requires are locked: no delete, no
 * type or requirement change, a badge naming the integration(s).
 */
import { useId, useState } from 'react';
import { createPortal } from 'react-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { FORM_FIELD_TYPES, FormField as FormFieldSchema, type FormField, type FormFieldType, type FormIntegration } from '../../../../server/src/modules/bot/content.rules';
import { Dialog } from '../../../ui/Dialog';
import { CheckInput, LinkInputs, SelectInput, TextInput } from './ActionControls';
import { NO_REQUIRED_CHOICE, fieldKeyOf, nextId, type FieldLock } from './actionEditors.logic';
import { useActionDraft } from './useActionDraft';
import { INTEGRATION_NAMES } from './integrationNames';

/** Translated names of the field types (spec 001 §3 Form field). */
export function useFieldTypeLabels(): Record<FormFieldType, string> {
  const { t } = useLingui();
  return {
    text: t`Text`,
    email: t`Email`,
    textarea: t`Long text`,
    general_checkbox: t`Checkbox`,
    radio_button: t`Radio buttons`,
    external_link: t`External link`,
    postal_code_fi: t`Postal code (Finland)`,
  };
}

/** Integration names (spec 001 §2 "Form editor" integration blocks; ./integrationNames). */
export { INTEGRATION_NAMES };

export interface FormFieldsTableProps {
  fields: FormField[];
  locks: Map<string, FieldLock>;
  /** Messages of the form schema per field index (a field that fails it). */
  problems: (index: number) => string[];
  readOnly: boolean;
  onChange: (fields: FormField[]) => void;
}

/** The fields table with its add/edit dialog. */
export function FormFieldsTable({ fields, locks, problems, readOnly, onChange }: FormFieldsTableProps) {
  const { t } = useLingui();
  const typeLabels = useFieldTypeLabels();
  const captionId = useId();
  const [editing, setEditing] = useState<{ index: number | null; field: FormField } | null>(null);
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const labelOf = (id: unknown) => fields.find((f) => f.id === Number(id))?.label ?? '';

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = fields.findIndex((f) => f.id === Number(active.id));
    const to = fields.findIndex((f) => f.id === Number(over.id));
    if (from >= 0 && to >= 0) onChange(arrayMove(fields, from, to));
  };

  const addField = () => {
    const id = nextId(fields);
    setEditing({ index: null, field: { id, name: '', type: 'text', label: '', required: false, showAfterSubmit: false } });
  };

  return (
    <section className="subsection" aria-labelledby={captionId}>
      <div className="subsection-head">
        <h3 id={captionId}>
          <Trans>Fields</Trans>
        </h3>
        <button type="button" className="button small" disabled={readOnly} onClick={addField}>
          <Trans>Add field</Trans>
        </button>
      </div>
      {fields.length === 0 ? (
        <p className="muted">
          <Trans>No fields yet.</Trans>
        </p>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{
            screenReaderInstructions: {
              draggable: t`To reorder a field, press Space or Enter on its handle, move it with the arrow keys, and press Space or Enter again to drop it. Escape cancels.`,
            },
            announcements: {
              onDragStart: ({ active }) => t`Picked up field ${labelOf(active.id)}.`,
              onDragOver: ({ active, over }) => (over ? t`Field ${labelOf(active.id)} is over ${labelOf(over.id)}.` : undefined),
              onDragEnd: ({ active, over }) => (over ? t`Field ${labelOf(active.id)} was dropped at ${labelOf(over.id)}.` : t`Field ${labelOf(active.id)} was dropped.`),
              onDragCancel: ({ active }) => t`Moving field ${labelOf(active.id)} was cancelled.`,
            },
          }}
        >
          <table className="fields-table">
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">{t`Order`}</span>
                </th>
                <th scope="col">{t`Label`}</th>
                <th scope="col">{t`Key`}</th>
                <th scope="col">{t`Type`}</th>
                <th scope="col">{t`Required`}</th>
                <th scope="col">
                  <span className="visually-hidden">{t`Actions`}</span>
                </th>
              </tr>
            </thead>
            <SortableContext items={fields.map((f) => f.id)} strategy={verticalListSortingStrategy}>
              <tbody>
                {fields.map((field, index) => (
                  <FieldRow
                    key={field.id}
                    field={field}
                    typeLabel={typeLabels[field.type]}
                    lock={locks.get(field.name)}
                    problems={problems(index)}
                    readOnly={readOnly}
                    onEdit={() => setEditing({ index, field })}
                    onDelete={() => onChange(fields.filter((f) => f.id !== field.id))}
                  />
                ))}
              </tbody>
            </SortableContext>
          </table>
        </DndContext>
      )}
      {/* Portalled: the editor's <form> and read-only fieldset are not the dialog's ancestors in the DOM. */}
      {createPortal(
      <Dialog open={editing !== null} onClose={() => setEditing(null)} title={editing?.index === null ? t`Add field` : t`Edit field`}>
        {editing && (
          <FieldForm
            initial={editing.field}
            isNew={editing.index === null}
            lock={locks.get(editing.field.name)}
            takenKeys={fields.filter((f) => f.id !== editing.field.id).map((f) => f.name)}
            onCancel={() => setEditing(null)}
            onDone={(field) => {
              onChange(editing.index === null ? [...fields, field] : fields.map((f, i) => (i === editing.index ? field : f)));
              setEditing(null);
            }}
          />
        )}
      </Dialog>,
        document.body,
      )}
    </section>
  );
}

function FieldRow({
  field,
  typeLabel,
  lock,
  problems,
  readOnly,
  onEdit,
  onDelete,
}: {
  field: FormField;
  typeLabel: string;
  lock: FieldLock | undefined;
  problems: string[];
  readOnly: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useLingui();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: field.id, disabled: readOnly });
  const style = { transform: CSS.Translate.toString(transform), transition };
  const requiredText = NO_REQUIRED_CHOICE.includes(field.type) ? '—' : field.required ? t`Required` : t`Optional`;
  return (
    <tr ref={setNodeRef} style={style} className={isDragging ? 'dragging' : undefined} data-field-name={field.name}>
      <td>
        <button type="button" className="drag-handle" ref={setActivatorNodeRef} aria-label={t`Reorder ${field.label}`} disabled={readOnly} {...attributes} {...listeners}>
          <span aria-hidden="true">⠿</span>
        </button>
      </td>
      <td>
        {field.label}
        {lock?.integrations.map((i) => (
          <span key={i} className="badge badge-info integration-badge" title={t`Required by ${INTEGRATION_NAMES[i]}`}>
            {INTEGRATION_NAMES[i]}
          </span>
        ))}
        {field.showAfterSubmit && (
          <span className="badge">
            <Trans>After submit</Trans>
          </span>
        )}
        {problems.length > 0 && (
          <p className="field-error small">
            {problems[0]}
          </p>
        )}
      </td>
      <td>
        <code>{field.name}</code>
      </td>
      <td>{typeLabel}</td>
      <td>{requiredText}</td>
      <td className="row-actions">
        <button type="button" className="button small" aria-label={t`Edit field ${field.label}`} disabled={readOnly} onClick={onEdit}>
          <Trans>Edit</Trans>
        </button>
        <button
          type="button"
          className="button small danger"
          aria-label={t`Delete field ${field.label}`}
          disabled={readOnly || lock !== undefined}
          title={lock ? t`Required by ${lock.integrations.map((i) => INTEGRATION_NAMES[i]).join(', ')}` : undefined}
          onClick={onDelete}
        >
          <Trans>Delete</Trans>
        </button>
      </td>
    </tr>
  );
}

/**
 * The add/edit form of one field (spec 001 §5 Field: type and label required; external-link fields
 * require link type and url; the required choice not offered for radio buttons or external links).
 * The key follows the label while the field is new and the key untouched.
 */
function FieldForm({
  initial,
  isNew,
  lock,
  takenKeys,
  onCancel,
  onDone,
}: {
  initial: FormField;
  isNew: boolean;
  lock: FieldLock | undefined;
  takenKeys: string[];
  onCancel: () => void;
  onDone: (field: FormField) => void;
}) {
  const { t } = useLingui();
  const typeLabels = useFieldTypeLabels();
  const draft = useActionDraft<FormField, typeof FormFieldSchema>(initial, FormFieldSchema);
  const [keyEdited, setKeyEdited] = useState(!isNew);
  const f = draft.values;
  const noRequired = NO_REQUIRED_CHOICE.includes(f.type);
  const keyTaken = takenKeys.includes(f.name.trim());
  const options = f.options ?? [];

  const setType = (type: FormFieldType | null) => {
    if (!type) return;
    let next: FormField = { ...f, type };
    if (NO_REQUIRED_CHOICE.includes(type)) next = { ...next, required: false };
    if (type === 'radio_button' && !(next.options && next.options.length)) next = { ...next, options: [{ id: 1, label: '' }] };
    if (type !== 'radio_button') delete next.options;
    if (type === 'external_link') next = { ...next, linkType: next.linkType ?? 'new_tab', externalLinkType: next.externalLinkType ?? 'url', url: next.url ?? '' };
    else next = { ...next, linkType: null, externalLinkType: null, url: null };
    draft.replace(next);
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        // React bubbles the submit through the portal to the editor's form: stop it here.
        e.stopPropagation();
        if (draft.output && !keyTaken) onDone(draft.output);
        else draft.showAll();
      }}
    >
      {lock && (
        <p className="alert alert-info" role="note">
          <Trans>Required by {lock.integrations.map((i) => INTEGRATION_NAMES[i]).join(', ')}: its type and requirement cannot be changed.</Trans>
        </p>
      )}
      <SelectInput
        draft={draft}
        path="type"
        label={<Trans>Type</Trans>}
        required
        disabled={lock !== undefined}
        options={FORM_FIELD_TYPES.map((value) => ({ value, label: typeLabels[value] }))}
        onChange={setType}
      />
      <LabelInput
        draft={draft}
        onLabel={(label) => {
          // The key follows the label while the field is new and its key was not edited.
          if (!keyEdited) draft.set('name', fieldKeyOf(label, f.id, takenKeys));
        }}
      />
      <fieldset className="plain" disabled={lock !== undefined} onChange={() => setKeyEdited(true)}>
        <TextInput
          draft={draft}
          path="name"
          label={<Trans>Key</Trans>}
          required
          maxLength={100}
          hint={<Trans>The field's name in submissions and integrations, e.g. first-name.</Trans>}
        />
      </fieldset>
      {keyTaken && (
        <p className="field-error" role="alert">
          <Trans>Another field already has this key.</Trans>
        </p>
      )}
      {!noRequired && <CheckInput draft={draft} path="required" label={<Trans>Required</Trans>} disabled={lock !== undefined} />}
      {f.type === 'radio_button' && (
        <fieldset className="subsection">
          <legend>
            <Trans>Options</Trans>
          </legend>
          {options.map((o, i) => (
            <div key={o.id} className="option-row">
              <TextInput draft={draft} path={`options.${i}.label`} label={t`Option ${i + 1}`} required />
              <button
                type="button"
                className="button small danger"
                aria-label={t`Remove option ${i + 1}`}
                disabled={options.length <= 1}
                onClick={() => draft.set('options', options.filter((x) => x.id !== o.id))}
              >
                <Trans>Remove</Trans>
              </button>
            </div>
          ))}
          <button type="button" className="button small" disabled={options.length >= 50} onClick={() => draft.set('options', [...options, { id: nextId(options), label: '' }])}>
            <Trans>Add option</Trans>
          </button>
          {draft.error('options') && <p className="field-error">{draft.error('options')}</p>}
        </fieldset>
      )}
      {f.type === 'external_link' && <LinkInputs draft={draft} prefix="" />}
      <CheckInput draft={draft} path="showAfterSubmit" label={<Trans>Show after the form is submitted</Trans>} />
      <div className="actions end">
        <button type="button" className="button" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
        <button type="submit" className="button primary" disabled={!draft.valid || keyTaken}>
          {isNew ? <Trans>Add field</Trans> : <Trans>Done</Trans>}
        </button>
      </div>
    </form>
  );
}

/** The label input; `onLabel` lets the key follow it. */
function LabelInput({ draft, onLabel }: { draft: ReturnType<typeof useActionDraft<FormField, typeof FormFieldSchema>>; onLabel: (label: string) => void }) {
  const id = useId();
  const error = draft.error('label');
  return (
    <div className="field">
      <label htmlFor={id}>
        <Trans>Label</Trans>
        <span aria-hidden="true"> *</span>
      </label>
      <input
        id={id}
        data-autofocus=""
        required
        maxLength={1000}
        value={draft.values.label}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-err` : undefined}
        onBlur={() => draft.touch('label')}
        onChange={(e) => {
          draft.set('label', e.target.value);
          onLabel(e.target.value);
        }}
      />
      {error && (
        <p id={`${id}-err`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
