/**
 * The wording of the extractive AI generator (issue 16; spec 001 §9 tones and languages): for each
 * output language (en, fi) the texts of script options, calls to action and labels, and for each tone
 * (persuasive, grounded, storytelling, bold) the presenter's lines and video directions of the entry,
 * topic and closing nodes. Quoted site content stays in the site's own language; everything the
 * generator writes itself is in the chosen language.
 *
 * Finnish lines avoid inflecting names (a site or page name is put after a colon or in parentheses),
 * so they read correctly for any name.
 */
import type { AiLanguage, AiTone } from './ai.schemas';

/** What a navigation link leads to (guessed from its text and path; decides its call to action). */
export type LinkKind = 'contact' | 'pricing' | 'order' | 'booking' | 'about' | 'products' | 'services' | 'legal' | 'other';

/** Words (lower case, en + fi) that mark a link's kind, tested against the words of its text and path. */
export const LINK_KIND_WORDS: Record<Exclude<LinkKind, 'other'>, string[]> = {
  legal: ['privacy', 'terms', 'cookies', 'cookie', 'gdpr', 'legal', 'imprint', 'tietosuoja', 'tietosuojaseloste', 'ehdot', 'evästeet', 'käyttöehdot'],
  contact: ['contact', 'contacts', 'yhteystiedot', 'yhteys', 'yhteyttä', 'reach', 'location', 'locations', 'find'],
  pricing: ['price', 'prices', 'pricing', 'rates', 'hinnat', 'hinnasto', 'hinta', 'plans'],
  order: ['order', 'orders', 'shop', 'store', 'buy', 'cart', 'tilaa', 'tilaus', 'kauppa', 'verkkokauppa', 'osta'],
  booking: ['book', 'booking', 'bookings', 'reserve', 'reservation', 'appointment', 'appointments', 'varaa', 'varaus', 'ajanvaraus'],
  about: ['about', 'story', 'team', 'company', 'history', 'meistä', 'tietoa', 'yritys', 'tarina', 'historia'],
  products: ['product', 'products', 'menu', 'catalog', 'catalogue', 'collection', 'range', 'tuotteet', 'tuote', 'valikoima', 'mallisto'],
  services: ['service', 'services', 'catering', 'solutions', 'palvelut', 'palvelu', 'ratkaisut'],
};

interface Site {
  site: string;
  keywords: string;
}
interface Topic {
  site: string;
  name: string;
  /** One or a few sentences about the topic (from the site or the prompt); may be ''. */
  description: string;
}
interface Closing {
  site: string;
  /** The call to action of the next step, e.g. 'Order now'. */
  action: string;
}

/** The presenter's lines and the video directions in one tone. */
export interface ToneWording {
  intro(p: Site & { topics: string }): string;
  topic(p: Topic): string;
  closing(p: Closing): string;
  videoIntro(p: Site): string;
  videoTopic(p: Topic): string;
  videoClosing(p: Closing): string;
}

export interface OptionWording {
  title: string;
  targetAudience: string;
  suggestedApproach: string;
}

/** Everything the extractive generator writes in one language. */
export interface Phrasebook {
  /** 'a, b and c' in the language. */
  list(items: string[]): string;
  cta: Record<LinkKind, (name: string) => string>;
  /** Description of a link whose page says nothing of itself. */
  linkDescription(name: string, site: string): string;
  /** A line about a topic the generator knows only by name (a keyword, an Improve request). */
  aboutTopic(name: string, site: string): string;
  options: {
    overview(p: { site: string; keywords: string; topics: string }): OptionWording;
    offer(p: { site: string; topic: string; topics: string }): OptionWording;
    story(p: { site: string; headline: string }): OptionWording;
    action(p: { site: string; action: string }): OptionWording;
  };
  labels: {
    back: string;
    next(name: string): string;
    /** Title of the closing node. */
    nextStep: string;
    /** Title of a node made from a keyword when the site has too few pages. */
    keywordTopic(keyword: string): string;
  };
  /** Default call to action when the site shows none. */
  defaultAction: string;
  /** A sentence that carries Improve feedback no rule understood into the entry node. */
  feedbackNote(feedback: string): string;
  tones: Record<AiTone, ToneWording>;
}

