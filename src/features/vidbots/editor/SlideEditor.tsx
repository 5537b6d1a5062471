/**
 * The slide editor (spec 001 §2 "Slide editor", "Media chooser"; §3 Slide, Slide option; §4 "Slides
 * and actions", "Editor saves"; §5 Slide and Button; issue 11 "Slide editor"), route
 * `vidbots/{id}/slide/{slideId}` (`slide/new?type=VIDEO|IMAGE` for a new slide).
 *
 * - Video or image (a type switch; the media from the MediaChooser, where uploading works too), a
 *   preview of it, name (required), description, caption-language override for video slides (a
 *   toggle; off → language null; the video's subtitle languages, else every subtitle language), image
 *   animation for image slides (none / PAN / ZOOM_OUT, duration in seconds — required, placeholder 8 —
 *   and repeat). Field state is TanStack Form validated with the valibot schema of slideForm.ts.
 * - The buttons table (ButtonsTable.tsx: drag and keyboard reorder) with add / edit (ButtonEditor.tsx)
 *   / delete. Button edits stay in the slide editor until Save, like the fields.
 * - Footer: Delete (the intro is refused with cannotDeleteIntroSlide; a confirmation lists the slides
 *   and actions pointing at the slide), Duplicate (opens the copy), Copy to another bot (the clipboard
 *   of machines/editor/clipboard.ts in localStorage, then a toast saying to paste in the other bot),
 *   Save — enabled only when the slide changed or is new (§4) — which applies the edit with
 *   `change(next)` (content.ops addSlide / updateSlide) and returns to the content tab. Duplicate and
 *   copy work on the slide as the draft has it, so they wait until unsaved edits are saved.
 * - Leaving with unsaved slide edits (another tab, Back, a link) asks: stay or discard (TanStack
 *   `useBlocker`; Save, Delete, Duplicate and Cancel leave on purpose).
 * - Focus moves to the heading on open and back to the slide's card on return (editorFocus.ts).
 * - Read-only (`useEditor().readOnly`, spec 001 §6 / view published): everything shown, nothing editable
 *   (copying to another bot stays possible: it changes nothing here).
 */
