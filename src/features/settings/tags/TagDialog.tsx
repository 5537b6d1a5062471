/**
 * Create and edit dialogs of the settings tags tab (spec 002 §2 "Tags tab: list with create and edit
 * dialogs", §5 "New tag name must be non-empty after trimming (also required on the tag dialogs)",
 * §8 tag toasts). One form (TanStack Form + valibot, on submit) for both: `tag` null creates
 * (`POST /tag`), a tag renames it (`PATCH /tag/{tagId}`). A failed save keeps the dialog open with
 * the message on the name field — a 400 shows the server's detail (a duplicate name), else 'Creating
 * tag failed' / 'Failed to update tag' — and raises the §8 toast.
 */
import * as v from 'valibot';
import { useForm } from '@tanstack/react-form';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { isHttpError } from '../../../api/client';
import { Dialog } from '../../../ui/Dialog';
import { TextField } from '../../../ui/Field';
import { fieldErrorsOf } from '../../../ui/errorText';
import { firstError, submitForm, type ServerErrorForm } from '../../../ui/formErrors';
import { toast } from '../../../ui/toast';
import { createTag, renameTag, tagCreateErrorText, tagKeys } from '../../vidbots/tag.queries';

/** Longest tag name (server TAG_NAME_MAX). */
export const TAG_NAME_MAX = 100;

/** The tag a dialog edits (`null` = a new one). */
export interface EditedTag {
  id: number;
  name: string;
}

/** Rules of the tag form (spec 002 §5): the name is required after trimming. */
export function tagSchema(required: string) {
  return v.object({ name: v.pipe(v.string(), v.check((s) => s.trim() !== '', required)) });
}

/** The create (`tag` null) or edit dialog, open while `open`. `onClose` after a save or a cancel. */
export function TagDialog({ open, tag, accountId, onClose }: { open: boolean; tag: EditedTag | null; accountId: number; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Dialog open={open} title={tag ? t`Edit tag` : t`New tag`} onClose={onClose}>
      <TagForm key={tag?.id ?? 'new'} tag={tag} accountId={accountId} onDone={onClose} />
    </Dialog>
  );
}

/** The form inside the dialog. */
export function TagForm({ tag, accountId, onDone }: { tag: EditedTag | null; accountId: number; onDone: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const form = useForm({
    defaultValues: { name: tag?.name ?? '' },
    validators: { onSubmit: tagSchema(t`This field is required.`) },
    onSubmit: async ({ value, formApi }) => {
      const name = value.name.trim();
      try {
        if (tag) await renameTag(tag.id, name);
        else await createTag(accountId, name);
      } catch (error) {
        // A 422's field messages go on their fields; a 400 (duplicate name) shows its detail (spec 002 §8).
        const fields = isHttpError(error, 422) ? fieldErrorsOf(error) : {};
        const text = tagCreateErrorText(error, tag ? t`Failed to update tag` : t`Creating tag failed`);
        (formApi as ServerErrorForm).setErrorMap({ onServer: { form: text, fields: fields.name ? fields : { name: text } } });
        toast.error(tag ? t`Failed to update tag` : t`Failed to create tag`);
        return;
      }
      toast.success(tag ? t`Tag updated successfully` : t`Tag created successfully`);
      await queryClient.invalidateQueries({ queryKey: tagKeys.all });
      onDone();
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
        {(field) => (
          <TextField
            label={t`Name`}
            required
            value={field.state.value}
            onChange={field.handleChange}
            onBlur={field.handleBlur}
            error={firstError(field.state.meta.errors)}
            maxLength={TAG_NAME_MAX}
            autoComplete="off"
          />
        )}
      </form.Field>
      <div className="actions end">
        <button type="button" className="button" onClick={onDone}>
          <Trans>Cancel</Trans>
        </button>
        <form.Subscribe selector={(s) => s.isSubmitting}>
          {(submitting) => (
            <button type="submit" className="button primary" disabled={submitting} aria-busy={submitting || undefined}>
              {tag ? <Trans>Save</Trans> : <Trans>Create</Trans>}
            </button>
          )}
        </form.Subscribe>
      </div>
    </form>
  );
}
