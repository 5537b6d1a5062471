/**
 * The content tab of the vidbot editor (spec 001 §2 editor "Content", §4 "Slides and actions"):
 * the Intro section and the Slides section as slide cards, bound to `useEditor()`.
 *
 * - "Add video slide" / "Add image slide" open the media chooser; the first slide becomes the intro.
 * - A slide card: its buttons, "Add button" (name + target slide, type SLIDE), "Set as intro",
 *   "Delete slide" (not for the intro: cannotDeleteIntroSlide).
 * - Edits are pure functions of the draft (editor.reducer.ts until machines/editor/content.ops.ts
 *   replaces it) applied with `change(next)`; read-only disables every control (spec 001 §6).
 */
import { useId, useState, type FormEvent } from 'react';
import '../vidbots.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { MediaChooser } from '../../media/MediaChooser';
import type { Media } from '../../media/media.types';
import { Dialog } from '../../../ui/Dialog';
import { reduceEditor, type EditorAction, type EditorError } from '../editor.reducer';
import type { Slide } from '../vidbot.types';
import { useEditor } from './editorContext';

/** The content tab (route `vidbots.$id.index.tsx`). */
export function ContentTab() {
  const { t } = useLingui();
  const { account, content, readOnly, change } = useEditor();
  const [chooser, setChooser] = useState<'VIDEO' | 'IMAGE' | null>(null);
  const [buttonFor, setButtonFor] = useState<Slide | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const errorText = (error: EditorError) =>
    ({
      cannotDeleteIntroSlide: t`The intro slide cannot be deleted.`,
      buttonNameRequired: t`A button needs a name.`,
      buttonTargetRequired: t`A button needs a target slide.`,
      unknownSlide: t`That slide no longer exists.`,
    })[error];

  const dispatch = (action: EditorAction): boolean => {
    const result = reduceEditor({ content, dirty: false }, action);
    if (result.error) {
      setNotice(errorText(result.error));
      return false;
    }
    setNotice(null);
    change(result.state.content);
    return true;
  };

  const intro = content.slides.find((s) => s.category === 'INTRO');
  const others = content.slides.filter((s) => s.category !== 'INTRO');

  const chooseMedia = (media: Media) => {
    if (!chooser) return;
    if (dispatch({ type: 'slide.add', slideType: chooser, media })) setChooser(null);
  };

  return (
    <>
      {notice && (
        <p className="alert alert-warning" role="alert">
          {notice}
        </p>
      )}
      <fieldset className="editor-content" disabled={readOnly}>
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
              <SlideCard slide={intro} slides={content.slides} dispatch={dispatch} onAddButton={setButtonFor} />
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
                <SlideCard key={slide.id} slide={slide} slides={content.slides} dispatch={dispatch} onAddButton={setButtonFor} />
              ))}
            </ul>
          )}
        </section>
      </fieldset>

      <MediaChooser
        open={chooser !== null}
        mode={chooser ?? 'VIDEO'}
        accountId={account.id}
        canUpload={!readOnly && account.role !== 'Viewer'}
        onChoose={chooseMedia}
        onClose={() => setChooser(null)}
      />
      <AddButtonDialog
        slide={buttonFor}
        slides={content.slides}
        onClose={() => setButtonFor(null)}
        onAdd={(name, targetId) => {
          if (buttonFor && dispatch({ type: 'button.add', slideId: buttonFor.id, name, targetId })) setButtonFor(null);
        }}
      />
    </>
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
