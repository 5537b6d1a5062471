/**
 * Subtitle languages (spec 001 §3 "Subtitle languages: a list of about 170 languages with codes"):
 * the ISO 639-1 codes and English names of the `iso-639-1` package; Finnish names from the browser's
 * `Intl.DisplayNames('fi')` (CLDR), falling back to the English name where it has none.
 */
import ISO6391 from 'iso-639-1';

export interface SubtitleLanguage {
  code: string;
  /** Name in the active UI locale (en or fi). */
  name: string;
}

/** Every ISO 639-1 language named in `locale` ('en' or 'fi'), sorted by that name. */
export function subtitleLanguages(locale: string): SubtitleLanguage[] {
  const english = ISO6391.getLanguages(ISO6391.getAllCodes());
  let names: Intl.DisplayNames | null = null;
  if (locale !== 'en') {
    try {
      names = new Intl.DisplayNames([locale], { type: 'language', fallback: 'none' });
    } catch {
      names = null;
    }
  }
  const list = english.map(({ code, name }) => {
    const local = names?.of(code);
    return { code, name: local && local !== code ? local.charAt(0).toLocaleUpperCase(locale) + local.slice(1) : name };
  });
  return list.sort((a, b) => a.name.localeCompare(b.name, locale));
}

/** The name of one code in `locale` ('' for an unknown code). */
export function subtitleLanguageName(code: string, locale: string): string {
  return subtitleLanguages(locale).find((l) => l.code === code)?.name ?? code;
}
