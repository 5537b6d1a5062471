/**
 * The widgets list's dialogs (spec 002 §2 Widgets, §5 "New widget", "Copy widget", §8), loaded when
 * one is first opened:
 * - `CreateWidgetDialog`: name (required, trimmed, at most 255) and type (Slider, Card, Thumbnail;
 *   default Slider), validated by the server's `CreateWidgetBody` (TanStack Form + valibot); a server
 *   422 puts its field messages on the fields; any other failure toasts the generic error.
 * - `CopyWidgetDialog`: the target account (required); a warning when the content is All or ByTags
 *   (what the copy shows then depends on the target account's vidbots and tags); failure toasts the
 *   copy error.
 */
import { useId, useState } from 'react';
import { useForm } from '@tanstack/react-form';
import { Trans, useLingui } from '@lingui/react/macro';
import * as v from 'valibot';
import type { Account } from '../../api/types';
import { Dialog } from '../../ui/Dialog';
import { SelectField } from '../../ui/Field';
import { toast } from '../../ui/toast';
import { fieldErrorsOf } from '../../ui/errorText';
import { firstError, showServerErrors, submitForm } from '../../ui/formErrors';
import { CreateWidgetBody, WIDGET_TYPES, type WidgetType } from '../../../server/src/modules/widget/widget.schemas';
import { useWidgetLabels } from './widgetLabels';
import { copyNeedsWarning } from './widgetRowActions';
import { copyWidgetToAccount, createWidget, type WidgetDetail, type WidgetListItem } from './widgets.api';

/** The create form's values: the contract's name and type (the account comes from the page). */
const CreateFields = v.pick(CreateWidgetBody, ['name', 'type']);

export interface CreateWidgetDialogProps {
  open: boolean;
  accountId: number;
  onClose: () => void;
  /** Called with the new widget (the page opens its editor). */
  onCreated: (widget: WidgetDetail) => void;
}

/** The create dialog. */
export function CreateWidgetDialog({ open, onClose, ...rest }: CreateWidgetDialogProps) {
  const { t } = useLingui();
  return (
    <Dialog open={open} onClose={onClose} title={t`Create widget`}>
      <CreateForm onClose={onClose} {...rest} />
    </Dialog>
  );
}

function CreateForm({ accountId, onClose, onCreated }: Omit<CreateWidgetDialogProps, 'open'>) {
  const { t } = useLingui();
  const labels = useWidgetLabels();
  const nameId = useId();
  const typeId = useId();
  const form = useForm({
    defaultValues: { name: '', type: 'Slider' as WidgetType },
    validators: {
      onChange: ({ value }) => {
        const result = v.safeParse(CreateFields, value);
        if (result.success) return undefined;
        const nested: Record<string, string[] | undefined> = v.flatten(result.issues).nested ?? {};
        return { fields: Object.fromEntries(Object.entries(nested).map(([name, messages]) => [name, messages?.[0]])) };
      },
    },
    onSubmit: async ({ value, formApi }) => {
      try {
        onCreated(await createWidget({ accountId, name: value.name.trim(), type: value.type }));
      } catch (error) {
        // A 422 puts its messages on the fields; anything else is the generic error (spec 002 §8).
        if (Object.keys(fieldErrorsOf(error)).length > 0) showServerErrors(formApi, error, t`An error occurred`);
        else toast.error(t`An error occurred`);
      }
    },
  });

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submitForm(form);
      }}
    >
      <form.Field name="name">
        {(field) => {
          const error = field.state.meta.isTouched ? firstError(field.state.meta.errors) : undefined;
          return (
            <div className="field">
              <label htmlFor={nameId}>
                <Trans>Name</Trans>
                <span aria-hidden="true"> *</span>
              </label>
              <input
                id={nameId}
                name={field.name}
                value={field.state.value}
                data-autofocus
                required
                maxLength={255}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${nameId}-error` : undefined}
                onBlur={field.handleBlur}
                onChange={(e) => field.handleChange(e.target.value)}
              />
              {error && (
                <p id={`${nameId}-error`} className="field-error">
                  {error === 'Name is required.' ? t`Name is required.` : error}
                </p>
              )}
            </div>
          );
        }}
      </form.Field>
      <form.Field name="type">
        {(field) => (
          <div className="field">
            <label htmlFor={typeId}>
              <Trans>Type</Trans>
            </label>
            <select id={typeId} name={field.name} value={field.state.value} onChange={(e) => field.handleChange(e.target.value as WidgetType)}>
              {WIDGET_TYPES.map((type) => (
                <option key={type} value={type}>
                  {labels.type(type)}
                </option>
              ))}
            </select>
          </div>
        )}
      </form.Field>
      <div className="actions end">
        <button type="button" className="button" onClick={onClose}>
          <Trans>Cancel</Trans>
        </button>
        <form.Subscribe selector={(s) => ({ name: s.values.name, submitting: s.isSubmitting })}>
          {({ name, submitting }) => (
            <button type="submit" className="button primary" disabled={name.trim() === '' || submitting}>
              {submitting ? <Trans>Creating…</Trans> : <Trans>Create</Trans>}
            </button>
          )}
        </form.Subscribe>
      </div>
    </form>
  );
}

interface CopyProps {
  widget: WidgetListItem;
  targets: readonly Account[];
  onClose: () => void;
  onCopied: (copy: WidgetDetail, target: Account) => void;
}

/** Copies `widget` (open while set) into one of `targets` (spec 002 §2 "copy to account", §5). */
export function CopyWidgetDialog({ widget, ...rest }: Omit<CopyProps, 'widget'> & { widget: WidgetListItem | null }) {
  const { t } = useLingui();
  return (
    <Dialog open={widget !== null} title={t`Copy “${widget?.name ?? ''}” to another account`} onClose={rest.onClose}>
      {widget && <CopyForm key={widget.id} widget={widget} {...rest} />}
    </Dialog>
  );
}

function CopyForm({ widget, targets, onClose, onCopied }: CopyProps) {
  const { t } = useLingui();
  const [targetId, setTargetId] = useState<string>(targets.length === 1 ? String(targets[0]!.id) : '');
  const [busy, setBusy] = useState(false);
  const [touched, setTouched] = useState(false);
  const target = targets.find((a) => String(a.id) === targetId);

  const copy = async () => {
    setTouched(true);
    if (!target) return;
    setBusy(true);
    try {
      onCopied(await copyWidgetToAccount(widget.id, target.id), target);
    } catch {
      toast.error(t`Copying the widget failed`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void copy();
      }}
    >
      <SelectField
        label={<Trans>Account</Trans>}
        required
        value={targetId}
        onChange={setTargetId}
        placeholder={t`Choose an account`}
        error={touched && !target ? t`Choose the account to copy to.` : undefined}
        options={targets.map((a) => ({ value: String(a.id), label: a.businessName }))}
      />
      {copyNeedsWarning(widget) && (
        <p className="alert alert-warning" role="note">
          {widget.contentType === 'All' ? (
            <Trans>This widget shows all published vidbots of its account. In the other account it will show that account’s published vidbots instead.</Trans>
          ) : (
            <Trans>This widget shows vidbots by tags. Tags belong to an account: check the copy’s tags in the other account before publishing it.</Trans>
          )}
        </p>
      )}
      <p className="muted">
        <Trans>The copy is a draft in that account.</Trans>
      </p>
      <div className="actions end">
        <button type="button" className="button" onClick={onClose}>
          <Trans>Cancel</Trans>
        </button>
        <button type="submit" className="button primary" disabled={busy}>
          <Trans>Copy</Trans>
        </button>
      </div>
    </form>
  );
}