import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import * as v from 'valibot';
import { useForm, useStore } from '@tanstack/react-form';
import { useBlocker, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import '../vidbots.css';
import './slideEditor.css';
import { toast } from '../../../ui/toast';
import { Dialog } from '../../../ui/Dialog';
import {
  actionsPointingAt,
  addButton,
  addSlide,
  deleteButton,
  deleteSlide,
  duplicateSlide,
  moveButton,
  nextContentId,
  slidesPointingAt,
  targetOf,
  updateButton,
  updateSlide,
  type OpsError,
  type PointingAction,
  type PointingSlide,
} from '../../../../machines/editor/content.ops';
import { CONTENT_LIMITS } from '../../../../server/src/modules/bot/content.limits';
import type { BotContent, Slide } from '../vidbot.types';
import { useEditor } from './editorContext';
import { focusCardWhenShown } from './editorFocus';
import { useActionGroupLabel } from './actionGroupLabel';
import { buttonTargets, type ButtonFields } from './buttonForm';
import {
  ANIMATION_DURATION_PLACEHOLDER,
  captionLanguageCodes,
  mediaChoiceOf,
  slideChanged,
  slideFields,
  slideFormSchema,
  slideFormValues,
  slideNameFromMedia,
  type AnimationType,
  type EditableButton,
  type EditableSlide,
  type SlideType,
} from './slideForm';

// Loaded when needed (the route's size budget, scripts/size-budget.mjs): the buttons table with
// dnd-kit, the media chooser (on first open), the subtitle language names (when the caption override is
// on) and the clipboard (on Copy).
// The button editor dialog loads on first use (keeps the slide editor route under its size budget).
const ButtonEditor = lazy(() => import('./ButtonEditor').then((m) => ({ default: m.ButtonEditor })));
const ButtonsTable = lazy(() => import('./ButtonsTable').then((m) => ({ default: m.ButtonsTable })));
const MediaChooser = lazy(() => import('../../media/MediaChooser').then((m) => ({ default: m.MediaChooser })));
type LanguagesModule = typeof import('../../media/library/languages');

/** The subtitle-languages module once `enabled` has been true (null until loaded). */
function useLanguagesModule(enabled: boolean): LanguagesModule | null {
  const [module, setModule] = useState<LanguagesModule | null>(null);
  useEffect(() => {
    if (enabled && !module) void import('../../media/library/languages').then(setModule);
  }, [enabled, module]);
  return module;
}

export interface SlideEditorProps {
  /** The route's `$slideId`: a slide id, or `new`. */
  slideParam: string;
  /** The type of a new slide (`?type=`). */
  newType: SlideType;
}

/** The slide editor of the route `vidbots.$id.slide.$slideId.tsx`. */
export function SlideEditor({ slideParam, newType }: SlideEditorProps) {
  const { content } = useEditor();
  const isNew = slideParam === 'new';
  const original = isNew ? undefined : (content.slides.find((s) => String(s.id) === slideParam) as EditableSlide | undefined);
  const backToContent = useBackToContent();
  if (!isNew && !original) {
    return (
      <section className="sub-editor" aria-labelledby="slide-missing">
        <h2 id="slide-missing">
          <Trans>Slide not found</Trans>
        </h2>
        <p>
          <Trans>This vidbot has no slide {slideParam}. It may have been deleted.</Trans>
        </p>
        <button type="button" className="button" onClick={() => backToContent(null)}>
          <Trans>Back to content</Trans>
        </button>
      </section>
    );
  }
  return <SlideEditorForm key={slideParam} original={original} newType={newType} />;
}

/** Navigates to the content tab and then focuses the card of `slideId` (null: the slide is gone). */
function useBackToContent() {
  const { account, bot } = useEditor();
  const navigate = useNavigate();
  return (slideId: number | null) => {
    void navigate({
      to: '/dashboard/$accountSlug/vidbots/$id',
      params: { accountSlug: account.publicId, id: String(bot.id) },
    }).then(() => focusCardWhenShown({ segment: 'slide', id: slideId }));
  };
}

function SlideEditorForm({ original, newType }: { original: EditableSlide | undefined; newType: SlideType }) {
  const { t, i18n } = useLingui();
  const { account, bot, content, readOnly, change } = useEditor();
  const navigate = useNavigate();
  const goToContent = useBackToContent();
  const leaving = useRef(false);
  const backToContent = (slideId: number | null) => {
    leaving.current = true;
    goToContent(slideId);
  };
  const groupLabel = useActionGroupLabel();
  const isNew = original === undefined;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const ids = {
    heading: useId(),
    type: useId(),
    name: useId(),
    description: useId(),
    language: useId(),
    animation: useId(),
    duration: useId(),
    media: useId(),
  };
  const [initialOptions] = useState<EditableButton[]>(() => original?.options ?? []);
  const [options, setOptions] = useState<EditableButton[]>(initialOptions);
  const [chooserOpen, setChooserOpen] = useState(false);
  // Mounted from its first opening on, so that closing it returns focus to its opener.
  const [chooserMounted, setChooserMounted] = useState(false);
  const [buttonDialog, setButtonDialog] = useState<{
    button?: EditableButton;
  } | null>(null);
  const [pendingDelete, setPendingDelete] = useState<{
    slides: PointingSlide[];
    actions: PointingAction[];
  } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  // Spec: focus moves to the editor's heading when it opens.
  useEffect(() => headingRef.current?.focus(), []);

  const { slides: maxSlides, actions: maxActions, optionsPerSlide: maxButtons } = CONTENT_LIMITS;
  const opsErrorText = (error: OpsError): string =>
    ({
      cannotDeleteIntroSlide: t`The intro slide cannot be deleted.`,
      unknownSlide: t`That slide no longer exists.`,
      unknownAction: t`That action no longer exists.`,
      unknownButton: t`That button no longer exists.`,
      buttonTargetRequired: t`Choose what the button links to.`,
      buttonNameRequired: t`A button needs a name.`,
      unknownTarget: t`The button’s target no longer exists.`,
      nameRequired: t`Name is required.`,
      tooManySlides: t`A vidbot can have at most ${maxSlides} slides.`,
      tooManyActions: t`A vidbot can have at most ${maxActions} actions.`,
      tooManyButtons: t`A slide can have at most ${maxButtons} buttons.`,
      unknownSlideReference: t`The slide this action goes to no longer exists.`,
    })[error];

  const schema = useMemo(
    () =>
      slideFormSchema({
        nameRequired: t`Name is required.`,
        nameTooLong: t`The name can be at most 255 characters.`,
        descriptionTooLong: t`The description can be at most 5000 characters.`,
        mediaRequired: t`Choose a video or an image.`,
        languageRequired: t`Choose the caption language.`,
        durationRequired: t`Animation duration is required.`,
        durationInvalid: t`The duration is a number of seconds, 0 or more.`,
      }),
    [t],
  );
  const [initialValues] = useState(() => slideFormValues(original, newType));
  const form = useForm({
    defaultValues: initialValues,
    validators: { onChange: schema, onSubmit: schema },
    onSubmit: ({ value }) => save(slideFields(value, options, original)),
  });
  const values = useStore(form.store, (s) => s.values);
  const valid = v.is(schema, values);
  const fields = valid ? slideFields(values, options, original) : null;
  // Touched at all (also while invalid): anything differs from what the editor opened with.
  const touched = options !== initialOptions || JSON.stringify(values) !== JSON.stringify(initialValues);
  // §4: a new slide may always be saved (once valid); a stored one only when its stored fields change.
  const changed = isNew || (fields ? slideChanged(original, fields) : touched);
  const canSave = !readOnly && valid && changed;
  // Edits that leaving would lose (a new slide counts once anything was chosen or typed).
  const unsaved = !readOnly && (isNew ? touched : changed);

  // Leaving with unsaved slide edits asks first (Save, Delete, Duplicate and Cancel leave on purpose).
  const unsavedRef = useRef(unsaved);
  unsavedRef.current = unsaved;
  const mayLeave = useCallback(() => unsavedRef.current && !leaving.current, []);
  const blocker = useBlocker({
    shouldBlockFn: mayLeave,
    enableBeforeUnload: mayLeave,
    withResolver: true,
  });

  // The draft with this slide as edited (a new slide gets the id it will have), for the button rules.
  const workId = original?.id ?? nextContentId(content);
  const work = useMemo((): BotContent => {
    const self = {
      ...(original ?? { id: workId, category: 'SLIDE' as const, name: '' }),
      type: values.type,
      options,
    } as Slide;
    return {
      ...content,
      slides: original ? content.slides.map((s) => (s.id === workId ? self : s)) : [...content.slides, self],
    };
  }, [content, original, workId, values.type, options]);
  const groups = useMemo(() => buttonTargets(work.slides, work.actions ?? [], workId), [work, workId]);

  const applyButtons = (result: { content?: BotContent; error?: OpsError }): boolean => {
    if (result.error !== undefined || !result.content) {
      setNotice(opsErrorText(result.error ?? 'unknownSlide'));
      return false;
    }
    setNotice(null);
    setOptions((result.content.slides.find((s) => s.id === workId)?.options ?? []) as EditableButton[]);
    return true;
  };
  const saveButton = (buttonFields: ButtonFields) => {
    const editing = buttonDialog?.button;
    const result = editing ? updateButton(work, workId, editing.id, buttonFields) : addButton(work, workId, buttonFields);
    if (applyButtons(result)) setButtonDialog(null);
  };

  const save = (next: ReturnType<typeof slideFields>) => {
    if (readOnly) return;
    if (original) {
      const result = updateSlide(content, original.id, next);
      if (result.error !== undefined) return setNotice(opsErrorText(result.error));
      change(result.content);
      backToContent(original.id);
    } else {
      const result = addSlide(content, next);
      if (result.error !== undefined) return setNotice(opsErrorText(result.error));
      change(result.content);
      backToContent(result.slideId);
    }
  };

  const requestDelete = () => {
    if (!original) return;
    if (original.category === 'INTRO') {
      setNotice(opsErrorText('cannotDeleteIntroSlide'));
      return;
    }
    const slides = slidesPointingAt(content, {
      kind: 'slide',
      id: original.id,
    }).filter((s) => s.id !== original.id);
    const actions = actionsPointingAt(content.actions ?? [], new Set([original.id]));
    if (slides.length > 0 || actions.length > 0) setPendingDelete({ slides, actions });
    else confirmDelete();
  };
  const confirmDelete = () => {
    if (!original) return;
    const result = deleteSlide(content, original.id);
    setPendingDelete(null);
    if (result.error !== undefined) {
      setNotice(opsErrorText(result.error));
      return;
    }
    change(result.content);
    toast.success(t`Slide deleted.`);
    backToContent(null);
  };
  const duplicate = () => {
    if (!original) return;
    const result = duplicateSlide(content, original.id);
    if (result.error !== undefined) {
      setNotice(opsErrorText(result.error));
      return;
    }
    change(result.content);
    toast.success(t`Slide duplicated. You are now editing the copy.`);
    leaving.current = true;
    void navigate({
      to: '/dashboard/$accountSlug/vidbots/$id/slide/$slideId',
      params: {
        accountSlug: account.publicId,
        id: String(bot.id),
        slideId: String(result.slideId),
      },
    });
  };
  const copyToAnotherBot = async () => {
    if (!original) return;
    const { copySlide, writeClipboard } = await import('../../../../machines/editor/clipboard');
    const result = copySlide(content, original.id, {
      id: bot.id,
      name: bot.name,
    });
    if (result.error !== undefined) {
      setNotice(opsErrorText(result.error));
      return;
    }
    const slideName = original.name;
    if (writeClipboard(window.localStorage, result.clipboard)) toast.success(t`Slide “${slideName}” copied. Open another vidbot and paste it there.`);
    else toast.error(t`The slide could not be copied: the browser did not let it be stored.`);
  };

  const targetNameOf = (button: EditableButton): string | null => {
    const target = targetOf(work, button);
    return target ? (target.kind === 'slide' ? target.slide.name : target.action.name) : null;
  };
  const targetKindOf = (button: EditableButton): string => (button.type === 'SLIDE' ? t`Slide` : groupLabel(button.type));
  const otherListener = options.find((o) => o.videoEndListener && o.id !== buttonDialog?.button?.id)?.name;

  const languages = useLanguagesModule(values.type === 'VIDEO' && values.languageOverride);
  const allLanguages = useMemo(() => languages?.subtitleLanguages(i18n.locale) ?? [], [languages, i18n.locale]);
  const languageCodes = captionLanguageCodes(
    values.media,
    allLanguages.map((l) => l.code),
    values.language,
  );
  const languageName = (code: string) => languages?.subtitleLanguageName(code, i18n.locale) ?? code;
  const media = values.media;
  const typeLabel = values.type === 'VIDEO' ? t`Video` : t`Image`;
  const heading = isNew ? (values.type === 'VIDEO' ? t`New video slide` : t`New image slide`) : t`Edit slide “${original.name}”`;

  return (
    <section className="sub-editor slide-editor" aria-labelledby={ids.heading}>
      <div className="sub-editor-header">
        <h2 id={ids.heading} ref={headingRef} tabIndex={-1}>
          {heading}
        </h2>
        {original?.category === 'INTRO' && (
          <span className="badge badge-success">
            <Trans>Intro</Trans>
          </span>
        )}
        <button type="button" className="button link" onClick={() => backToContent(original?.id ?? null)}>
          <Trans>Back to content</Trans>
        </button>
      </div>
      {notice && (
        <p className="alert alert-warning" role="alert">
          {notice}
        </p>
      )}
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (canSave) void form.handleSubmit();
        }}
      >
        <fieldset className="sub-editor-body" disabled={readOnly}>
          <legend className="visually-hidden">{heading}</legend>
          <div className="slide-editor-grid">
            <div className="slide-editor-media">
              <form.Field name="type">
                {(field) => (
                  <fieldset className="field choice-group inline-choices">
                    <legend>
                      <Trans>Slide type</Trans>
                    </legend>
                    {(['VIDEO', 'IMAGE'] as const).map((type) => (
                      <label key={type} className="checkbox-field">
                        <input
                          type="radio"
                          name={ids.type}
                          checked={field.state.value === type}
                          onChange={() => {
                            field.handleChange(type);
                            // The chosen media belongs to the other type.
                            form.setFieldValue('media', null);
                          }}
                        />
                        {type === 'VIDEO' ? <Trans>Video</Trans> : <Trans>Image</Trans>}
                      </label>
                    ))}
                  </fieldset>
                )}
              </form.Field>
              <form.Field name="media">
                {(field) => (
                  <div className="field" id={ids.media}>
                    <span className="field-label">{values.type === 'VIDEO' ? <Trans>Video</Trans> : <Trans>Image</Trans>}</span>
                    <MediaPreview
                      media={media}
                      type={values.type}
                      name={values.name}
                      animation={values.animationType}
                      duration={values.animationDuration}
                      repeat={values.animationRepeat}
                    />
                    <p className="muted small">
                      {media ? (
                        <>
                          {typeLabel}: {media.name || `#${media.id}`}
                        </>
                      ) : values.type === 'VIDEO' ? (
                        <Trans>No video chosen yet.</Trans>
                      ) : (
                        <Trans>No image chosen yet.</Trans>
                      )}
                    </p>
                    <button
                      type="button"
                      className="button"
                      onClick={() => {
                        setChooserMounted(true);
                        setChooserOpen(true);
                      }}
                      onBlur={field.handleBlur}
                    >
                      {media ? (
                        values.type === 'VIDEO' ? (
                          <Trans>Change video</Trans>
                        ) : (
                          <Trans>Change image</Trans>
                        )
                      ) : values.type === 'VIDEO' ? (
                        <Trans>Choose video</Trans>
                      ) : (
                        <Trans>Choose image</Trans>
                      )}
                    </button>
                  </div>
                )}
              </form.Field>
            </div>

            <div className="slide-editor-fields">
              <form.Field name="name">
                {(field) => {
                  const error = field.state.meta.isTouched ? field.state.meta.errors[0]?.message : undefined;
                  return (
                    <div className="field">
                      <label htmlFor={ids.name}>
                        <Trans>Name</Trans>
                      </label>
                      <input
                        id={ids.name}
                        required
                        maxLength={255}
                        value={field.state.value}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `${ids.name}-error` : undefined}
                        onBlur={field.handleBlur}
                        onChange={(e) => field.handleChange(e.target.value)}
                      />
                      {error && (
                        <p id={`${ids.name}-error`} className="field-error">
                          {error}
                        </p>
                      )}
                    </div>
                  );
                }}
              </form.Field>
              <form.Field name="description">
                {(field) => {
                  const error = field.state.meta.isTouched ? field.state.meta.errors[0]?.message : undefined;
                  return (
                    <div className="field">
                      <label htmlFor={ids.description}>
                        <Trans>Description</Trans>
                      </label>
                      <textarea
                        id={ids.description}
                        rows={3}
                        maxLength={5000}
                        value={field.state.value}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `${ids.description}-error` : undefined}
                        onBlur={field.handleBlur}
                        onChange={(e) => field.handleChange(e.target.value)}
                      />
                      {error && (
                        <p id={`${ids.description}-error`} className="field-error">
                          {error}
                        </p>
                      )}
                    </div>
                  );
                }}
              </form.Field>

              {values.type === 'VIDEO' && (
                <fieldset className="form-subsection">
                  <legend>
                    <Trans>Captions</Trans>
                  </legend>
                  <form.Field name="languageOverride">
                    {(field) => (
                      <label className="checkbox-field">
                        <input
                          type="checkbox"
                          checked={field.state.value}
                          onChange={(e) => {
                            field.handleChange(e.target.checked);
                            if (!e.target.checked) form.setFieldValue('language', '');
                          }}
                        />
                        <Trans>Use a caption language of its own for this slide</Trans>
                      </label>
                    )}
                  </form.Field>
                  {values.languageOverride && (
                    <form.Field name="language">
                      {(field) => {
                        const error = field.state.meta.isTouched ? field.state.meta.errors[0]?.message : undefined;
                        return (
                          <div className="field">
                            <label htmlFor={ids.language}>
                              <Trans>Caption language</Trans>
                            </label>
                            <select
                              id={ids.language}
                              value={field.state.value}
                              aria-invalid={error ? true : undefined}
                              aria-describedby={error ? `${ids.language}-error` : `${ids.language}-hint`}
                              onBlur={field.handleBlur}
                              onChange={(e) => field.handleChange(e.target.value)}
                            >
                              <option value="">{t`Choose a language`}</option>
                              {languageCodes.map((code) => (
                                <option key={code} value={code}>
                                  {languageName(code)} ({code})
                                </option>
                              ))}
                            </select>
                            {error ? (
                              <p id={`${ids.language}-error`} className="field-error">
                                {error}
                              </p>
                            ) : (
                              <p id={`${ids.language}-hint`} className="field-hint muted small">
                                {(media?.captionLanguages.length ?? 0) > 0 ? (
                                  <Trans>The languages of this video’s subtitles.</Trans>
                                ) : (
                                  <Trans>This video has no subtitles yet; any subtitle language can be chosen.</Trans>
                                )}
                              </p>
                            )}
                          </div>
                        );
                      }}
                    </form.Field>
                  )}
                </fieldset>
              )}

              {values.type === 'IMAGE' && (
                <fieldset className="form-subsection">
                  <legend>
                    <Trans>Image animation</Trans>
                  </legend>
                  <form.Field name="animationType">
                    {(field) => (
                      <div className="field">
                        <label htmlFor={ids.animation}>
                          <Trans>Animation</Trans>
                        </label>
                        <select id={ids.animation} value={field.state.value} onChange={(e) => field.handleChange(e.target.value as AnimationType | '')}>
                          <option value="">{t`No animation`}</option>
                          <option value="PAN">{t`Pan`}</option>
                          <option value="ZOOM_OUT">{t`Zoom out`}</option>
                        </select>
                      </div>
                    )}
                  </form.Field>
                  {values.animationType !== '' && (
                    <>
                      <form.Field name="animationDuration">
                        {(field) => {
                          const error = field.state.meta.isTouched ? field.state.meta.errors[0]?.message : undefined;
                          return (
                            <div className="field">
                              <label htmlFor={ids.duration}>
                                <Trans>Duration (seconds)</Trans>
                              </label>
                              <input
                                id={ids.duration}
                                type="number"
                                inputMode="decimal"
                                min={0}
                                step="any"
                                required
                                placeholder={String(ANIMATION_DURATION_PLACEHOLDER)}
                                value={field.state.value}
                                aria-invalid={error ? true : undefined}
                                aria-describedby={error ? `${ids.duration}-error` : undefined}
                                onBlur={field.handleBlur}
                                onChange={(e) => field.handleChange(e.target.value)}
                              />
                              {error && (
                                <p id={`${ids.duration}-error`} className="field-error">
                                  {error}
                                </p>
                              )}
                            </div>
                          );
                        }}
                      </form.Field>
                      <form.Field name="animationRepeat">
                        {(field) => (
                          <label className="checkbox-field">
                            <input type="checkbox" checked={field.state.value} onChange={(e) => field.handleChange(e.target.checked)} />
                            <Trans>Repeat the animation</Trans>
                          </label>
                        )}
                      </form.Field>
                    </>
                  )}
                </fieldset>
              )}
            </div>
          </div>

          <section className="form-subsection" aria-labelledby={`${ids.heading}-buttons`}>
            <div className="sub-editor-header">
              <h3 id={`${ids.heading}-buttons`}>
                <Trans>Buttons</Trans>
              </h3>
              {!readOnly && (
                <button type="button" className="button small" onClick={() => setButtonDialog({})}>
                  <Trans>Add button</Trans>
                </button>
              )}
            </div>
            <Suspense
              fallback={
                <p role="status">
                  <Trans>Loading…</Trans>
                </p>
              }
            >
              <ButtonsTable
                buttons={options}
                targetName={targetNameOf}
                targetKind={targetKindOf}
                readOnly={readOnly}
                onMove={(buttonId, index) => applyButtons(moveButton(work, workId, buttonId, index))}
                onEdit={(button) => setButtonDialog({ button })}
                onDelete={(button) => applyButtons(deleteButton(work, workId, button.id))}
              />
            </Suspense>
          </section>
        </fieldset>

        <div className="sub-editor-footer">
          {!isNew && (
            <>
              <button type="button" className="button danger" disabled={readOnly} onClick={requestDelete}>
                <Trans>Delete</Trans>
              </button>
              <button
                type="button"
                className="button"
                disabled={readOnly || changed}
                aria-describedby={changed && !readOnly ? `${ids.heading}-unsaved` : undefined}
                onClick={duplicate}
              >
                <Trans>Duplicate</Trans>
              </button>
              <button
                type="button"
                className="button"
                disabled={changed && !readOnly}
                aria-describedby={changed && !readOnly ? `${ids.heading}-unsaved` : undefined}
                onClick={() => void copyToAnotherBot()}
              >
                <Trans>Copy to another bot</Trans>
              </button>
              {changed && !readOnly && (
                <span id={`${ids.heading}-unsaved`} className="muted small">
                  <Trans>Save your changes first to duplicate or copy this slide.</Trans>
                </span>
              )}
            </>
          )}
          <span className="spacer" />
          <button type="button" className="button" onClick={() => backToContent(original?.id ?? null)}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" className="button primary" disabled={!canSave}>
            <Trans>Save</Trans>
          </button>
        </div>
      </form>

      {chooserMounted && (
        <Suspense fallback={null}>
          <MediaChooser
            open={chooserOpen}
            mode={values.type}
            accountId={account.id}
            canUpload={!readOnly && account.role !== 'Viewer'}
            onChoose={(chosen) => {
              setChooserOpen(false);
              form.setFieldValue('media', mediaChoiceOf(chosen));
              if (form.getFieldValue('name').trim() === '') form.setFieldValue('name', slideNameFromMedia(chosen.name));
            }}
            onClose={() => setChooserOpen(false)}
          />
        </Suspense>
      )}
      {buttonDialog !== null && (
        <Suspense fallback={null}>
          <ButtonEditor
            open
            button={buttonDialog.button}
            slideName={values.name || heading}
            groups={groups}
            currentListener={otherListener}
            onSave={saveButton}
            onClose={() => setButtonDialog(null)}
          />
        </Suspense>
      )}
      <Dialog open={blocker.status === 'blocked'} confirm title={t`Discard the changes to this slide?`} onClose={() => blocker.reset?.()}>
        <p>
          <Trans>The changes to this slide are not in the draft yet. Save them with the slide editor’s Save, or discard them.</Trans>
        </p>
        <div className="actions end">
          <button type="button" className="button" data-autofocus onClick={() => blocker.reset?.()}>
            <Trans>Stay</Trans>
          </button>
          <button type="button" className="button danger" onClick={() => blocker.proceed?.()}>
            <Trans>Discard changes</Trans>
          </button>
        </div>
      </Dialog>
      <Dialog open={pendingDelete !== null} confirm title={t`Delete slide?`} onClose={() => setPendingDelete(null)}>
        {pendingDelete && (
          <>
            <p>
              <Trans>Other parts of this vidbot point at this slide. Deleting it removes their buttons to it:</Trans>
            </p>
            <ul className="pointing-list">
              {pendingDelete.slides.map((s) => (
                <li key={`s${s.id}`}>
                  <Trans>Slide “{s.name}”</Trans>
                </li>
              ))}
              {pendingDelete.actions.map((a) => (
                <li key={`a${a.id}`}>
                  <Trans>Action “{a.name}” (its slide link is cleared)</Trans>
                </li>
              ))}
            </ul>
            <div className="actions end">
              <button type="button" className="button" data-autofocus onClick={() => setPendingDelete(null)}>
                <Trans>Cancel</Trans>
              </button>
              <button type="button" className="button danger" onClick={confirmDelete}>
                <Trans>Delete slide</Trans>
              </button>
            </div>
          </>
        )}
      </Dialog>
    </section>
  );
}

