/**
 * Rename dialog (spec 001 §2 "rename", §5 "Media: rename requires name"): PATCH /media/{id} `{ name }`;
 * a blank name is refused before sending, a server refusal shows its field message.
 */
import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '../../../ui/toast';
import { isHttpError } from '../../../api/client';
import { Dialog } from '../../../ui/Dialog';
import type { Media } from '../media.types';
import { renameMedia, invalidateMediaLists } from './library.queries';

export function RenameDialog({ media, onClose }: { media: Media | null; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Dialog open={media !== null} title={t`Rename`} onClose={onClose}>
      {media && <RenameForm media={media} onClose={onClose} />}
    </Dialog>
  );
}

function RenameForm({ media, onClose }: { media: Media; onClose: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const id = useId();
  const [name, setName] = useState(media.name);
  const [touched, setTouched] = useState(false);
  const blank = name.trim() === '';
  const save = useMutation({
    mutationFn: () => renameMedia(media.id, name.trim()),
    onSuccess: async () => {
      await invalidateMediaLists(queryClient);
      toast.success(t`Media renamed`);
      onClose();
    },
    onError: (error) => {
      if (!isHttpError(error, 422)) toast.error(t`An error occurred`);
    },
  });
  const serverError = save.error && isHttpError(save.error, 422) ? (save.error.fieldErrors?.name ?? save.error.message) : null;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if (!blank) save.mutate();
      }}
      noValidate
    >
      <div className="field">
        <label htmlFor={id}>
          <Trans>Name</Trans>
        </label>
        <input
          id={id}
          value={name}
          maxLength={255}
          required
          aria-invalid={touched && blank}
          aria-describedby={`${id}-error`}
          onChange={(e) => setName(e.target.value)}
          onBlur={() => setTouched(true)}
        />
        <p id={`${id}-error`} className="field-error" role={touched && (blank || serverError) ? 'alert' : undefined}>
          {touched && blank ? t`Name is required.` : serverError}
        </p>
      </div>
      <div className="actions">
        <button type="button" className="button" onClick={onClose}>
          <Trans>Cancel</Trans>
        </button>
        <button type="submit" className="button primary" disabled={blank || save.isPending}>
          <Trans>Save</Trans>
        </button>
      </div>
    </form>
  );
}
