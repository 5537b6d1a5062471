/**
 * The vidbot editor's layout (spec 001 §2 editor, §4 "{product} status" / "Editor saves", §6, §8;
 * issue 11 architecture §2, §3): a thin binding over the editor machine (machines/editor), which owns
 * the draft. Renders the top bar, the tabs Content / Settings (links to child routes), the
 * `useEditor()` provider and the route's `<Outlet/>`.
 *
 * - Top bar: Back (the list's query preserved), the name, version badge, "Unsaved changes" badge,
 *   Preview (/preview/{id}?preview=true), the view-published toggle (only for a Published bot with
 *   a draft revision), and a menu button with Save draft and Publish.
 * - Leaving the editor: TanStack `useBlocker` asks the machine (`askToLeave`: `leave.requested`,
 *   answered by the emitted `leave.proceed` / `leave.cancel`); the machine decides (clean: go; dirty:
 *   the leave prompt; busy: stay). Moving between the editor's own tabs and sub-routes never asks;
 *   closing the tab asks the browser's beforeunload question while the draft is dirty.
 * - Publish: the machine counts the draft's graph warnings (its `countPublishWarnings` actor is
 *   publishWarnings.tsx's counter) and decides whether to confirm first.
 * - Read-only overlay and the red notice when the person may not edit (spec 001 §6; the server
 *   answers such edits with 403); the published version is shown read-only with a banner and a
 *   return link.
 * - Toasts: the machine's `notice` events through src/ui/toast.
 */
import { useCallback, useEffect, useMemo } from 'react';
import '../vidbots.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, Outlet, useBlocker, useLocation } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '../../../ui/toast';
import { featuresOptions, meOptions } from '../../../api/queries';
import type { Account } from '../../../api/types';
import type { EditorNotice } from '../../../../machines/editor/editor.machine';
import {
  selectBot,
  selectCanPublish,
  selectCanSave,
  selectCanViewPublished,
  selectConflict,
  selectDraft,
  selectFailure,
  selectIsConfirmingPublish,
  selectIsDirty,
  selectIsLeavePromptOpen,
  selectIsViewingPublished,
  selectReadOnly,
  selectShownBot,
  selectShownContent,
  selectStep,
  askToLeave,
  type EditorStep,
} from '../../../../machines/editor/editor.selectors';
import { Dialog } from '../../../ui/Dialog';
import { VersionBadge } from '../StatusBadge';
import { recallListSearch } from '../listMemory';
import { LIST_DEFAULTS } from '../listSearch';
import { canEditVidbot } from '../permissions';
import { botOptions, vidbotKeys } from '../vidbot.queries';
import type { Bot, BotContent } from '../vidbot.types';
import { createEditorMachine } from './editor.actors';
import { EditorContext, type EditorApi } from './editorContext';
import { MenuButton } from './MenuButton';
import { usePublishWarnings } from './publishWarnings';
import { inspect } from '../../machines/inspection';

export interface EditorLayoutProps {
  account: Account;
  botId: number;
}

