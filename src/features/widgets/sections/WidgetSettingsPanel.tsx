/**
 * The widget editor's left panel (issue 15 "Editor"; spec 002 §2 "Left settings panel with four
 * sections: choose type, content, widget settings, advanced"). Seam between the editor shell
 * (WidgetEditorPage, owns the revision machine) and the sections: the panel gets the draft content
 * and reports every edit as a whole new `WidgetContent` (the shell sends it to the machine as
 * `draft.change`). `errors` are the server's 422 field messages keyed by content path
 * (`slidesVisible.mobile`). `readOnly` disables every control (spec 002 §6).
 *
 * Placeholder of the seam commit: only the type choice; the sections helper replaces this file.
 */
import { useLingui } from '@lingui/react/macro';
import { WIDGET_TYPES, type WidgetContent } from '../../../../server/src/modules/widget/widget.schemas';

export interface WidgetSettingsPanelProps {
  content: WidgetContent;
  onChange: (next: WidgetContent) => void;
  readOnly: boolean;
  /** The widget's account: the bot picker and tag choices list its published vidbots and tags. */
  accountId: number;
  errors?: Record<string, string>;
}

export function WidgetSettingsPanel({ content, onChange, readOnly }: WidgetSettingsPanelProps) {
  const { t } = useLingui();
  return (
    <fieldset disabled={readOnly}>
      <legend>{t`Choose type`}</legend>
      {WIDGET_TYPES.map((type) => (
        <label key={type}>
          <input type="radio" name="widget-type" checked={content.type === type} onChange={() => onChange({ ...content, type })} /> {type}
        </label>
      ))}
    </fieldset>
  );
}
