/**
 * Language switch en/fi (spec 000 §9): loads only the chosen catalog and persists the choice.
 */
import { useId } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { activateLocale, isLocale } from '../i18n';

/** A labelled select of the UI language. */
export function LanguageSwitch() {
  const { i18n } = useLingui();
  const id = useId();
  return (
    <div className="language-switch">
      <label htmlFor={id}>
        <Trans>Language</Trans>
      </label>
      <select
        id={id}
        value={i18n.locale}
        onChange={(e) => {
          if (isLocale(e.target.value)) void activateLocale(e.target.value);
        }}
      >
        <option value="en" lang="en">
          English
        </option>
        <option value="fi" lang="fi">
          Suomi
        </option>
      </select>
    </div>
  );
}