/** The editor layout; waits for the bot (the route loader normally has it already). */
export function EditorLayout({ account, botId }: EditorLayoutProps) {
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

/** True when `pathname` is inside the editor at `editorPath` (its tabs and content sub-routes). */
export function isInsideEditor(pathname: string, editorPath: string): boolean {
  const path = pathname.replace(/\/+$/, '');
  return path === editorPath || path.startsWith(`${editorPath}/`);
}

function Editor({ account, initialBot }: { account: Account; initialBot: Bot }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const me = useQuery(meOptions());
  const featureList = useQuery(featuresOptions(account.id)).data?.features;
  const cached = useQuery(botOptions(initialBot.id)).data;

  const warnings = usePublishWarnings();
  // Every draft-mode Bot answer refreshes the cache (the list, other tabs of the app).
  const machine = useMemo(
    () =>
      createEditorMachine((answer) => {
        queryClient.setQueryData(botOptions(answer.id).queryKey, answer);
        void queryClient.invalidateQueries({ queryKey: vidbotKeys.all, refetchType: 'none' });
      }, warnings.count),
    [queryClient, warnings.count],
  );
  const canEdit = canEditVidbot(account.role, me.data, cached ?? initialBot);
  const editor = useActorRef(machine, { input: { bot: initialBot, canEdit }, inspect });
  // The person's rights arrive with their account data (spec 001 §6): an event in; the machine decides what may be done.
  useEffect(() => editor.send({ type: 'access.changed', canEdit }), [editor, canEdit]);

  const machineBot = useSelector(editor, selectBot);
  const shownBot = useSelector(editor, selectShownBot);
  const content = useSelector(editor, selectShownContent);
  const dirty = useSelector(editor, selectIsDirty);
  const readOnly = useSelector(editor, selectReadOnly);
  const canSave = useSelector(editor, selectCanSave);
  const canPublish = useSelector(editor, selectCanPublish);
  const canViewPublished = useSelector(editor, selectCanViewPublished);
  const viewingPublished = useSelector(editor, selectIsViewingPublished);
  const leavePromptOpen = useSelector(editor, selectIsLeavePromptOpen);
  const confirmingPublish = useSelector(editor, selectIsConfirmingPublish);
  const conflict = useSelector(editor, selectConflict);
  const failure = useSelector(editor, selectFailure);
  const step = useSelector(editor, selectStep);
  // The bot-level fields (name, tags, …) may be changed elsewhere (the settings tab); the cache has the newest answer.
  const bot = cached && cached.updatedAt >= machineBot.updatedAt ? cached : machineBot;

  // Toasts (spec 001 §8; issue 11: the draft-saved text differs when a published version exists).
  useEffect(() => {
    const texts: Record<EditorNotice, () => void> = {
      draftSaved: () => toast.success(t`Draft saved`),
      draftSavedBesidePublished: () => toast.success(t`Draft saved. The published version stays live until you publish.`),
      published: () => toast.success(t`Published`),
      saveFailed: () => toast.error(t`Saving failed. Your changes are kept; try again.`),
      publishFailed: () => toast.error(t`An error occurred`),
      warningsFailed: () => toast.error(t`An error occurred. Please try again.`),
    };
    const sub = editor.on('notice', (e) => texts[e.notice]());
    return () => sub.unsubscribe();
  }, [editor, t]);

  // Leaving the editor: the router waits for the machine's answer (blocks on `false`).
  const editorPath = `/dashboard/${account.publicId}/vidbots/${initialBot.id}`;
  useBlocker({
    shouldBlockFn: async ({ next }) => !isInsideEditor(next.pathname, editorPath) && !(await askToLeave(editor)),
    enableBeforeUnload: () => selectIsDirty(editor.getSnapshot()),
  });

  const change = useCallback((next: BotContent) => editor.send({ type: 'draft.change', content: next }), [editor]);
  const features = useMemo(() => new Set(featureList ?? []), [featureList]);
  const submitting = step === 'saving' || step === 'checkingWarnings' || step === 'savingDraft' || step === 'settingPublished' || step === 'publishingRevision';
  const api = useMemo<EditorApi>(
    () => ({ account, bot, content, readOnly, features, change, submitting }),
    [account, bot, content, readOnly, features, change, submitting],
  );

  const listSearch = recallListSearch(account.publicId) ?? { ...LIST_DEFAULTS, bot_name: '' };
  const stepText: Partial<Record<EditorStep, string>> = {
    saving: t`Saving draft…`,
    savingDraft: t`Saving draft…`,
    settingPublished: t`Setting status to Published…`,
    publishingRevision: t`Publishing the revision…`,
    conflict: t`Someone else saved this vidbot.`,
    loadingPublished: t`Loading the published version…`,
  };
  const busyLabel = step === 'saving' ? t`Saving…` : step === 'savingDraft' || step === 'settingPublished' || step === 'publishingRevision' ? t`Publishing…` : null;
  const tabParams = { accountSlug: account.publicId, id: String(bot.id) };
  const shownRev = shownBot.revNumber;
  // The share tab is for reading and copying codes (spec 001 §6 "share: … Viewer"): never inert.
  const pathname = useLocation({ select: (l) => l.pathname });
  const blocked = (!canEdit || viewingPublished) && !isInsideEditor(pathname, `${editorPath}/share`);

  return (
    <EditorContext.Provider value={api}>
      <div className="page editor">
        <div className="editor-top">
          <Link className="button link" to="/dashboard/$accountSlug/vidbots" params={{ accountSlug: account.publicId }} search={listSearch}>
            <Trans>← Back to vidbots</Trans>
          </Link>
          <div className="editor-title">
            <h1>{bot.name}</h1>
            <VersionBadge revNumber={shownBot.revNumber} revisionStatus={shownBot.revisionStatus} />
            {dirty && <span className="badge badge-warning">{t`Unsaved changes`}</span>}
          </div>
          <div className="editor-actions">
            <Link className="button" to="/preview/$id" params={{ id: String(bot.id) }} search={{ preview: true }} target="_blank" rel="noopener">
              <Trans>Preview</Trans>
            </Link>
            {(canViewPublished || viewingPublished) && (
              <button
                type="button"
                className="button"
                aria-pressed={viewingPublished}
                disabled={step === 'loadingPublished'}
                onClick={() => editor.send({ type: viewingPublished ? 'view.draft' : 'view.published' })}
              >
                <Trans>View published</Trans>
              </button>
            )}
            <MenuButton
              className="button primary"
              label={busyLabel ?? t`Save or publish`}
              disabled={!canEdit}
              items={[
                { key: 'save', label: t`Save draft`, disabled: !canSave, onSelect: () => editor.send({ type: 'draft.save' }) },
                {
                  key: 'publish',
                  label: t`Publish`,
                  disabled: !canPublish,
                  onSelect: () => editor.send({ type: 'revision.publish' }),
                },
              ]}
            />
          </div>
        </div>

        <div aria-live="polite" className="live-region">
          {stepText[step] && <p className="status-line">{stepText[step]}</p>}
        </div>
        {failure?.reason === 'noSlidesPublish' && (
          <div className="alert alert-error" role="alert">
            <Trans>A vidbot needs an intro slide before it can be published.</Trans>{' '}
            <DismissButton onClick={() => editor.send({ type: 'failure.dismiss' })} />
          </div>
        )}
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
        {failure?.reason === 'viewFailed' && (
          <div className="alert alert-error" role="alert">
            <Trans>The published version could not be loaded: {failure.message}</Trans>{' '}
            <DismissButton onClick={() => editor.send({ type: 'failure.dismiss' })} />
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
        {viewingPublished && (
          <div className="alert alert-warning editor-published-banner" role="status">
            {step === 'loadingPublished' ? (
              <Trans>Loading the published version…</Trans>
            ) : (
              <Trans>You are viewing the published version (v{shownRev}). It is read-only.</Trans>
            )}{' '}
            <button type="button" className="button link" onClick={() => editor.send({ type: 'view.draft' })}>
              <Trans>Return to the draft</Trans>
            </button>
          </div>
        )}

        <nav className="editor-tabs" aria-label={t`Editor sections`}>
          <Link to="/dashboard/$accountSlug/vidbots/$id" params={tabParams} activeOptions={{ exact: true }} activeProps={{ 'aria-current': 'page', className: 'active' }}>
            <Trans>Content</Trans>
          </Link>
          <Link to="/dashboard/$accountSlug/vidbots/$id/settings" params={tabParams} activeProps={{ 'aria-current': 'page', className: 'active' }}>
            <Trans>Settings</Trans>
          </Link>
          <Link to="/dashboard/$accountSlug/vidbots/$id/share" params={tabParams} activeProps={{ 'aria-current': 'page', className: 'active' }}>
            <Trans>Share</Trans>
          </Link>
        </nav>

        <div className={blocked ? 'editor-body read-only' : 'editor-body'} inert={blocked} data-testid="editor-body">
          <Outlet />
        </div>

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
          title={t`Someone else saved this vidbot`}
          onClose={() => {
            if (conflict === 'choosing') editor.send({ type: 'conflict.keep' });
          }}
        >
          <p>
            <Trans>
              This vidbot was saved in another tab or by another person after you opened it, so your draft was not saved. Reload their
              version (your changes are lost), or keep editing (your changes stay here; your next save replaces their version).
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

        <Dialog open={confirmingPublish} title={t`Publish with warnings?`} onClose={() => editor.send({ type: 'publish.cancel' })}>
          {warnings.list}
          <p>
            <Trans>You can publish anyway; viewers see the vidbot as it is.</Trans>
          </p>
          <div className="actions end">
            <button type="button" className="button" onClick={() => editor.send({ type: 'publish.cancel' })}>
              <Trans>Cancel</Trans>
            </button>
            <button type="button" className="button primary" data-autofocus onClick={() => editor.send({ type: 'publish.confirm' })}>
              <Trans>Publish anyway</Trans>
            </button>
          </div>
        </Dialog>
      </div>
    </EditorContext.Provider>
  );
}

function DismissButton({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" className="button link" onClick={onClick}>
      <Trans>Dismiss</Trans>
    </button>
  );
}
