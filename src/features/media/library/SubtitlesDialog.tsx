/**
 * Subtitles dialog (spec 001 §2 "subtitle upload and delete", §5 "subtitles need a language and a
 * .vtt file"): the media's captions with Download (.vtt) and Delete, and a form choosing a language
 * from the ISO 639-1 list (names in the active locale) and a .vtt file → PUT /media/{id}/caption.
 * The server validates the file as WebVTT; its reason is shown. Other failures: the generic toast.
 */
import { useId, useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '../../../ui/toast';
import { isHttpError } from '../../../api/client';
import { typedApi } from '../../../api/contract';
import { Dialog } from '../../../ui/Dialog';
import type { Media } from '../media.types';
import { formatUploadDate } from './format';
import { deleteCaption, downloadCaption, uploadCaption, invalidateMediaLists } from './library.queries';
import { subtitleLanguages } from './languages';

export function SubtitlesDialog({ media, onClose }: { media: Media | null; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Dialog open={media !== null} title={t`Subtitles`} onClose={onClose} wide>
      {media && <SubtitlesBody media={media} />}
    </Dialog>
  );
}

function SubtitlesBody({ media: initial }: { media: Media }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const current = useQuery({ queryKey: ['media', 'one', initial.id], queryFn: () => typedApi.get('/media/{id}', { path: { id: initial.id } }), initialData: initial });
  const media = current.data;
  const languages = useMemo(() => subtitleLanguages(i18n.locale), [i18n.locale]);
  const nameOf = (code: string) => languages.find((l) => l.code === code)?.name ?? code;
  const [language, setLanguage] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [touched, setTouched] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const ids = { language: useId(), file: useId() };

  const refresh = async (next: Media) => {
    queryClient.setQueryData(['media', 'one', initial.id], next);
    await invalidateMediaLists(queryClient);
  };
  const upload = useMutation({
    mutationFn: () => uploadCaption(media, language, file as File),
    onSuccess: async (next) => {
      await refresh(next);
      toast.success(t`Subtitles uploaded`);
      setLanguage('');
      setFile(null);
      setTouched(false);
      setFormKey((k) => k + 1);
    },
    onError: (error) => {
      if (!isHttpError(error, 422) && !isHttpError(error, 413)) toast.error(t`An error occurred`);
    },
  });
  const remove = useMutation({
    mutationFn: (captionId: number) => deleteCaption(media.id, captionId),
    onSuccess: refresh,
    onError: () => toast.error(t`An error occurred`),
  });
  const serverError = upload.error && (isHttpError(upload.error, 422) || isHttpError(upload.error, 413)) ? upload.error.message : null;
  const languageMissing = language === '';
  const fileMissing = file === null;

  return (
    <div className="subtitles">
      {media.captions.length === 0 ? (
        <p className="muted">
          <Trans>No subtitles yet.</Trans>
        </p>
      ) : (
        <ul className="caption-list" aria-label={t`Subtitles`}>
          {media.captions.map((c) => {
            const language = nameOf(c.languageCode);
            return (
              <li key={c.id}>
                <span className="caption-language">
                  {language} <span className="muted">({c.languageCode})</span>
                </span>
                <span className="muted">{formatUploadDate(c.createdAt)}</span>
                <button
                  type="button"
                  className="button small"
                  aria-label={t`Download ${language} subtitles (.vtt)`}
                  onClick={() => void downloadCaption(media.id, c.id).catch(() => toast.error(t`An error occurred`))}
                >
                  <Trans>Download</Trans>
                </button>
                <button type="button" className="button small danger" aria-label={t`Delete ${language} subtitles`} disabled={remove.isPending} onClick={() => remove.mutate(c.id)}>
                  <Trans>Delete</Trans>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <form
        key={formKey}
        className="caption-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (!languageMissing && !fileMissing) upload.mutate();
        }}
      >
        <h3>
          <Trans>Add subtitles</Trans>
        </h3>
        <div className="field">
          <label htmlFor={ids.language}>
            <Trans>Language</Trans>
          </label>
          <select id={ids.language} value={language} required aria-invalid={touched && languageMissing} onChange={(e) => setLanguage(e.target.value)}>
            <option value="">{t`Choose a language`}</option>
            {languages.map((l) => (
              <option key={l.code} value={l.code}>
                {l.name} ({l.code})
              </option>
            ))}
          </select>
          {touched && languageMissing && (
            <p className="field-error" role="alert">
              <Trans>Choose a language.</Trans>
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={ids.file}>
            <Trans>WebVTT file (.vtt)</Trans>
          </label>
          <input id={ids.file} type="file" accept=".vtt,text/vtt" required aria-invalid={touched && fileMissing} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
          {touched && fileMissing && (
            <p className="field-error" role="alert">
              <Trans>Choose a .vtt file.</Trans>
            </p>
          )}
        </div>
        {serverError && (
          <p className="alert alert-error" role="alert">
            {serverError}
          </p>
        )}
        <div className="actions">
          <button type="submit" className="button primary" disabled={upload.isPending}>
            <Trans>Upload subtitles</Trans>
          </button>
        </div>
      </form>
    </div>
  );
}
