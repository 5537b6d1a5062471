/**
 * The vidbot editor (spec 001 §2 editor, slide editor, button editor; §4 status, slides, editor
 * saves; §6 permissions; §8 noSlidesPublish / errorOccured): a thin binding over the draft reducer
 * (editor.reducer.ts) and the publish chart (machines/publish).
 *
 * - Content: the Intro section and the Slides section as slide cards. "Add video slide" / "Add image
 *   slide" open the media chooser; the first slide becomes the intro.
 * - A slide card: its buttons, "Add button" (name + target slide, type SLIDE), "Set as intro",
 *   "Delete slide" (not for the intro).
 * - Top bar: Back (list query preserved), Preview (/preview/{id}?preview=true), Save draft
 *   (PATCH /bot/{id} {content} → a new revision), Publish (the publish chart), the version badge.
 * - Leaving with unsaved changes asks: save, exit or stay (TanStack `useBlocker`; also beforeunload).
 * - Read-only with a notice when the person may not edit.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import './vidbots.css';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useBlocker } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '../../ui/toast';
import { meOptions } from '../../api/queries';
import type { Account } from '../../api/types';
import { MediaChooser } from '../media/MediaChooser';
import type { Media } from '../media/media.types';
import {
  selectIsPublishing,
  selectPublishErrorMessage,
  selectPublishFailure,
  selectPublishStep,
} from '../../../machines/publish/publish.selectors';
import { Dialog } from '../../ui/Dialog';
import { VersionBadge } from './StatusBadge';
import { initialEditorState, reduceEditor, type EditorAction, type EditorError, type EditorState } from './editor.reducer';
import { recallListSearch } from './listMemory';
import { LIST_DEFAULTS } from './listSearch';
import { canEditVidbot } from './permissions';
import { createPublishMachine } from './publish.actors';
import { botOptions, saveBotContent, vidbotKeys } from './vidbot.queries';
import type { Bot, BotContent, Slide } from './vidbot.types';
import { GraphPanel } from './editor/GraphPanel';

/** The revision content of a Bot answer. */
export function contentOf(bot: Bot): BotContent {
  return { slides: bot.slides, actions: bot.actions, theme: bot.theme };
}

export interface VidbotEditorPageProps {
  account: Account;
  botId: number;
}

/** The editor page; waits for the bot (the route loader normally has it already). */
export function VidbotEditorPage({ account, botId }: VidbotEditorPageProps) {
  const bot = useQuery(botOptions(botId));
  if (bot.isError) {
    return (
      <p className="alert alert-error" role="alert">
        <Trans>The vidbot could not be loaded.</Trans>
      </p>
    );
  }
  if (!bot.data) {
    return (
      <p role="status">
        <Trans>Loading…</Trans>
      </p>
    );
  }
  return <Editor key={bot.data.id} account={account} initialBot={bot.data} />;
}

