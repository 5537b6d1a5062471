/**
 * Real actors of the publish chart (machines/publish), bound at the app edge: each is one API call
 * of docs/api.md "Bots". Errors are the client's HttpError (with `code`, e.g. 'noSlidesPublish').
 */
import { fromPromise } from 'xstate';
import { publishMachine } from '../../../machines/publish/publish.machine';
import type { PublishBot, PublishRevisionInput, SaveDraftInput, SetStatusPublishedInput } from '../../../machines/publish/publish.actors';
import { publishBotRevision, saveBotContent, setBotPublished } from './vidbot.queries';
import type { Bot } from './vidbot.types';

/**
 * The publish chart with API actors. `onBot` receives every Bot answer (to refresh the query cache
 * and the version badge).
 */
export function createPublishMachine(onBot: (bot: Bot) => void) {
  return publishMachine.provide({
    actors: {
      saveDraft: fromPromise<PublishBot, SaveDraftInput>(async ({ input }) => {
        const bot = await saveBotContent(input.botId, input.content);
        onBot(bot);
        return bot;
      }),
      setStatusPublished: fromPromise<PublishBot, SetStatusPublishedInput>(async ({ input }) => {
        const bot = await setBotPublished(input.botId);
        onBot(bot);
        return bot;
      }),
      publishRevision: fromPromise<PublishBot, PublishRevisionInput>(async ({ input }) => {
        const bot = await publishBotRevision(input.botId, input.botRevisionId);
        onBot(bot);
        return bot;
      }),
    },
  });
}
