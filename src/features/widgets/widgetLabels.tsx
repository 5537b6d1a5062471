/**
 * Translated labels of the widget enumerations (spec 002 §3 Widget: type, status, content type and
 * sort) and the list's status badge (Draft plain, Published green — with "draft pending" when a newer
 * draft exists —, Deactivated red; spec 002 §4 widget status).
 */
import { useLingui } from '@lingui/react/macro';
import type { WidgetContentType, WidgetSort, WidgetStatus, WidgetType } from '../../../server/src/modules/widget/widget.schemas';

/** Label functions for the widget enumerations, in the current locale. */
export function useWidgetLabels() {
  const { t } = useLingui();
  const types: Record<WidgetType, string> = { Slider: t`Slider`, Card: t`Card`, Thumbnail: t`Thumbnail` };
  const contentTypes: Record<WidgetContentType, string> = { All: t`All vidbots`, Selected: t`Selected vidbots`, ByTags: t`Vidbots by tags` };
  const sorts: Record<WidgetSort, string> = { Latest: t`Latest`, Random: t`Random`, Custom: t`Custom order` };
  return {
    type: (type: WidgetType) => types[type],
    contentType: (c: WidgetContentType) => contentTypes[c],
    sort: (s: WidgetSort) => sorts[s],
    /** "Selected vidbots · 3" style summary of a list row's content. */
    content: (c: WidgetContentType, botCount: number) => t`${contentTypes[c]} · ${botCount}`,
  };
}

/** The list's status badge. */
export function WidgetStatusBadge({ status, hasDraft }: { status: WidgetStatus; hasDraft: boolean }) {
  const { t } = useLingui();
  if (status === 'Deactivated') return <span className="badge badge-danger">{t`Deactivated`}</span>;
  if (status === 'Draft') return <span className="badge">{t`Draft`}</span>;
  return <span className="badge badge-success">{hasDraft ? t`Published · draft pending` : t`Published`}</span>;
}