/** Joins sentences, dropping empty parts. */
const join = (...parts: string[]) => parts.filter((p) => p.trim()).join(' ');

const en: Phrasebook = {
  list: (items) => new Intl.ListFormat('en', { type: 'conjunction' }).format(items),
  cta: {
    contact: () => 'Get in touch',
    pricing: () => 'See the prices',
    order: () => 'Order now',
    booking: () => 'Book now',
    about: () => 'Meet us',
    products: (name) => `Browse ${name}`,
    services: (name) => `Explore ${name}`,
    legal: (name) => `Read ${name}`,
    other: (name) => `Explore ${name}`,
  },
  linkDescription: (name, site) => `The ${name} page of ${site}.`,
  aboutTopic: (name, site) => `Here is what ${site} can tell you about ${name}.`,
  options: {
    overview: ({ site, keywords, topics }) => ({
      title: `Welcome to ${site}`,
      targetAudience: `First-time visitors who want to know quickly what ${site} offers.`,
      suggestedApproach: `Greet the visitor, sum up ${site} in a few sentences (${keywords}) and let them choose where to go next: ${topics}.`,
    }),
    offer: ({ site, topic, topics }) => ({
      title: `Explore ${topic}`,
      targetAudience: `Visitors comparing options who want details before they decide.`,
      suggestedApproach: `Walk through what ${site} offers — ${topics} — one topic at a time, with a clear next step after each.`,
    }),
    story: ({ site, headline }) => ({
      title: `The story of ${site}`,
      targetAudience: `Visitors who care who is behind ${site} and what it stands for.`,
      suggestedApproach: `Tell the story behind ${site}${headline ? ` — “${headline}” —` : ''} and connect it to what the visitor can do next.`,
    }),
    action: ({ site, action }) => ({
      title: `Get started with ${site}`,
      targetAudience: `Visitors who are ready to act and want the last questions answered.`,
      suggestedApproach: `Answer the typical questions briefly and guide the visitor to the next step: ${action}.`,
    }),
  },
  labels: {
    back: 'Back to start',
    next: (name) => `Next: ${name}`,
    nextStep: 'Your next step',
    keywordTopic: (keyword) => `About ${keyword}`,
  },
  defaultAction: 'Get in touch',
  feedbackNote: (feedback) => `We also want to say this: ${feedback}`,
  tones: {
    persuasive: {
      intro: ({ site, keywords }) =>
        `Welcome to ${site}! If you are looking for ${keywords}, you are in the right place. Choose a topic below and see what we can do for you.`,
      topic: ({ site, name, description }) =>
        join(`${name}:`, description, `That is why people choose ${site}. Want to see it for yourself? Use the button below.`),
      closing: ({ site, action }) => `You have seen what ${site} offers — now it is your turn. The next step is easy: ${action}.`,
      videoIntro: ({ site, keywords }) => `A smiling presenter welcomes the viewer to ${site}, with quick shots of ${keywords}.`,
      videoTopic: ({ name }) => `The presenter introduces ${name}: close-ups of the best details and happy customers.`,
      videoClosing: ({ action }) => `The presenter invites the viewer to act (“${action}”) and points to the button.`,
    },
    grounded: {
      intro: ({ site, keywords, topics }) =>
        `This is ${site}. We focus on ${keywords}. Below you will find short, factual answers about ${topics}. Choose the topic you need.`,
      topic: ({ name, description }) => join(`${name}.`, description, `The details are on our website; the link below takes you there.`),
      closing: ({ site, action }) => `That is ${site} in short. When you are ready, the next step is simple: ${action}.`,
      videoIntro: ({ site, keywords }) => `A calm, steady shot of the presenter at ${site}; short clips of ${keywords} with captions.`,
      videoTopic: ({ name }) => `Clear, well-lit shots of ${name}, with the key facts as on-screen captions.`,
      videoClosing: ({ action }) => `The presenter sums up and shows the next step (“${action}”) on screen.`,
    },
    storytelling: {
      intro: ({ site, keywords }) =>
        `Every story has a beginning, and ours is ${site}. It grew around ${keywords} — and around the people who keep coming back. Where would you like to start?`,
      topic: ({ site, name, description }) =>
        join(`Here is one chapter of the ${site} story: ${name}.`, description, `There is more of it on our website.`),
      closing: ({ action }) => `And this is where your part of the story begins. ${action} — we look forward to meeting you.`,
      videoIntro: ({ site }) => `Opening scene behind the scenes at ${site}: people at work, then the presenter begins the story.`,
      videoTopic: ({ name }) => `Follow one moment of ${name} from start to finish, narrated by the presenter.`,
      videoClosing: () => `The presenter closes the story warmly, looking into the camera, and points to the next step.`,
    },
    bold: {
      intro: ({ site, keywords }) => `${site}. ${capitalise(keywords)}. No detours — pick what you came for.`,
      topic: ({ name, description }) => join(`${name}.`, description, `Take a look. Now.`),
      closing: ({ action }) => `Seen enough? ${action}. Today.`,
      videoIntro: ({ site, keywords }) => `Fast cuts of ${keywords}; the presenter looks straight into the camera. Big on-screen text: ${site}.`,
      videoTopic: ({ name }) => `Quick, punchy clips of ${name} with big captions.`,
      videoClosing: ({ action }) => `One strong close-up, then the words “${action}” fill the screen.`,
    },
  },
};

