/**
 * Share-media editor (spec 001 §2 "Other action editors": media, button label, button, thankYouPage;
 * §3 Share media; §9 "share button label Share", thank-you defaults). The media comes from the media
 * chooser (a Ready video or image of the account). Validated with the server's ShareMediaAction
 * schema, whose `button` is `{ type, slideId }` (the spec's externalLinkType/url of the button are
 * not part of the stored contract; an external link is offered on the thank-you page).
 */
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ShareMediaAction as ShareMediaSchema } from '../../../../server/src/modules/bot/content.rules';
import { LazyMediaChooser as MediaChooser } from '../../media/LazyMediaChooser';
import type { Media } from '../../media/media.types';
import { ActionEditorFrame, useActionEditor } from './ActionEditorFrame';
import { SubmitButtonInputs, TextInput, ThankYouPageInputs } from './ActionControls';
import { newShareMedia, type ShareMediaAction } from './actionEditors.logic';
import { useEditor } from './editorContext';
import { useActionDraft } from './useActionDraft';

/** The share-media editor of route `share-media/{actionId}` (`new` creates). */
export function ShareMediaEditor({ actionParam }: { actionParam: string }) {
  const { t } = useLingui();
  const { account, content, readOnly } = useEditor();
  const state = useActionEditor<ShareMediaAction>('SHARE_MEDIA', actionParam, newShareMedia);
  const draft = useActionDraft(state.initial, ShareMediaSchema);
  const [chooser, setChooser] = useState<'VIDEO' | 'IMAGE' | null>(null);
  const [chosen, setChosen] = useState<Pick<Media, 'id' | 'name'> | null>(() => {
    const media = state.initial.media as { id?: number; name?: string } | null | undefined;
    return media?.name && typeof media.id === 'number' ? { id: media.id, name: media.name } : null;
  });
  const mediaId = draft.values.mediaId;
  const mediaError = draft.error('mediaId');

  const save = () => {
    if (!draft.output) return;
    // `media` is resolved by the server on read; the stored reference is mediaId.
    const { media: _media, ...rest } = draft.output as ShareMediaAction;
    state.save(rest as ShareMediaAction);
  };

  return (
    <ActionEditorFrame
      state={state}
      heading={state.isNew ? t`New share media action` : t`Edit share media action`}
      dirty={draft.dirty}
      valid={draft.valid}
      onShowIssues={draft.showAll}
      onSave={save}
      dialogs={
        <MediaChooser
          open={chooser !== null}
          mode={chooser ?? 'VIDEO'}
          accountId={account.id}
          canUpload={!readOnly && account.role !== 'Viewer'}
          onChoose={(media) => {
            setChosen({ id: media.id, name: media.name });
            draft.set('mediaId', media.id);
            setChooser(null);
          }}
          onClose={() => {
            draft.touch('mediaId');
            setChooser(null);
          }}
        />
      }
    >
      <TextInput draft={draft} path="name" label={<Trans>Name</Trans>} required />
      <div className="field" role="group" aria-labelledby="share-media-label">
        <span id="share-media-label" className="label">
          <Trans>Media to share</Trans> <span aria-hidden="true">*</span>
        </span>
        <p className="chosen-media" aria-live="polite">
          {mediaId > 0 ? (
            <span className="chip">{chosen && chosen.id === mediaId ? chosen.name : t`Media #${mediaId}`}</span>
          ) : (
            <span className="muted">
              <Trans>No media chosen.</Trans>
            </span>
          )}
        </p>
        <div className="actions">
          <button type="button" className="button small" onClick={() => setChooser('VIDEO')}>
            <Trans>Choose video</Trans>
          </button>
          <button type="button" className="button small" onClick={() => setChooser('IMAGE')}>
            <Trans>Choose image</Trans>
          </button>
        </div>
        {mediaError && <p className="field-error">{mediaError}</p>}
      </div>
      <TextInput draft={draft} path="value" label={<Trans>Share button label</Trans>} hint={<Trans>Default: Share</Trans>} />
      <SubmitButtonInputs draft={draft} slides={content.slides} label={<Trans>After sharing</Trans>} closeLabel={t`Close the share view`} />
      {draft.values.button?.type === 'THANK_YOU_PAGE' && <ThankYouPageInputs draft={draft} slides={content.slides} closeLabel={t`Close the share view`} />}
    </ActionEditorFrame>
  );
}