function Editor({ account, initialBot }: { account: Account; initialBot: Bot }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const me = useQuery(meOptions());
  const botQuery = useQuery(botOptions(initialBot.id));
  const bot = botQuery.data ?? initialBot;
  const [editor, setEditor] = useState<EditorState>(() => initialEditorState(contentOf(initialBot)));
  const [chooser, setChooser] = useState<'VIDEO' | 'IMAGE' | null>(null);
  const [buttonFor, setButtonFor] = useState<Slide | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const canEdit = canEditVidbot(account.role, me.data, bot);

  const errorText = useCallback(
    (error: EditorError) =>
      ({
        cannotDeleteIntroSlide: t`The intro slide cannot be deleted.`,
        buttonNameRequired: t`A button needs a name.`,
        buttonTargetRequired: t`A button needs a target slide.`,
        unknownSlide: t`That slide no longer exists.`,
      })[error],
    [t],
  );

  // Every Bot answer (save, set status, publish) refreshes the cache and replaces the draft.
  const applyBot = useRef((answer: Bot) => {
    queryClient.setQueryData(botOptions(answer.id).queryKey, answer);
    void queryClient.invalidateQueries({ queryKey: vidbotKeys.all, refetchType: 'none' });
    setEditor(initialEditorState(contentOf(answer)));
  });
  const publishMachine = useMemo(() => createPublishMachine((answer) => applyBot.current(answer as Bot)), []);
  const publish = useActorRef(publishMachine, { input: { botId: initialBot.id } });
  const publishStep = useSelector(publish, selectPublishStep);
  const publishing = useSelector(publish, selectIsPublishing);
  const publishFailure = useSelector(publish, selectPublishFailure);
  const publishError = useSelector(publish, selectPublishErrorMessage);

  const dispatch = (action: EditorAction): boolean => {
    const result = reduceEditor(editor, action);
    if (result.error) {
      setNotice(errorText(result.error));
      return false;
    }
    setNotice(null);
    setEditor(result.state);
    // An edit answers the last publish failure (e.g. the missing intro slide was just added).
    if (publish.getSnapshot().hasTag('failure')) publish.send({ type: 'publish.dismiss' });
    return true;
  };


  useEffect(() => {
    if (publishFailure === 'error') toast.error(t`An error occurred`);
    if (publishStep === 'published') toast.success(t`Published`);
  }, [publishFailure, publishStep, t]);

  const save = useMutation({
    mutationFn: () => saveBotContent(bot.id, editor.content),
    onSuccess: (answer) => {
      applyBot.current(answer);
      toast.success(t`Draft saved`);
    },
    onError: () => {
      toast.error(t`An error occurred`);
    },
  });

  const busy = publishing || save.isPending;
  const blocker = useBlocker({
    shouldBlockFn: () => editor.dirty && !busy,
    enableBeforeUnload: () => editor.dirty,
    withResolver: true,
  });

  const intro = editor.content.slides.find((s) => s.category === 'INTRO');
  const others = editor.content.slides.filter((s) => s.category !== 'INTRO');
  const listSearch = recallListSearch(account.publicId) ?? { ...LIST_DEFAULTS, bot_name: '' };

  const publishText: Record<typeof publishStep, string | null> = {
    idle: null,
    savingDraft: t`Saving draft…`,
    settingPublished: t`Setting status to Published…`,
    publishingRevision: t`Publishing the revision…`,
    published: t`Published.`,
    failed: null,
  };

  const chooseMedia = (media: Media) => {
    if (!chooser) return;
    if (dispatch({ type: 'slide.add', slideType: chooser, media })) setChooser(null);
  };

  return (
    <div className="page editor">
      <div className="editor-top">
        <Link className="button link" to="/dashboard/$accountSlug/vidbots" params={{ accountSlug: account.publicId }} search={listSearch}>
          <Trans>← Back to vidbots</Trans>
        </Link>
        <div className="editor-title">
          <h1>{bot.name}</h1>
          <VersionBadge revNumber={bot.revNumber} revisionStatus={bot.revisionStatus} />
          {editor.dirty && <span className="badge badge-warning">{t`Unsaved changes`}</span>}
        </div>
        <div className="editor-actions">
          <Link className="button" to="/preview/$id" params={{ id: String(bot.id) }} search={{ preview: true }} target="_blank" rel="noopener">
            <Trans>Preview</Trans>
          </Link>
          <button type="button" className="button" disabled={!canEdit || busy || !editor.dirty} onClick={() => save.mutate()}>
            {save.isPending ? <Trans>Saving…</Trans> : <Trans>Save draft</Trans>}
          </button>
          <button
            type="button"
            className="button primary"
            disabled={!canEdit || busy || bot.status === 'Deactivated'}
            onClick={() => publish.send({ type: 'revision.publish', status: bot.status, content: editor.content })}
          >
            {publishing ? <Trans>Publishing…</Trans> : <Trans>Publish</Trans>}
          </button>
        </div>
      </div>

      <div aria-live="polite" className="live-region">
        {publishText[publishStep] && <p className="status-line">{publishText[publishStep]}</p>}
      </div>
      {publishFailure === 'noSlidesPublish' && (
        <div className="alert alert-error" role="alert">
          <Trans>A vidbot needs an intro slide before it can be published.</Trans>{' '}
          <button type="button" className="button link" onClick={() => publish.send({ type: 'publish.dismiss' })}>
            <Trans>Dismiss</Trans>
          </button>
        </div>
      )}
      {publishFailure === 'error' && (
        <div className="alert alert-error" role="alert">
          <Trans>Publishing failed: {publishError}</Trans>{' '}
          <button type="button" className="button link" onClick={() => publish.send({ type: 'publish.dismiss' })}>
            <Trans>Dismiss</Trans>
          </button>
        </div>
      )}
      {!canEdit && (
        <p className="alert alert-error" role="note">
          <Trans>Editing is restricted to account owners, admins or the author.</Trans>
        </p>
      )}
      {bot.status === 'Deactivated' && (
        <p className="alert alert-warning" role="note">
          <Trans>This vidbot is deactivated.</Trans>
        </p>
      )}
      {notice && (
        <p className="alert alert-warning" role="alert">
          {notice}
        </p>
      )}

      <fieldset className="editor-content" disabled={!canEdit || busy}>
        <legend className="visually-hidden">{t`Content`}</legend>
        <div className="add-slide-bar">
          <button type="button" className="button" onClick={() => setChooser('VIDEO')}>
            <Trans>Add video slide</Trans>
          </button>
          <button type="button" className="button" onClick={() => setChooser('IMAGE')}>
            <Trans>Add image slide</Trans>
          </button>
        </div>

        <section aria-labelledby="intro-heading" className="slide-section">
          <h2 id="intro-heading">
            <Trans>Intro</Trans>
          </h2>
          {intro ? (
            <ul className="slide-grid">
              <SlideCard slide={intro} slides={editor.content.slides} dispatch={dispatch} onAddButton={setButtonFor} />
            </ul>
          ) : (
            <p className="muted">
              <Trans>No intro slide yet. The first slide you add becomes the intro; a vidbot needs one to be published.</Trans>
            </p>
          )}
        </section>

        <section aria-labelledby="slides-heading" className="slide-section">
          <h2 id="slides-heading">
            <Trans>Slides</Trans>
          </h2>
          {others.length === 0 ? (
            <p className="muted">
              <Trans>No other slides yet.</Trans>
            </p>
          ) : (
            <ul className="slide-grid">
              {others.map((slide) => (
                <SlideCard key={slide.id} slide={slide} slides={editor.content.slides} dispatch={dispatch} onAddButton={setButtonFor} />
              ))}
            </ul>
          )}
        </section>
      </fieldset>
      <GraphPanel content={editor.content} accountSlug={account.publicId} botId={bot.id} />

      <MediaChooser
        open={chooser !== null}
        mode={chooser ?? 'VIDEO'}
        accountId={account.id}
        canUpload={canEdit && account.role !== 'Viewer'}
        onChoose={chooseMedia}
        onClose={() => setChooser(null)}
      />
      <AddButtonDialog
        slide={buttonFor}
        slides={editor.content.slides}
        onClose={() => setButtonFor(null)}
        onAdd={(name, targetId) => {
          if (buttonFor && dispatch({ type: 'button.add', slideId: buttonFor.id, name, targetId })) setButtonFor(null);
        }}
      />
      <Dialog open={blocker.status === 'blocked'} title={t`Unsaved changes`} onClose={() => blocker.reset?.()}>
        <p>
          <Trans>You have unsaved changes. Save them as a draft before leaving?</Trans>
        </p>
        <div className="actions end">
          <button type="button" className="button" onClick={() => blocker.reset?.()}>
            <Trans>Stay</Trans>
          </button>
          <button type="button" className="button" onClick={() => blocker.proceed?.()}>
            <Trans>Exit without saving</Trans>
          </button>
          <button
            type="button"
            className="button primary"
            data-autofocus
            onClick={() =>
              void save
                .mutateAsync()
                .then(() => blocker.proceed?.())
                .catch(() => blocker.reset?.())
            }
          >
            <Trans>Save and exit</Trans>
          </button>
        </div>
      </Dialog>
    </div>
  );
}

