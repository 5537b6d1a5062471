/**
 * The vidbot editor's layout (spec 001 §2 editor; issue 11 architecture §2, §3): the top bar, the
 * tabs Content / Settings (links to child routes), the `useEditor()` provider and the route's
 * `<Outlet/>`.
 *
 * - Top bar: Back (list query preserved), Preview (/preview/{id}?preview=true), Save draft
 *   (PATCH /bot/{id} {content} → a new revision), Publish (the publish chart), version badge,
 *   unsaved badge.
 * - Leaving the editor with unsaved changes asks: save, exit or stay (TanStack `useBlocker`; also
 *   beforeunload). Moving between the editor's own tabs and sub-routes never asks.
 * - Read-only with a red notice when the person may not edit (spec 001 §6).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import '../vidbots.css';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, Outlet, useBlocker } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '../../../ui/toast';
import { featuresOptions, meOptions } from '../../../api/queries';
import type { Account } from '../../../api/types';
import {
  selectIsPublishing,
  selectPublishErrorMessage,
  selectPublishFailure,
  selectPublishStep,
} from '../../../../machines/publish/publish.selectors';
import { Dialog } from '../../../ui/Dialog';
import { VersionBadge } from '../StatusBadge';
import { recallListSearch } from '../listMemory';
import { LIST_DEFAULTS } from '../listSearch';
import { canEditVidbot } from '../permissions';
import { createPublishMachine } from '../publish.actors';
import { botOptions, contentOf, saveBotContent, vidbotKeys } from '../vidbot.queries';
import type { Bot, BotContent } from '../vidbot.types';
import { EditorContext, type EditorApi } from './editorContext';

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

function Editor({ account, initialBot }: { account: Account; initialBot: Bot }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const me = useQuery(meOptions());
  const featureList = useQuery(featuresOptions(account.id)).data?.features;
  const botQuery = useQuery(botOptions(initialBot.id));
  const bot = botQuery.data ?? initialBot;
  const [saved, setSaved] = useState<BotContent>(() => contentOf(initialBot));
  const [draft, setDraft] = useState<BotContent>(saved);
  const dirty = draft !== saved;
  const canEdit = canEditVidbot(account.role, me.data, bot);

  // Every Bot answer (save, set status, publish) refreshes the cache and replaces the draft.
  const applyBot = useRef((answer: Bot) => {
    queryClient.setQueryData(botOptions(answer.id).queryKey, answer);
    void queryClient.invalidateQueries({ queryKey: vidbotKeys.all, refetchType: 'none' });
    const content = contentOf(answer);
    setSaved(content);
    setDraft(content);
  });
  const publishMachine = useMemo(() => createPublishMachine((answer) => applyBot.current(answer as Bot)), []);
  const publish = useActorRef(publishMachine, { input: { botId: initialBot.id } });
  const publishStep = useSelector(publish, selectPublishStep);
  const publishing = useSelector(publish, selectIsPublishing);
  const publishFailure = useSelector(publish, selectPublishFailure);
  const publishError = useSelector(publish, selectPublishErrorMessage);

  useEffect(() => {
    if (publishFailure === 'error') toast.error(t`An error occurred`);
    if (publishStep === 'published') toast.success(t`Published`);
  }, [publishFailure, publishStep, t]);

  const save = useMutation({
    mutationFn: () => saveBotContent(bot.id, draft),
    onSuccess: (answer) => {
      applyBot.current(answer);
      toast.success(t`Draft saved`);
    },
    onError: () => {
      toast.error(t`An error occurred`);
    },
  });

  const busy = publishing || save.isPending;
  const readOnly = !canEdit;
  const change = useCallback(
    (next: BotContent) => {
      if (readOnly) return;
      setDraft(next);
      // An edit answers the last publish failure (e.g. the missing intro slide was just added).
      if (publish.getSnapshot().hasTag('failure')) publish.send({ type: 'publish.dismiss' });
    },
    [readOnly, publish],
  );
  const features = useMemo(() => new Set(featureList ?? []), [featureList]);
  const api = useMemo<EditorApi>(
    () => ({ account, bot, content: draft, readOnly: readOnly || busy, features, change }),
    [account, bot, draft, readOnly, busy, features, change],
  );

  const editorPath = `/dashboard/${account.publicId}/vidbots/${bot.id}`;
  const blocker = useBlocker({
    shouldBlockFn: ({ next }) => dirty && !busy && next.pathname !== editorPath && !next.pathname.startsWith(`${editorPath}/`),
    enableBeforeUnload: () => dirty,
    withResolver: true,
  });

  const listSearch = recallListSearch(account.publicId) ?? { ...LIST_DEFAULTS, bot_name: '' };
  const publishText: Record<typeof publishStep, string | null> = {
    idle: null,
    savingDraft: t`Saving draft…`,
    settingPublished: t`Setting status to Published…`,
    publishingRevision: t`Publishing the revision…`,
    published: t`Published.`,
    failed: null,
  };
  const tabParams = { accountSlug: account.publicId, id: String(bot.id) };

  return (
    <EditorContext.Provider value={api}>
      <div className="page editor">
        <div className="editor-top">
          <Link className="button link" to="/dashboard/$accountSlug/vidbots" params={{ accountSlug: account.publicId }} search={listSearch}>
            <Trans>← Back to vidbots</Trans>
          </Link>
          <div className="editor-title">
            <h1>{bot.name}</h1>
            <VersionBadge revNumber={bot.revNumber} revisionStatus={bot.revisionStatus} />
            {dirty && <span className="badge badge-warning">{t`Unsaved changes`}</span>}
          </div>
          <div className="editor-actions">
            <Link className="button" to="/preview/$id" params={{ id: String(bot.id) }} search={{ preview: true }} target="_blank" rel="noopener">
              <Trans>Preview</Trans>
            </Link>
            <button type="button" className="button" disabled={!canEdit || busy || !dirty} onClick={() => save.mutate()}>
              {save.isPending ? <Trans>Saving…</Trans> : <Trans>Save draft</Trans>}
            </button>
            <button
              type="button"
              className="button primary"
              disabled={!canEdit || busy || bot.status === 'Deactivated'}
              onClick={() => publish.send({ type: 'revision.publish', status: bot.status, content: draft })}
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

        <nav className="editor-tabs" aria-label={t`Editor sections`}>
          <Link to="/dashboard/$accountSlug/vidbots/$id" params={tabParams} activeOptions={{ exact: true }} activeProps={{ 'aria-current': 'page', className: 'active' }}>
            <Trans>Content</Trans>
          </Link>
          <Link to="/dashboard/$accountSlug/vidbots/$id/settings" params={tabParams} activeProps={{ 'aria-current': 'page', className: 'active' }}>
            <Trans>Settings</Trans>
          </Link>
        </nav>

        <Outlet />

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
    </EditorContext.Provider>
  );
}
