/**
 * Lingui set-up (DESIGN §5 Lingui rules; spec 000 §9: default en, kept in local storage, en and fi).
 * Only the active locale's catalog is loaded (dynamic import of the compiled .po).
 */
import { i18n } from '@lingui/core';

/** Supported locales. */
export const LOCALES = ['en', 'fi'] as const;
/** A supported locale. */
export type Locale = (typeof LOCALES)[number];
/** Default locale (spec 000 §9). */
export const DEFAULT_LOCALE: Locale = 'en';
/** localStorage key of the chosen language. */
export const LOCALE_STORAGE_KEY = 'vidbot.language';

/** True for a supported locale code. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The stored locale, or the default when none (or an unknown one) is stored. */
export function getStoredLocale(): Locale {
  try {
    const stored = globalThis.localStorage?.getItem(LOCALE_STORAGE_KEY);
    return isLocale(stored) ? stored : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

/** Loads the catalog of `locale`, activates it, remembers it and sets `<html lang>`. */
export async function activateLocale(locale: Locale): Promise<void> {
  const { messages } = (await import(`./locales/${locale}/messages.po`)) as { messages: Record<string, string> };
  i18n.loadAndActivate({ locale, messages });
  try {
    globalThis.localStorage?.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // storage unavailable (private mode): the choice lasts for this page only
  }
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

export { i18n };
