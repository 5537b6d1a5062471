/**
 * Real actors of the editor machine (machines/editor), bound at the app edge: each is one API call
 * of docs/api.md "Bots". Errors are the client's HttpError (with `status` and `code`, e.g.
 * 409 'revisionConflict', 422 'noSlidesPublish').
 */
import { fromPromise } from 'xstate';
import { editorMachine } from '../../../../machines/editor/editor.machine';
import type {
  CountPublishWarningsInput,
  EditorBot,
  FetchBotInput,
  PublishRevisionInput,
  SaveDraftInput,
  SetStatusPublishedInput,
} from '../../../../machines/editor/editor.actors';
import { fetchBot, publishBotRevision, saveBotContent, setBotPublished } from '../vidbot.queries';
import type { Bot, BotContent } from '../vidbot.types';

/**
 * The editor machine with API actors. `onBot` receives every draft-mode Bot answer (save, set
 * status, publish, the latest after a conflict) to refresh the query cache; `countWarnings` counts
 * the draft's publish warnings (publishWarnings.tsx, which loads the graph analysis lazily and keeps
 * the list the confirmation dialog shows).
 */
export function createEditorMachine(onBot: (bot: Bot) => void, countWarnings: (content: BotContent) => Promise<number>) {
  const answered = (bot: Bot) => {
    onBot(bot);
    return bot;
  };
  return editorMachine.provide({
    actors: {
      saveDraft: fromPromise<EditorBot, SaveDraftInput>(async ({ input }) => answered(await saveBotContent(input.botId, input.content, input.baseRevisionId))),
      setStatusPublished: fromPromise<EditorBot, SetStatusPublishedInput>(async ({ input }) => answered(await setBotPublished(input.botId))),
      publishRevision: fromPromise<EditorBot, PublishRevisionInput>(async ({ input }) =>
        answered(await publishBotRevision(input.botId, input.botRevisionId)),
      ),
      fetchBot: fromPromise<EditorBot, FetchBotInput>(async ({ input }) => {
        const bot = await fetchBot(input.botId, input.mode);
        return input.mode === 'draft' ? answered(bot) : bot;
      }),
      countPublishWarnings: fromPromise<number, CountPublishWarningsInput>(async ({ input }) => countWarnings(input.content)),
    },
  });
}
