/**
 * The widget editor's left panel (issue 15 "Editor"; spec 002 §2 "Left settings panel with four
 * sections: choose type, content, widget settings, advanced"). Seam between the editor shell
 * (WidgetEditorPage, owns the revision machine) and the sections: the panel gets the draft content
 * and reports every edit as a whole new `WidgetContent` (the shell sends it to the machine as
 * `draft.change`). `errors` are the server's 422 field messages keyed by content path
 * (`slidesVisible.mobile`); the contract's own checks (`WidgetContent`, `widgetContentIssues`) run
 * here too, so a field shows its problem before saving (a server message for the same path wins).
 * `readOnly` disables every control (spec 002 §6).
 */
import { useMemo } from 'react';
import type { WidgetContent } from '../../../../server/src/modules/widget/widget.schemas';
import '../widgets.css';
import { AdvancedSection } from './AdvancedSection';
import { ChooseTypeSection } from './ChooseTypeSection';
import { ContentSection } from './ContentSection';
import { WidgetAppearanceSection } from './WidgetAppearanceSection';
import { contentErrors } from './widgetContent.logic';

export interface WidgetSettingsPanelProps {
  content: WidgetContent;
  onChange: (next: WidgetContent) => void;
  readOnly: boolean;
  /** The widget's account: the bot picker and tag choices list its published vidbots and tags. */
  accountId: number;
  errors?: Record<string, string>;
}

export function WidgetSettingsPanel({ content, onChange, readOnly, accountId, errors }: WidgetSettingsPanelProps) {
  const client = useMemo(() => contentErrors(content), [content]);
  const all = useMemo(() => ({ ...client, ...errors }), [client, errors]);
  const props = { content, onChange, readOnly, errors: all };
  return (
    <div className="widget-sections">
      <ChooseTypeSection {...props} />
      <ContentSection {...props} accountId={accountId} />
      <WidgetAppearanceSection {...props} />
      <AdvancedSection {...props} />
    </div>
  );
}
