/**
 * The player's own words, in en and fi (spec 000 §9: languages en and fi, default en).
 *
 * Why not Lingui: the player runs on customers' sites and must stay under 40 KB gz before the first
 * frame (DESIGN §1b). Lingui's runtime, its catalogs and the compiled-message machinery would cost
 * more than the whole player, for about ten short strings. So the player keeps a tiny typed
 * dictionary here; the SPA (which does load Lingui) passes the viewer's language in `lang`.
 * A new string must be added to both languages — the `Record<PlayerStringKey, string>` type of each
 * dictionary makes a missing one a compile error.
 */

/** Languages the player speaks. */
export type PlayerLang = 'en' | 'fi';

const en = {
  player: 'Vidbot',
  play: 'Play',
  pause: 'Pause',
  mute: 'Mute',
  unmute: 'Unmute',
  choices: 'Choices',
  nowShowing: 'Now showing: {name}',
  closed: 'Thanks for watching.',
  restart: 'Start over',
  empty: 'This vidbot has no slides yet.',
  videoError: 'The video could not be played.',
  playVideo: 'Play video',
  captions: 'Captions',
  like: 'Like',
  share: 'Share',
  linkCopied: 'Link copied',
  shareFailed: 'The link could not be shared.',
  actionFailed: 'This could not be opened. Check the connection and try again.',
  close: 'Close',
  watermark: 'Made with Vidbot',
  logo: '{name} logo',
  controls: 'Video controls',
} as const;

/** Keys of the player's strings. */
export type PlayerStringKey = keyof typeof en;

const fi: Record<PlayerStringKey, string> = {
  player: 'Vidbot',
  play: 'Toista',
  pause: 'Keskeytä',
  mute: 'Mykistä',
  unmute: 'Poista mykistys',
  choices: 'Valinnat',
  nowShowing: 'Nyt näytetään: {name}',
  closed: 'Kiitos katsomisesta.',
  restart: 'Aloita alusta',
  empty: 'Tässä vidbotissa ei ole vielä dioja.',
  videoError: 'Videota ei voitu toistaa.',
  playVideo: 'Toista video',
  captions: 'Tekstitys',
  like: 'Tykkää',
  share: 'Jaa',
  linkCopied: 'Linkki kopioitu',
  shareFailed: 'Linkkiä ei voitu jakaa.',
  actionFailed: 'Tätä ei voitu avata. Tarkista yhteys ja yritä uudelleen.',
  close: 'Sulje',
  watermark: 'Tehty Vidbotilla',
  logo: '{name} – logo',
  controls: 'Videon säätimet',
};

const dictionaries: Record<PlayerLang, Record<PlayerStringKey, string>> = { en, fi };

/** Pick a supported language from a BCP 47 tag (`fi-FI` → fi); anything else → en. */
export function resolvePlayerLang(tag: string | null | undefined): PlayerLang {
  return tag?.toLowerCase().startsWith('fi') ? 'fi' : 'en';
}

/**
 * A translator for `lang`: `t('nowShowing', { name: 'Intro' })` → "Now showing: Intro".
 * `{placeholder}`s without a value stay as written.
 */
export function playerStrings(lang: PlayerLang): (key: PlayerStringKey, values?: Record<string, string>) => string {
  const dictionary = dictionaries[lang];
  return (key, values) =>
    dictionary[key].replace(/\{(\w+)\}/g, (whole, name: string) => values?.[name] ?? whole);
}
