/**
 * The button editor (spec 001 §2 "Button editor: link-to target, button name, style, functions";
 * §3 "Slide option (button)"; §5 Button; issue 11 "Button editor"): a dialog over the slide editor.
 *
 * - Target: any other slide or any action of the draft, grouped (Slides, Forms, External links, Post
 *   messages, Close vidbot, Share media).
 * - Name: required; auto-filled from the target's name until the person types their own (§5).
 * - Style: regular or featured (`featured`).
 * - Functions: video-end listener (one per slide: setting it here clears it on the slide's other
 *   buttons, and the dialog says so), video-end autoplay (only offered for a VIDEO slide target, with
 *   the listener), track conversion.
 * - Save is disabled until the form is valid (valibot schema of buttonForm.ts through TanStack Form).
 * The dialog answers the button's fields; the slide editor applies them with content.ops
 * addButton / updateButton to its buttons table.
 */
import { useId } from 'react';
import * as v from 'valibot';
import { useForm, useStore } from '@tanstack/react-form';
import { Trans, useLingui } from '@lingui/react/macro';
import { Dialog } from '../../../ui/Dialog';
import {
  autoFilledName,
  autoplayOffered,
  buttonFields,
  buttonFormSchema,
  buttonFormValues,
  findTarget,
  type ActionGroup,
  type ButtonFields,
  type ButtonTargetGroups,
} from './buttonForm';
import type { EditableButton } from './slideForm';
import { useActionGroupLabel } from './actionGroupLabel';

export interface ButtonEditorProps {
  open: boolean;
  /** The button being edited; undefined for a new button. */
  button?: EditableButton;
  /** The name of the slide the button is on. */
  slideName: string;
  groups: ButtonTargetGroups;
  /** The name of another button of the slide that is the video-end listener now, if any. */
  currentListener?: string;
  onSave: (fields: ButtonFields) => void;
  onClose: () => void;
}

/** The button editor dialog. */
export function ButtonEditor({ open, button, slideName, ...rest }: ButtonEditorProps) {
  const { t } = useLingui();
  const title = button ? t`Edit button “${button.name}”` : t`Add a button to ${slideName}`;
  return (
    <Dialog open={open} onClose={rest.onClose} title={title}>
      <ButtonForm button={button} slideName={slideName} {...rest} />
    </Dialog>
  );
}

/** The translated heading of an action group. */
export { useActionGroupLabel } from './actionGroupLabel';

