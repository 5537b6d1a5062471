/**
 * What every action editor shares (spec 001 §2 "{product} editor" content sub-routes, "Form editor",
 * "Other action editors"; §4 "Editor saves"; issue 11 architecture §2):
 * - `useActionEditor(type, param, makeNew)` finds the action of the route param (`new` creates: the
 *   new action exists only in the editor until Save) and gives save / delete / duplicate, computed
 *   with machines/editor/content.ops.ts and applied with `useEditor().change`; Save and Delete
 *   return to the content tab, Duplicate opens the copy.
 * - `ActionEditorFrame` is the page: a heading that receives focus on open, the read-only fieldset
 *   (visible, not editable, spec 001 §6), the footer (Delete with a confirmation, Duplicate, an
 *   optional Preview, Save enabled only when the form is dirty or the action new, and valid).
 */
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import './actionEditors.css';
import { Link, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { addAction, deleteAction, duplicateAction, nextContentId, updateAction, type NewAction, type OpsError } from '../../../../machines/editor/content.ops';
import type { BotAction } from '../vidbot.types';
import { useEditor } from './editorContext';

/** Route segment of each action type's editor. */
export const EDITOR_SEGMENT: Record<BotAction['type'], 'form' | 'link' | 'action' | 'close-action' | 'share-media'> = {
  REGULAR_FORM: 'form',
  EXTERNAL_LINK: 'link',
  POST_MESSAGE: 'action',
  CLOSE_VIDBOT: 'close-action',
  SHARE_MEDIA: 'share-media',
};

/** What `useActionEditor` answers. */
export interface ActionEditorState<A extends BotAction> {
  /** The stored action, or the new action's starting values (id = the id it will get). */
  initial: A;
  isNew: boolean;
  /** The route names no action of this type (a deleted one, a wrong id). */
  missing: boolean;
  readOnly: boolean;
  /** Adds (new) or replaces the action with `value` (a schema output) and returns to the content tab. */
  save(value: A): void;
  /** Deletes the action (and the buttons targeting it) and returns to the content tab. */
  remove(): void;
  /** Duplicates the stored action ("(Copy)") and opens the copy's editor. */
  duplicate(): void;
  /** The last refused edit (translated), if any. */
  error: string | null;
  /** The content tab's link params. */
  backParams: { accountSlug: string; id: string };
}

/** The action editor of the route param `param` (`new` or a numeric id) for actions of `type`. */
export function useActionEditor<A extends BotAction>(type: A['type'], param: string, makeNew: (id: number) => A): ActionEditorState<A> {
  const { t } = useLingui();
  const { account, bot, content, readOnly, change } = useEditor();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const isNew = param === 'new';
  // The starting values are taken once: the draft may change under the editor (e.g. a save elsewhere).
  const [initial] = useState<A | undefined>(() =>
    isNew ? makeNew(nextContentId(content)) : (content.actions.find((a) => String(a.id) === param && a.type === type) as A | undefined),
  );
  const backParams = { accountSlug: account.publicId, id: String(bot.id) };
  const back = () => void navigate({ to: '/dashboard/$accountSlug/vidbots/$id', params: backParams });
  const errorText = (e: OpsError) =>
    ({
      nameRequired: t`Name is required.`,
      tooManyActions: t`This vidbot has the maximum number of actions.`,
      unknownAction: t`That action no longer exists.`,
    })[e as 'nameRequired'] ?? t`An error occurred`;

  return {
    initial: (initial ?? makeNew(0)) as A,
    isNew,
    missing: !initial,
    readOnly,
    error,
    backParams,
    save(value) {
      if (readOnly) return;
      const { id: _id, isNew: _isNew, ...fields } = value as A & { isNew?: boolean };
      const result = isNew ? addAction(content, fields as NewAction) : updateAction(content, value.id, fields as Partial<NewAction>);
      if (result.error !== undefined) return setError(errorText(result.error));
      change(result.content);
      back();
    },
    remove() {
      if (readOnly || isNew || !initial) return back();
      const result = deleteAction(content, initial.id);
      if (result.error !== undefined) return setError(errorText(result.error));
      change(result.content);
      back();
    },
    duplicate() {
      if (readOnly || isNew || !initial) return;
      const result = duplicateAction(content, initial.id);
      if (result.error !== undefined) return setError(errorText(result.error));
      change(result.content);
      void navigate({ to: `/dashboard/$accountSlug/vidbots/$id/${EDITOR_SEGMENT[type]}/${result.actionId}`, params: backParams });
    },
  };
}

export interface ActionEditorFrameProps {
  state: ActionEditorState<BotAction>;
  /** The page heading (e.g. "New form", "Edit external link"). */
  heading: string;
  /** Form dirty (differs from the starting values). */
  dirty: boolean;
  /** The values pass the schema. */
  valid: boolean;
  /** Called by Save (the form's submit). */
  onSave: () => void;
  /** Shows every field message (the "Show what is missing" button next to the disabled Save). */
  onShowIssues?: () => void;
  /** Shows a Preview button calling this (form editor). */
  onPreview?: () => void;
  children: ReactNode;
  /** Dialogs of the editor, rendered outside its <form> (a dialog may hold a form of its own). */
  dialogs?: ReactNode;
}

/** The page of an action editor: heading, read-only fieldset, footer. */
export function ActionEditorFrame({ state, heading, dirty, valid, onSave, onShowIssues, onPreview, children, dialogs }: ActionEditorFrameProps) {
  const { t } = useLingui();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const [confirmDelete, setConfirmDelete] = useState(false);

  // Focus moves to the opened editor's heading (architecture §6 accessibility).
  useEffect(() => headingRef.current?.focus(), []);

  if (state.missing) {
    return (
      <section className="action-editor" aria-labelledby={headingId}>
        <h2 id={headingId} ref={headingRef} tabIndex={-1}>
          <Trans>Action not found</Trans>
        </h2>
        <p className="alert alert-warning" role="alert">
          <Trans>This vidbot has no such action. It may have been deleted.</Trans>
        </p>
        <Link className="button" to="/dashboard/$accountSlug/vidbots/$id" params={state.backParams}>
          <Trans>Back to content</Trans>
        </Link>
      </section>
    );
  }

  const canSave = !state.readOnly && valid && (dirty || state.isNew);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (canSave) onSave();
  };

  return (
    <section className="action-editor" aria-labelledby={headingId}>
      <div className="action-editor-head">
        <h2 id={headingId} ref={headingRef} tabIndex={-1}>
          {heading}
        </h2>
        <Link className="button link" to="/dashboard/$accountSlug/vidbots/$id" params={state.backParams}>
          <Trans>Back to content</Trans>
        </Link>
      </div>
      {state.error && (
        <p className="alert alert-error" role="alert">
          {state.error}
        </p>
      )}
      <form noValidate onSubmit={submit}>
        <fieldset className="action-editor-body" disabled={state.readOnly}>
          <legend className="visually-hidden">{heading}</legend>
          {children}
        </fieldset>
        <div className="action-editor-footer">
          {!state.isNew && (
            <button type="button" className="button danger" disabled={state.readOnly} onClick={() => setConfirmDelete(true)}>
              <Trans>Delete</Trans>
            </button>
          )}
          {!state.isNew && (
            <button
              type="button"
              className="button"
              disabled={state.readOnly || dirty}
              title={dirty ? t`Save your changes before duplicating.` : undefined}
              onClick={state.duplicate}
            >
              <Trans>Duplicate</Trans>
            </button>
          )}
          {onPreview && (
            <button type="button" className="button" onClick={onPreview}>
              <Trans>Preview</Trans>
            </button>
          )}
          <span className="spacer" />
          {!valid && !state.readOnly && (
            <span className="muted small" role="status">
              <Trans>Fill in the required fields to save.</Trans>{' '}
              {onShowIssues && (
                <button type="button" className="button link small" onClick={onShowIssues}>
                  <Trans>Show what is missing</Trans>
                </button>
              )}
            </span>
          )}
          <button type="submit" className="button primary" disabled={!canSave}>
            <Trans>Save</Trans>
          </button>
        </div>
      </form>
      {dialogs}
      <ConfirmDialog
        open={confirmDelete}
        title={t`Delete action`}
        confirmLabel={t`Delete`}
        onClose={() => setConfirmDelete(false)}
        onConfirm={async () => {
          setConfirmDelete(false);
          state.remove();
        }}
      >
        <p>
          <Trans>Delete “{state.initial.name}”? Buttons leading to it are removed too.</Trans>
        </p>
      </ConfirmDialog>
    </section>
  );
}
