/**
 * Real actors of the editor machine (machines/editor), bound at the app edge: each is one API call
 * of docs/api.md "Bots". Errors are the client's HttpError (with `status` and `code`, e.g.
 * 409 'revisionConflict', 422 'noSlidesPublish').
 */
import { fromPromise } from 'xstate';
import { editorMachine } from '../../../../machines/editor/editor.machine';
import type { CountPublishWarningsInput, EditorActorInputs, EditorDocument, FetchBotInput, PublishRevisionInput, SaveDraftInput, SetStatusPublishedInput } from '../../../../machines/editor/editor.actors';
import { fetchBot, publishBotRevision, saveBotContent, setBotPublished } from '../vidbot.queries';
import type { Bot, BotContent } from '../vidbot.types';

/**
 * The vidbot kind's input of an actor (the chart names a vidbot by `botId`; a widget's `widgetId`
 * never reaches this binding). Kept here rather than machines/editor/editor.bindings.ts so the
 * vidbot editor's chunk stays small (issue 10 §2 budget).
 * @throws Error when given another kind's input (a binding error)
 */
function vidbot<T extends { botId: number }>(input: EditorActorInputs[keyof EditorActorInputs]): T {
  if (!('botId' in input)) throw new Error('The vidbot editor binding was given a widget input.');
  return input as T;
}

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
    actors: {
      saveDraft: fromPromise<EditorDocument, EditorActorInputs['saveDraft']>(async ({ input }) => {
        const { botId, content, baseRevisionId } = vidbot<SaveDraftInput>(input);
        return answered(await saveBotContent(botId, content, baseRevisionId));
      }),
      setStatusPublished: fromPromise<EditorDocument, EditorActorInputs['setStatusPublished']>(async ({ input }) =>
        answered(await setBotPublished(vidbot<SetStatusPublishedInput>(input).botId)),
      ),
      publishRevision: fromPromise<EditorDocument, EditorActorInputs['publishRevision']>(async ({ input }) => {
        const { botId, botRevisionId } = vidbot<PublishRevisionInput>(input);
        return answered(await publishBotRevision(botId, botRevisionId));
      }),
      fetchBot: fromPromise<EditorDocument, EditorActorInputs['fetchBot']>(async ({ input }) => {
        const { botId, mode } = vidbot<FetchBotInput>(input);
        const bot = await fetchBot(botId, mode);
        return mode === 'draft' ? answered(bot) : bot;
      }),
      countPublishWarnings: fromPromise<number, CountPublishWarningsInput>(async ({ input }) => countWarnings(input.content)),
    },
  });
}
