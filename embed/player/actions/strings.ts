/**
 * The action views' own words in en and fi (issue 12; spec 000 §9 languages en and fi). A tiny
 * typed dictionary like ../strings.ts (no Lingui in the player bundle, DESIGN §1b); the `Record`
 * type of `fi` makes a missing translation a compile error. Field messages follow the server's rules
 * (server/src/modules/form/form.values.ts) with the same meaning as its English 422 messages.
 */
import type { PlayerLang } from '../strings';

const en = {
  close: 'Close',
  closeForm: 'Close form',
  send: 'Send',
  sending: 'Sending…',
  required: 'required',
  requiredNote: 'Fields marked * are required.',
  privacy: 'Privacy policy',
  privacyNote: 'How we handle your data: {link}',
  fixErrors: 'Please check the highlighted fields.',
  requiredField: 'This field is required.',
  requiredCheckbox: 'This box must be ticked.',
  chooseOption: 'Choose one of the options.',
  email: 'Enter an email address, such as name@example.com.',
  postalCode: 'Enter a Finnish postal code of five digits, such as 00100.',
  tooLong: 'This answer is too long.',
  invalid: 'This answer is not valid.',
  networkError: 'The form could not be sent. Check your connection and try again — your answers are kept.',
  serverError: 'The form could not be sent. Please try again later.',
  retry: 'Try again',
  previewNote: 'Preview: the form was checked but not sent.',
  thankYouTitle: 'Thank you!',
  thankYouText: 'Your message has been sent.',
  share: 'Share',
  copyLink: 'Copy link',
  copied: 'Link copied.',
  download: 'Download',
  opensNewTab: '(opens in a new tab)',
  embeddedLink: 'Embedded page',
} as const;

/** Keys of the action views' strings. */
export type ActionStringKey = keyof typeof en;

const fi: Record<ActionStringKey, string> = {
  close: 'Sulje',
  closeForm: 'Sulje lomake',
  send: 'Lähetä',
  sending: 'Lähetetään…',
  required: 'pakollinen',
  requiredNote: 'Tähdellä * merkityt kentät ovat pakollisia.',
  privacy: 'Tietosuojaseloste',
  privacyNote: 'Näin käsittelemme tietojasi: {link}',
  fixErrors: 'Tarkista korostetut kentät.',
  requiredField: 'Tämä kenttä on pakollinen.',
  requiredCheckbox: 'Tämä ruutu on rastittava.',
  chooseOption: 'Valitse yksi vaihtoehdoista.',
  email: 'Anna sähköpostiosoite, esimerkiksi nimi@example.com.',
  postalCode: 'Anna viisinumeroinen postinumero, esimerkiksi 00100.',
  tooLong: 'Vastaus on liian pitkä.',
  invalid: 'Vastaus ei kelpaa.',
  networkError: 'Lomaketta ei voitu lähettää. Tarkista yhteys ja yritä uudelleen — vastauksesi säilyvät.',
  serverError: 'Lomaketta ei voitu lähettää. Yritä myöhemmin uudelleen.',
  retry: 'Yritä uudelleen',
  previewNote: 'Esikatselu: lomake tarkistettiin, mutta sitä ei lähetetty.',
  thankYouTitle: 'Kiitos!',
  thankYouText: 'Viestisi on lähetetty.',
  share: 'Jaa',
  copyLink: 'Kopioi linkki',
  copied: 'Linkki kopioitu.',
  download: 'Lataa',
  opensNewTab: '(avautuu uuteen välilehteen)',
  embeddedLink: 'Upotettu sivu',
};

const dictionaries: Record<PlayerLang, Record<ActionStringKey, string>> = { en, fi };

/** A translator for `lang`; `{placeholder}`s without a value stay as written. */
export function actionStrings(lang: PlayerLang): (key: ActionStringKey, values?: Record<string, string>) => string {
  const dictionary = dictionaries[lang] ?? en;
  return (key, values) => dictionary[key].replace(/\{(\w+)\}/g, (whole, name: string) => values?.[name] ?? whole);
}
