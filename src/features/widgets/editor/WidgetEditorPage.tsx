/**
 * The widget editor page `/dashboard/{account}/widget/{id}` (spec 002 §2 Widget editor, §4 widget
 * status, §6 widget editing, §8 widget toasts; issue 15 "Editor"). A thin binding over the editor
 * machine (machines/editor, widget kind), which owns the draft and the save / publish / conflict /
 * leave workflow; the view renders what its selectors say and sends the person's events.
 *
 * - Top bar: Back to widgets, the inline-editable title (PATCH name), the version badge ("Version N ·
 *   Published | Draft"), "Unsaved changes", a "More actions" menu with "Get play URL" (copies
 *   `playUrl`), "Get embed code" (a dialog with the embed code and the host page's CSP line, each
 *   with a copy button), and the Save menu (Save draft, Publish; disabled by the machine's rules of
 *   spec 002 §4).
 * - Left: `<WidgetSettingsPanel>` (the four sections) with the draft, read-only when the person may
 *   not edit or a save / publish / question is open, and the server's 422 field messages.
 * - Right, on wide screens (≥ 1100 px): the live preview (WidgetPreview.tsx).
 * - Leaving with unsaved changes: the router's blocker asks the machine (`askToLeave`): Stay, Exit
 *   without saving, Save and exit; no question when the next location is this same widget page.
 * - No edit rights (the answer's `canEdit`, spec 002 §6): the red restriction message, everything
 *   read-only. A 409 revisionConflict opens the same choice as the vidbot editor.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import './widgetEditor.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useBlocker, useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { EditorNotice } from '../../../../machines/editor/editor.machine';
import {
  askToLeave,
  selectCanPublish,
  selectCanSave,
  selectConflict,
  selectFailure,
  selectIsDirty,
  selectIsLeavePromptOpen,
  selectReadOnly,
  selectStep,
  selectWidget,
  selectWidgetDraft,
  type EditorStep,
} from '../../../../machines/editor/editor.selectors';
import type { WidgetContent, WidgetDetail } from '../../../../server/src/modules/widget/widget.schemas';
import type { Account } from '../../../api/types';
import { Dialog } from '../../../ui/Dialog';
import { toast } from '../../../ui/toast';
import { useMediaQuery } from '../../../ui/useMediaQuery';
import { MenuButton } from '../../vidbots/editor/MenuButton';
import { copyText } from '../../vidbots/share/copyText';
import { inspect } from '../../machines/inspection';
import { WidgetSettingsPanel } from '../sections/WidgetSettingsPanel';
import { EmbedCodeDialog } from './EmbedCodeDialog';
import { InlineTitle } from './InlineTitle';
import { WidgetPreview } from './WidgetPreview';
import { createWidgetEditorMachine } from './widgetEditor.actors';
import { renameWidget, widgetOptions } from './widgetEditor.api';

/** The preview column shows from this width on (spec 002 §2 "on wide screens"). */
export const WIDE_SCREEN_QUERY = '(min-width: 1100px)';

export interface WidgetEditorPageProps {
  account: Account;
  widgetId: number;
}

/** The page; waits for the widget (the route loader normally has it already). */
export function WidgetEditorPage({ account, widgetId }: WidgetEditorPageProps) {
  const widget = useQuery(widgetOptions(widgetId));
  if (widget.isError) {
    return (
      <p className="alert alert-error" role="alert">
        <Trans>The widget could not be loaded.</Trans>
      </p>
    );
  }
  if (!widget.data) {
    return (
      <p role="status">
        <Trans>Loading…</Trans>
      </p>
    );
  }
  return <WidgetEditor key={widget.data.id} account={account} initial={widget.data} />;
}

/** True when `pathname` is this widget's own page (moving there asks nothing; spec 002 §2). */
export function isSameWidgetPage(pathname: string, editorPath: string): boolean {
  return pathname.replace(/\/+$/, '') === editorPath;
}

/** The newer of two answers of the same widget (a rename answers outside the machine). */
function newer(a: WidgetDetail | undefined, b: WidgetDetail): WidgetDetail {
  return a && a.updatedAt >= b.updatedAt && a.widgetRevisionId >= b.widgetRevisionId ? a : b;
}

