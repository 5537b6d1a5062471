/**
 * The settings tab of the vidbot editor (spec 001 §2 "Settings tab"). Built by helper "settings"
 * (issue 11); reads and writes `useEditor().content.settings` / `.theme`.
 */
import { Trans } from '@lingui/react/macro';

/** The settings tab (route `vidbots.$id.settings.tsx`). */
export function SettingsTab() {
  return (
    <section aria-labelledby="settings-heading">
      <h2 id="settings-heading">
        <Trans>Settings</Trans>
      </h2>
    </section>
  );
}
