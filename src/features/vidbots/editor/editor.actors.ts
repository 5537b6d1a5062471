/**
 * Real actors of the editor machine (machines/editor), bound at the app edge: each is one API call
 * of docs/api.md "Bots". Errors are the client's HttpError (with `status` and `code`, e.g.
 * 409 'revisionConflict', 422 'noSlidesPublish').
 */
import { editorMachine } from '../../../../machines/editor/editor.machine';
import { vidbotEditorActors } from '../../../../machines/editor/editor.actors';
import { fetchBot, publishBotRevision, saveBotContent, setBotPublished } from '../vidbot.queries';
import type { Bot, BotContent } from '../vidbot.types';

/**
 * The editor machine with API actors (the vidbot kind). `onBot` receives every draft-mode Bot answer
 * (save, set status, publish, the latest after a conflict) to refresh the query cache; `countWarnings`
 * counts the draft's publish warnings (publishWarnings.tsx, which loads the graph analysis lazily and
 * keeps the list the confirmation dialog shows).
 */
export function createEditorMachine(onBot: (bot: Bot) => void, countWarnings: (content: BotContent) => Promise<number>) {
  const answered = (bot: Bot) => {
    onBot(bot);
    return bot;
  };
  return editorMachine.provide({
    actors: vidbotEditorActors({
      saveDraft: async (input) => answered(await saveBotContent(input.botId, input.content, input.baseRevisionId)),
      setStatusPublished: async (input) => answered(await setBotPublished(input.botId)),
      publishRevision: async (input) => answered(await publishBotRevision(input.botId, input.botRevisionId)),
      fetchBot: async (input) => {
        const bot = await fetchBot(input.botId, input.mode);
        return input.mode === 'draft' ? answered(bot) : bot;
      },
      countPublishWarnings: async (input) => countWarnings(input.content),
    }),
  });
}