function WidgetEditor({ account, initial }: { account: Account; initial: WidgetDetail }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const wide = useMediaQuery(WIDE_SCREEN_QUERY);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string> | null>(null);
  const [embedOpen, setEmbedOpen] = useState(false);
  const cached = useQuery(widgetOptions(initial.id)).data;

  const machine = useMemo(
    () =>
      createWidgetEditorMachine({
        onWidget: (answer) => {
          queryClient.setQueryData(widgetOptions(answer.id).queryKey, answer);
          void queryClient.invalidateQueries({ queryKey: ['widgets'], refetchType: 'none' });
        },
        onFieldErrors: setFieldErrors,
      }),
    [queryClient],
  );
  const editor = useActorRef(machine, { input: { kind: 'widget', widget: initial, canEdit: initial.canEdit }, inspect });

  const machineWidget = useSelector(editor, selectWidget);
  const widget = newer(cached, machineWidget);
  const canEdit = widget.canEdit;
  // The person's rights come with every answer (spec 002 §6): an event in; the machine decides what may be done.
  useEffect(() => editor.send({ type: 'access.changed', canEdit }), [editor, canEdit]);

  const content = useSelector(editor, selectWidgetDraft);
  const dirty = useSelector(editor, selectIsDirty);
  const readOnly = useSelector(editor, selectReadOnly);
  const canSave = useSelector(editor, selectCanSave);
  const canPublish = useSelector(editor, selectCanPublish);
  const leavePromptOpen = useSelector(editor, selectIsLeavePromptOpen);
  const conflict = useSelector(editor, selectConflict);
  const failure = useSelector(editor, selectFailure);
  const step = useSelector(editor, selectStep);

  // Toasts (spec 002 §8; §4: the save-draft text differs when a published version exists).
  useEffect(() => {
    const texts: Record<EditorNotice, () => void> = {
      draftSaved: () => toast.success(t`Draft saved`),
      draftSavedBesidePublished: () => toast.success(t`Draft saved. The published widget stays live until you publish.`),
      published: () => toast.success(t`Published`),
      saveFailed: () => toast.error(t`Saving the new draft failed.`),
      publishFailed: () => toast.error(t`An error occurred`),
      warningsFailed: () => toast.error(t`An error occurred. Please try again.`),
    };
    const sub = editor.on('notice', (e) => texts[e.notice]());
    return () => sub.unsubscribe();
  }, [editor, t]);

  // Leaving: the router waits for the machine's answer; the same widget page never asks.
  const router = useRouter();
  const listPath = `/dashboard/${account.publicId}/widget`;
  const editorPath = `${listPath}/${initial.id}`;
  useBlocker({
    shouldBlockFn: async ({ next }) => !isSameWidgetPage(next.pathname, editorPath) && !(await askToLeave(editor)),
    enableBeforeUnload: () => selectIsDirty(editor.getSnapshot()),
  });

  const change = useCallback((next: WidgetContent) => editor.send({ type: 'draft.change', content: next }), [editor]);
  const rename = useCallback(
    async (name: string) => {
      const answer = await renameWidget(widget.id, name);
      queryClient.setQueryData(widgetOptions(answer.id).queryKey, answer);
      void queryClient.invalidateQueries({ queryKey: ['widgets'], refetchType: 'none' });
    },
    [queryClient, widget.id],
  );
  const copyPlayUrl = async () => {
    const playUrl = widget.playUrl;
    if (await copyText(playUrl)) toast.success(t`Play URL copied`);
    else toast.error(t`Copying failed; the play URL is ${playUrl}`);
  };

  const stepText: Partial<Record<EditorStep, string>> = {
    saving: t`Saving draft…`,
    savingDraft: t`Saving draft…`,
    settingPublished: t`Setting status to Published…`,
    publishingRevision: t`Publishing the revision…`,
    conflict: t`Someone else saved this widget.`,
  };
  const busyLabel = step === 'saving' ? t`Saving…` : step === 'savingDraft' || step === 'settingPublished' || step === 'publishingRevision' ? t`Publishing…` : null;
  const state = widget.revisionStatus === 'Published' ? t`Published` : t`Draft`;
  const revNumber = widget.revNumber;

  return (
    <div className="page widget-editor">
      <div className="widget-editor-top">
        {/* The widgets list (widget.index.tsx, the list helper's route): navigated by href until both routes are merged. */}
        <a
          className="button link"
          href={listPath}
          onClick={(e) => {
            if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
            e.preventDefault();
            void router.navigate({ href: listPath });
          }}
        >
          <Trans>← Back to widgets</Trans>
        </a>
        <div className="widget-editor-title">
          <InlineTitle name={widget.name} readOnly={!canEdit} onRename={rename} />
          <span className={widget.revisionStatus === 'Published' ? 'badge badge-success' : 'badge'} data-testid="version-badge">
            <Trans>
              Version {revNumber} · {state}
            </Trans>
          </span>
          {dirty && <span className="badge badge-warning">{t`Unsaved changes`}</span>}
        </div>
        <div className="widget-editor-actions">
          <MenuButton label={t`More actions`} items={[{ key: 'play-url', label: t`Get play URL`, onSelect: () => void copyPlayUrl() }]} />
          <button type="button" className="button" onClick={() => setEmbedOpen(true)}>
            <Trans>Get embed code</Trans>
          </button>
          <MenuButton
            className="button primary"
            label={busyLabel ?? t`Save or publish`}
            disabled={!canEdit}
            items={[
              { key: 'save', label: t`Save draft`, disabled: !canSave, onSelect: () => editor.send({ type: 'draft.save' }) },
              { key: 'publish', label: t`Publish`, disabled: !canPublish, onSelect: () => editor.send({ type: 'revision.publish' }) },
            ]}
          />
        </div>
      </div>

      <div aria-live="polite" className="live-region">
        {stepText[step] && <p className="status-line">{stepText[step]}</p>}
      </div>
      {failure?.reason === 'publishFailed' && (
        <div className="alert alert-error" role="alert">
          <Trans>Publishing failed: {failure.message}</Trans> <DismissButton onClick={() => editor.send({ type: 'failure.dismiss' })} />
        </div>
      )}
      {failure?.reason === 'saveFailed' && (
        <div className="alert alert-error" role="alert">
          <Trans>Saving failed: {failure.message}. Your changes are kept in the editor; save again when you are ready.</Trans>{' '}
          <DismissButton onClick={() => editor.send({ type: 'failure.dismiss' })} />
        </div>
      )}
      {!canEdit && (
        <p className="alert alert-error" role="note">
          <Trans>Editing is restricted to account owners, admins or the author.</Trans>
        </p>
      )}
      {widget.status === 'Deactivated' && (
        <p className="alert alert-warning" role="note">
          <Trans>This widget is deactivated.</Trans>
        </p>
      )}

      <div className={wide ? 'widget-editor-body with-preview' : 'widget-editor-body'}>
        <div className="widget-editor-panel" data-testid="widget-settings">
          <WidgetSettingsPanel content={content} onChange={change} readOnly={readOnly} accountId={account.id} errors={fieldErrors ?? undefined} />
        </div>
        {wide && <WidgetPreview widgetId={widget.id} content={content} />}
      </div>

      <EmbedCodeDialog open={embedOpen} onClose={() => setEmbedOpen(false)} embedCode={widget.embedCode} />

      <Dialog open={leavePromptOpen} title={t`Unsaved changes`} onClose={() => editor.send({ type: 'prompt.stay' })}>
        <p>
          <Trans>You have unsaved changes. Save them as a draft before leaving?</Trans>
        </p>
        <div className="actions end">
          <button type="button" className="button" onClick={() => editor.send({ type: 'prompt.stay' })}>
            <Trans>Stay</Trans>
          </button>
          <button type="button" className="button" onClick={() => editor.send({ type: 'prompt.exit' })}>
            <Trans>Exit without saving</Trans>
          </button>
          <button type="button" className="button primary" data-autofocus onClick={() => editor.send({ type: 'prompt.save' })}>
            <Trans>Save and exit</Trans>
          </button>
        </div>
      </Dialog>

      <Dialog
        open={conflict !== null}
        title={t`Someone else saved this widget`}
        onClose={() => {
          if (conflict === 'choosing') editor.send({ type: 'conflict.keep' });
        }}
      >
        <p>
          <Trans>
            This widget was saved in another tab or by another person after you opened it, so your draft was not saved. Reload their version
            (your changes are lost), or keep editing (your changes stay here; your next save replaces their version).
          </Trans>
        </p>
        <div className="actions end">
          <button type="button" className="button" disabled={conflict !== 'choosing'} onClick={() => editor.send({ type: 'conflict.reload' })}>
            <Trans>Reload and lose my changes</Trans>
          </button>
          <button type="button" className="button primary" data-autofocus disabled={conflict !== 'choosing'} onClick={() => editor.send({ type: 'conflict.keep' })}>
            <Trans>Keep editing</Trans>
          </button>
        </div>
      </Dialog>
    </div>
  );
}

function DismissButton({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" className="button link" onClick={onClick}>
      <Trans>Dismiss</Trans>
    </button>
  );
}