function ButtonForm({ button, groups, currentListener, onSave, onClose }: Omit<ButtonEditorProps, 'open'>) {
  const { t } = useLingui();
  const groupLabel = useActionGroupLabel();
  const ids = { target: useId(), name: useId(), style: useId(), functions: useId() };
  const schema = buttonFormSchema({
    targetRequired: t`Choose what the button links to.`,
    nameRequired: t`A button needs a name.`,
    nameTooLong: t`The name can be at most 255 characters.`,
  });
  const form = useForm({
    defaultValues: buttonFormValues(button),
    validators: { onChange: schema, onSubmit: schema },
    onSubmit: ({ value }) => onSave(buttonFields(value, groups)),
  });
  const values = useStore(form.store, (s) => s.values);
  const valid = v.is(schema, values) && findTarget(groups, values.target) !== undefined;
  const target = findTarget(groups, values.target);
  const noTargets = groups.slides.length === 0 && groups.actions.length === 0;
  const deletedTarget = button !== undefined && values.target !== '' && !target;

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void form.handleSubmit();
      }}
    >
      {noTargets && (
        <p className="alert alert-warning">
          <Trans>Add another slide or an action first: a button links to one.</Trans>
        </p>
      )}
      <form.Field name="target">
        {(field) => {
          const error = field.state.meta.isTouched ? field.state.meta.errors[0]?.message : undefined;
          return (
            <div className="field">
              <label htmlFor={ids.target}>
                <Trans>Link to</Trans>
              </label>
              <select
                id={ids.target}
                data-autofocus
                required
                value={target ? field.state.value : ''}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${ids.target}-error` : undefined}
                onBlur={field.handleBlur}
                onChange={(e) => {
                  const next = findTarget(groups, e.target.value);
                  const previous = findTarget(groups, field.state.value);
                  // Spec 001 §5: the name auto-fills from the target's name.
                  form.setFieldValue('name', autoFilledName(form.getFieldValue('name'), previous, next));
                  if (!autoplayOffered(next)) form.setFieldValue('videoEndAutoplay', false);
                  field.handleChange(e.target.value);
                }}
              >
                <option value="">{deletedTarget ? t`(deleted target) — choose another` : t`Choose a target`}</option>
                {groups.slides.length > 0 && (
                  <optgroup label={t`Slides`}>
                    {groups.slides.map((s) => (
                      <option key={s.key} value={s.key}>
                        {s.name}
                      </option>
                    ))}
                  </optgroup>
                )}
                {groups.actions.map((g) => (
                  <optgroup key={g.type} label={groupLabel(g.type)}>
                    {g.targets.map((a) => (
                      <option key={a.key} value={a.key}>
                        {a.name}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </select>
              {error && (
                <p id={`${ids.target}-error`} className="field-error">
                  {error}
                </p>
              )}
            </div>
          );
        }}
      </form.Field>

      <form.Field name="name">
        {(field) => {
          const error = field.state.meta.isTouched ? field.state.meta.errors[0]?.message : undefined;
          return (
            <div className="field">
              <label htmlFor={ids.name}>
                <Trans>Button name</Trans>
              </label>
              <input
                id={ids.name}
                required
                maxLength={255}
                value={field.state.value}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${ids.name}-error` : `${ids.name}-hint`}
                onBlur={field.handleBlur}
                onChange={(e) => field.handleChange(e.target.value)}
              />
              {error ? (
                <p id={`${ids.name}-error`} className="field-error">
                  {error}
                </p>
              ) : (
                <p id={`${ids.name}-hint`} className="field-hint muted small">
                  <Trans>Filled in from the target’s name; you can change it.</Trans>
                </p>
              )}
            </div>
          );
        }}
      </form.Field>

      <form.Field name="featured">
        {(field) => (
          <fieldset className="field choice-group">
            <legend>
              <Trans>Style</Trans>
            </legend>
            <label className="checkbox-field">
              <input type="radio" name={ids.style} checked={!field.state.value} onChange={() => field.handleChange(false)} />
              <Trans>Regular</Trans>
            </label>
            <label className="checkbox-field">
              <input type="radio" name={ids.style} checked={field.state.value} onChange={() => field.handleChange(true)} />
              <Trans>Featured</Trans>
            </label>
          </fieldset>
        )}
      </form.Field>

      <fieldset className="field choice-group">
        <legend>
          <Trans>Functions</Trans>
        </legend>
        <form.Field name="videoEndListener">
          {(field) => (
            <>
              <label className="checkbox-field">
                <input
                  type="checkbox"
                  checked={field.state.value}
                  aria-describedby={`${ids.functions}-listener`}
                  onChange={(e) => {
                    field.handleChange(e.target.checked);
                    if (!e.target.checked) form.setFieldValue('videoEndAutoplay', false);
                  }}
                />
                <Trans>Go to the target when the video ends</Trans>
              </label>
              <p id={`${ids.functions}-listener`} className="field-hint muted small">
                {currentListener && field.state.value ? (
                  <Trans>Only one button per slide can do this: “{currentListener}” will stop doing it.</Trans>
                ) : currentListener ? (
                  <Trans>Only one button per slide can do this; now it is “{currentListener}”.</Trans>
                ) : (
                  <Trans>Only one button per slide can do this.</Trans>
                )}
              </p>
            </>
          )}
        </form.Field>
        {values.videoEndListener && autoplayOffered(target) && (
          <form.Field name="videoEndAutoplay">
            {(field) => (
              <label className="checkbox-field nested">
                <input type="checkbox" checked={field.state.value} onChange={(e) => field.handleChange(e.target.checked)} />
                <Trans>Start the target video automatically</Trans>
              </label>
            )}
          </form.Field>
        )}
        <form.Field name="trackConversion">
          {(field) => (
            <label className="checkbox-field">
              <input type="checkbox" checked={field.state.value} onChange={(e) => field.handleChange(e.target.checked)} />
              <Trans>Track a click as a conversion</Trans>
            </label>
          )}
        </form.Field>
      </fieldset>

      <div className="actions end">
        <button type="button" className="button" onClick={onClose}>
          <Trans>Cancel</Trans>
        </button>
        <button type="submit" className="button primary" disabled={!valid}>
          {button ? <Trans>Save button</Trans> : <Trans>Add button</Trans>}
        </button>
      </div>
    </form>
  );
}
