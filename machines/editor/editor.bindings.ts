/**
 * The widget kind's side effects bound as the editor machine's actors (issue 15: one machine, two
 * kinds of document). The widget editor hands its API calls as plain promise functions
 * (`WidgetEditorEffects`) and gets the actors for `editorMachine.provide({ actors })`; each actor
 * checks that its input names a widget (`widgetId`) and rejects otherwise. (The vidbot editor binds
 * its actors directly: src/features/vidbots/editor/editor.actors.ts.) A module of its own so the
 * widget editor's chunk carries it, not the SPA entry (which imports editor.actors.ts for `contentOf`).
 */
import { fromPromise } from 'xstate';
import type {
  CountPublishWarningsInput,
  EditorActorInputs,
  EditorDocument,
  EditorWidget,
  FetchWidgetInput,
  PublishWidgetRevisionInput,
  SaveWidgetDraftInput,
  SetWidgetPublishedInput,
} from './editor.actors';

/** The widget kind's side effects as plain promise functions (src/features/widgets/editor/widgetEditor.actors.ts binds the API). No graph check: a widget has no slides. */
export interface WidgetEditorEffects {
  saveDraft(input: SaveWidgetDraftInput): Promise<EditorWidget>;
  setStatusPublished(input: SetWidgetPublishedInput): Promise<EditorWidget>;
  publishRevision(input: PublishWidgetRevisionInput): Promise<EditorWidget>;
  fetchWidget(input: FetchWidgetInput): Promise<EditorWidget>;
}

/** Narrows an actor input to the kind whose id field is `key`. @throws Error when the chart of the other kind called (a binding error). */
function inputOf<T extends object>(input: object, key: string): T {
  if (!(key in input)) throw new Error(`This editor binding serves the kind with "${key}"; it was given ${JSON.stringify(Object.keys(input))}.`);
  return input as T;
}

/** The chart's actors for a widget editor, from the widget kind's effects; `countPublishWarnings` is never invoked for a widget. */
export function widgetEditorActors(fx: WidgetEditorEffects) {
  return {
    saveDraft: fromPromise<EditorDocument, EditorActorInputs['saveDraft']>(({ input }) => fx.saveDraft(inputOf(input, 'widgetId'))),
    setStatusPublished: fromPromise<EditorDocument, EditorActorInputs['setStatusPublished']>(({ input }) => fx.setStatusPublished(inputOf(input, 'widgetId'))),
    publishRevision: fromPromise<EditorDocument, EditorActorInputs['publishRevision']>(({ input }) => fx.publishRevision(inputOf(input, 'widgetId'))),
    fetchBot: fromPromise<EditorDocument, EditorActorInputs['fetchBot']>(({ input }) => fx.fetchWidget(inputOf(input, 'widgetId'))),
    countPublishWarnings: fromPromise<number, CountPublishWarningsInput>(async () => {
      throw new Error('A widget has no slide graph to check.');
    }),
  };
}
