/**
 * The editor machine (machines/editor) bound for the widget kind (issue 15: one machine, two kinds of
 * document; spec 002 §4 widget status): each actor is one call of widgetEditor.api.ts. Errors are the
 * client's HttpError (409 `revisionConflict` starts the conflict dialog; anything else is a failure).
 */
import { editorMachine } from '../../../../machines/editor/editor.machine';
import { widgetEditorActors } from '../../../../machines/editor/editor.bindings';
import type { WidgetDetail } from '../../../../server/src/modules/widget/widget.schemas';
import { fetchWidget, publishWidgetRevision, saveWidgetContent, setWidgetPublished } from './widgetEditor.api';

/** What the widget binding reports besides the chart's own events. */
export interface WidgetEditorHooks {
  /** Every draft-mode Widget answer (save, publish, the latest after a conflict): refresh the cache. */
  onWidget(widget: WidgetDetail): void;
  /** The field messages of a refused save (422, keyed by content path), or null after a save succeeded. */
  onFieldErrors(errors: Record<string, string> | null): void;
}

function fieldErrorsOf(error: unknown): Record<string, string> | null {
  if (typeof error !== 'object' || error === null || !('fieldErrors' in error)) return null;
  const errors = (error as { fieldErrors?: Record<string, string> }).fieldErrors;
  if (!errors) return null;
  // The server keys content fields as `content.slidesVisible.mobile` or `slidesVisible.mobile`; the panel reads the latter.
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [k.replace(/^content\./, ''), v]));
}

/** The editor machine with the widget API as its actors. */
export function createWidgetEditorMachine(hooks: WidgetEditorHooks) {
  const answered = (widget: WidgetDetail) => {
    hooks.onWidget(widget);
    return widget;
  };
  return editorMachine.provide({
    actors: widgetEditorActors({
      saveDraft: async (input) => {
        try {
          const widget = await saveWidgetContent(input.widgetId, input.content, input.baseRevisionId);
          hooks.onFieldErrors(null);
          return answered(widget);
        } catch (error) {
          hooks.onFieldErrors(fieldErrorsOf(error));
          throw error;
        }
      },
      setStatusPublished: async (input) => answered(await setWidgetPublished(input.widgetId)),
      publishRevision: async (input) => answered(await publishWidgetRevision(input.widgetId, input.widgetRevisionId)),
      fetchWidget: async (input) => {
        const widget = await fetchWidget(input.widgetId, input.mode);
        return input.mode === 'draft' ? answered(widget) : widget;
      },
    }),
  });
}
