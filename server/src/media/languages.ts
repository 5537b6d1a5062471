/**
 * Subtitle languages (spec 001 §3 Enumerations "Subtitle languages: a list of about 170 languages with
 * codes"): the ISO 639-1 list of the `iso-639-1` package (183 two-letter codes).
 */
import ISO6391 from 'iso-639-1';

/** True when `code` is an ISO 639-1 code in lower case (`en`, `fi`). */
export function isCaptionLanguage(code: string): boolean {
  return code.length === 2 && code === code.toLowerCase() && ISO6391.validate(code);
}

/** English name of an ISO 639-1 code (`fi` → `Finnish`); '' for an unknown code. */
export function captionLanguageName(code: string): string {
  return ISO6391.getName(code);
}