function SlideCard({
  slide,
  slides,
  dispatch,
  onAddButton,
}: {
  slide: Slide;
  slides: Slide[];
  dispatch: (action: EditorAction) => boolean;
  onAddButton: (slide: Slide) => void;
}) {
  const { t } = useLingui();
  const headingId = useId();
  const thumb = slide.posterUrl ?? slide.imageUrl ?? null;
  const nameOf = (id: number | null) => slides.find((s) => s.id === id)?.name ?? t`(deleted slide)`;
  return (
    <li className="slide-card" aria-labelledby={headingId}>
      <div className="slide-thumb">
        {thumb ? <img src={thumb} alt="" loading="lazy" /> : <span aria-hidden="true">{slide.type === 'VIDEO' ? '▶' : '▣'}</span>}
        <span className="badge slide-type">{slide.type === 'VIDEO' ? t`Video` : t`Image`}</span>
      </div>
      <div className="slide-body">
        <h3 id={headingId}>
          {slide.name} <span className="muted slide-id">#{slide.id}</span>
        </h3>
        {slide.options.length > 0 ? (
          <ul className="button-list" aria-label={t`Buttons of ${slide.name}`}>
            {slide.options.map((o) => (
              <li key={o.id}>
                <span className="chip">{o.name}</span>
                <span className="muted"> → {o.type === 'SLIDE' ? nameOf(o.targetId) : o.type}</span>
                <button
                  type="button"
                  className="button link danger"
                  aria-label={t`Delete button ${o.name}`}
                  onClick={() => dispatch({ type: 'button.delete', slideId: slide.id, optionId: o.id })}
                >
                  <Trans>Delete</Trans>
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted small">
            <Trans>No buttons.</Trans>
          </p>
        )}
        <div className="slide-actions">
          <button type="button" className="button small" onClick={() => onAddButton(slide)} aria-label={t`Add button to ${slide.name}`}>
            <Trans>Add button</Trans>
          </button>
          {slide.category !== 'INTRO' && (
            <>
              <button
                type="button"
                className="button small"
                onClick={() => dispatch({ type: 'slide.setIntro', slideId: slide.id })}
                aria-label={t`Set ${slide.name} as intro`}
              >
                <Trans>Set as intro</Trans>
              </button>
              <button
                type="button"
                className="button small danger"
                onClick={() => dispatch({ type: 'slide.delete', slideId: slide.id })}
                aria-label={t`Delete slide ${slide.name}`}
              >
                <Trans>Delete slide</Trans>
              </button>
            </>
          )}
        </div>
      </div>
    </li>
  );
}

function AddButtonDialog({
  slide,
  slides,
  onClose,
  onAdd,
}: {
  slide: Slide | null;
  slides: Slide[];
  onClose: () => void;
  onAdd: (name: string, targetId: number | null) => void;
}) {
  const { t } = useLingui();
  return (
    <Dialog open={slide !== null} onClose={onClose} title={slide ? t`Add a button to ${slide.name}` : ''}>
      {slide && <AddButtonForm slide={slide} slides={slides} onClose={onClose} onAdd={onAdd} />}
    </Dialog>
  );
}

function AddButtonForm({
  slide,
  slides,
  onClose,
  onAdd,
}: {
  slide: Slide;
  slides: Slide[];
  onClose: () => void;
  onAdd: (name: string, targetId: number | null) => void;
}) {
  const { t } = useLingui();
  const targetId = useId();
  const nameId = useId();
  const targets = slides.filter((s) => s.id !== slide.id);
  const [target, setTarget] = useState<number | null>(null);
  const [name, setName] = useState('');
  const [nameEdited, setNameEdited] = useState(false);
  const valid = target !== null && name.trim() !== '';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (valid) onAdd(name, target);
  };

  return (
    <form onSubmit={submit} noValidate>
      {targets.length === 0 ? (
        <p className="alert alert-warning">
          <Trans>Add another slide first: a button links to a slide.</Trans>
        </p>
      ) : (
        <>
          <div className="field">
            <label htmlFor={targetId}>
              <Trans>Link to slide</Trans>
            </label>
            <select
              id={targetId}
              data-autofocus
              required
              value={target ?? ''}
              onChange={(e) => {
                const id = e.target.value ? Number(e.target.value) : null;
                setTarget(id);
                // Spec 001 §5: the name auto-fills from the target's name.
                if (!nameEdited) setName(slides.find((s) => s.id === id)?.name ?? '');
              }}
            >
              <option value="">{t`Choose a slide`}</option>
              {targets.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={nameId}>
              <Trans>Button name</Trans>
            </label>
            <input
              id={nameId}
              required
              maxLength={255}
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                setNameEdited(true);
              }}
            />
          </div>
        </>
      )}
      <div className="actions end">
        <button type="button" className="button" onClick={onClose}>
          <Trans>Cancel</Trans>
        </button>
        <button type="submit" className="button primary" disabled={!valid}>
          <Trans>Add button</Trans>
        </button>
      </div>
    </form>
  );
}