const fi: Phrasebook = {
  list: (items) => new Intl.ListFormat('fi', { type: 'conjunction' }).format(items),
  cta: {
    contact: () => 'Ota yhteyttä',
    pricing: () => 'Katso hinnat',
    order: () => 'Tilaa nyt',
    booking: () => 'Varaa aika',
    about: () => 'Tutustu meihin',
    products: (name) => `Selaa: ${name}`,
    services: (name) => `Tutustu: ${name}`,
    legal: (name) => `Lue: ${name}`,
    other: (name) => `Tutustu: ${name}`,
  },
  linkDescription: (name, site) => `Sivu ${name} (${site}).`,
  aboutTopic: (name, site) => `Tätä ${site} haluaa kertoa aiheesta: ${name}.`,
  options: {
    overview: ({ site, keywords, topics }) => ({
      title: `Tervetuloa – ${site}`,
      targetAudience: `Ensikertalaiset, jotka haluavat nopeasti tietää, mitä ${site} tarjoaa.`,
      suggestedApproach: `Tervehdi katsojaa, kerro lyhyesti mistä on kyse (${keywords}) ja anna hänen valita, mihin jatkaa: ${topics}.`,
    }),
    offer: ({ site, topic, topics }) => ({
      title: `Tutustu: ${topic}`,
      targetAudience: `Vaihtoehtoja vertailevat katsojat, jotka haluavat tietoa ennen päätöstä.`,
      suggestedApproach: `Käy läpi, mitä ${site} tarjoaa (${topics}), aihe kerrallaan, ja anna jokaisen jälkeen selkeä seuraava askel.`,
    }),
    story: ({ site, headline }) => ({
      title: `Tarinamme – ${site}`,
      targetAudience: `Katsojat, joille on tärkeää, keitä yrityksen takana on ja mitä se edustaa.`,
      suggestedApproach: `Kerro tarina yrityksen takaa${headline ? ` (”${headline}”)` : ''} ja yhdistä se siihen, mitä katsoja voi tehdä seuraavaksi.`,
    }),
    action: ({ site, action }) => ({
      title: `Aloita nyt – ${site}`,
      targetAudience: `Katsojat, jotka ovat valmiita toimimaan ja haluavat vastaukset viimeisiin kysymyksiinsä.`,
      suggestedApproach: `Vastaa tavallisimpiin kysymyksiin lyhyesti ja ohjaa katsoja seuraavaan askeleeseen: ${action}.`,
    }),
  },
  labels: {
    back: 'Takaisin alkuun',
    next: (name) => `Seuraavaksi: ${name}`,
    nextStep: 'Seuraava askel',
    keywordTopic: (keyword) => `Aiheena: ${keyword}`,
  },
  defaultAction: 'Ota yhteyttä',
  feedbackNote: (feedback) => `Haluamme sanoa myös tämän: ${feedback}`,
  tones: {
    persuasive: {
      intro: ({ site, keywords }) =>
        `Tervetuloa! Tämä on ${site}. Meillä tärkeintä ovat nämä: ${keywords}. Valitse alta aihe, niin näytämme, mitä voimme tehdä puolestasi.`,
      topic: ({ name, description }) =>
        join(`${name}:`, description, `Siksi niin moni valitsee meidät. Haluatko nähdä itse? Paina alla olevaa painiketta.`),
      closing: ({ site, action }) => `Nyt tiedät, mitä ${site} tarjoaa – seuraava askel on sinun. Se käy helposti: ${action}.`,
      videoIntro: ({ site, keywords }) => `Hymyilevä juontaja toivottaa katsojan tervetulleeksi (${site}); nopeita otoksia: ${keywords}.`,
      videoTopic: ({ name }) => `Juontaja esittelee aiheen (${name}); lähikuvia parhaista yksityiskohdista ja tyytyväisiä asiakkaita.`,
      videoClosing: ({ action }) => `Juontaja kutsuu katsojan toimimaan (”${action}”) ja osoittaa painiketta.`,
    },
    grounded: {
      intro: ({ site, keywords, topics }) =>
        `Tämä on ${site}. Keskitymme näihin: ${keywords}. Alta löydät lyhyet ja asialliset vastaukset näistä aiheista: ${topics}. Valitse tarvitsemasi aihe.`,
      topic: ({ name, description }) => join(`${name}.`, description, `Tarkemmat tiedot ovat verkkosivuillamme; alla oleva linkki vie sinut sinne.`),
      closing: ({ site, action }) => `Siinä ${site} lyhyesti. Kun olet valmis, seuraava askel on yksinkertainen: ${action}.`,
      videoIntro: ({ keywords }) => `Rauhallinen, vakaa kuva juontajasta; lyhyitä tekstitettyjä otoksia: ${keywords}.`,
      videoTopic: ({ name }) => `Selkeitä, hyvin valaistuja kuvia (${name}); tärkeimmät faktat tekstityksinä.`,
      videoClosing: ({ action }) => `Juontaja tiivistää sanottavansa ja näyttää seuraavan askeleen ruudulla (”${action}”).`,
    },
    storytelling: {
      intro: ({ site, keywords }) =>
        `Jokaisella tarinalla on alkunsa, ja meidän tarinamme on ${site}. Se on rakentunut näiden ympärille: ${keywords} – ja niiden ihmisten, jotka palaavat luoksemme yhä uudelleen. Mistä haluaisit aloittaa?`,
      topic: ({ name, description }) =>
        join(`Tässä yksi luku tarinastamme: ${name}.`, description, `Lisää löydät verkkosivuiltamme.`),
      closing: ({ action }) => `Tästä alkaa sinun osasi tarinassa. ${action} – odotamme jo tapaamistasi.`,
      videoIntro: ({ site }) => `Avauskohtaus kulissien takaa (${site}): ihmiset työssään, sitten juontaja aloittaa tarinan.`,
      videoTopic: ({ name }) => `Seurataan yhtä hetkeä alusta loppuun (${name}); juontaja kertoo.`,
      videoClosing: () => `Juontaja päättää tarinan lämpimästi kameraan katsoen ja osoittaa seuraavaa askelta.`,
    },
    bold: {
      intro: ({ site, keywords }) => `${site}. ${capitalise(keywords)}. Ei kiertoteitä – valitse, mitä tulit hakemaan.`,
      topic: ({ name, description }) => join(`${name}.`, description, `Katso itse. Nyt.`),
      closing: ({ action }) => `Joko riittää? ${action}. Tänään.`,
      videoIntro: ({ site, keywords }) => `Nopeita leikkauksia: ${keywords}. Juontaja katsoo suoraan kameraan. Iso teksti ruudulla: ${site}.`,
      videoTopic: ({ name }) => `Nopeita, iskeviä otoksia (${name}) isoin tekstein.`,
      videoClosing: ({ action }) => `Yksi vahva lähikuva, sitten sanat ”${action}” täyttävät ruudun.`,
    },
  },
};

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The phrasebook of an output language. */
export function phrasebook(language: AiLanguage): Phrasebook {
  return language === 'fi' ? fi : en;
}