/** The chosen video (with controls) or image (with the chosen animation) of the slide. */
function MediaPreview({
  media,
  type,
  name,
  animation,
  duration,
  repeat,
}: {
  media: ReturnType<typeof mediaChoiceOf> | null;
  type: SlideType;
  name: string;
  animation: AnimationType | '';
  duration: string;
  repeat: boolean;
}) {
  const { t } = useLingui();
  if (!media || !media.url) {
    return (
      <div className="slide-preview empty" aria-hidden="true">
        {type === 'VIDEO' ? '▶' : '▣'}
      </div>
    );
  }
  if (type === 'VIDEO') {
    return (
      <div className="slide-preview">
        <video src={media.url} poster={media.posterUrl ?? undefined} controls preload="metadata" aria-label={t`Preview of ${name}`} />
      </div>
    );
  }
  const seconds = Number(duration) > 0 ? Number(duration) : ANIMATION_DURATION_PLACEHOLDER;
  const animated = animation !== '';
  return (
    <div className="slide-preview">
      <img
        key={`${animation}-${seconds}-${repeat}`}
        src={media.url}
        alt={t`Preview of ${name}`}
        className={animated ? `animate-${animation === 'PAN' ? 'pan' : 'zoom-out'}` : undefined}
        // CSSOM, allowed by the Content Security Policy.
        style={
          animated
            ? {
                animationDuration: `${seconds}s`,
                animationIterationCount: repeat ? 'infinite' : 1,
              }
            : undefined
        }
      />
    </div>
  );
}
