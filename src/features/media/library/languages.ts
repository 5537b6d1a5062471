/**
 * Subtitle languages (spec 001 §3 "Subtitle languages: a list of about 170 languages with codes"):
 * every ISO 639-1 code with its English name from the `iso-639-1` package, and in Finnish the names
 * of Unicode CLDR (`cldr-localenames-full`, main/fi/languages.json). CLDR rather than the browser's
 * `Intl.DisplayNames`: Chromium ships trimmed ICU data without Finnish names for about 50 of these
 * languages (e2e/media-captions.spec.ts checks this list in Chromium). A code CLDR lacks would fall
 * back to `Intl.DisplayNames`, then to the English name.
 */
import ISO6391 from 'iso-639-1';
import fiCldr from 'cldr-localenames-full/main/fi/languages.json';

export interface SubtitleLanguage {
  code: string;
  /** Name in the active UI locale (en or fi), capitalised as a list entry. */
  name: string;
}

/** CLDR language names by locale (only the UI locales other than English). */
const CLDR_NAMES: Record<string, Record<string, string>> = {
  fi: fiCldr.main.fi.localeDisplayNames.languages,
};

/** The name of `code` in `locale` from CLDR, else Intl.DisplayNames, else null. */
function localName(code: string, locale: string): string | null {
  const cldr = CLDR_NAMES[locale]?.[code];
  if (cldr) return cldr;
  try {
    const name = new Intl.DisplayNames([locale], { type: 'language', fallback: 'none' }).of(code);
    return name && name !== code ? name : null;
  } catch {
    return null;
  }
}

/** Every ISO 639-1 language named in `locale` ('en' or 'fi'), sorted by that name. */
export function subtitleLanguages(locale: string): SubtitleLanguage[] {
  const english = ISO6391.getLanguages(ISO6391.getAllCodes());
  const list = english.map(({ code, name }) => {
    const local = locale === 'en' ? null : localName(code, locale);
    return { code, name: local ? local.charAt(0).toLocaleUpperCase(locale) + local.slice(1) : name };
  });
  return list.sort((a, b) => a.name.localeCompare(b.name, locale));
}

/** The name of one code in `locale` (the code itself for an unknown code). */
export function subtitleLanguageName(code: string, locale: string): string {
  return subtitleLanguages(locale).find((l) => l.code === code)?.name ?? code;
}
