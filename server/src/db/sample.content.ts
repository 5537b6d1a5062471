/**
 * The sample vidbot of the demo account (issue 10 §2 "First impression"): a five-slide welcome tour
 * of Vidbot. This one definition feeds both the media generator (`scripts/sample-media.ts`, which
 * burns the `title` and `lines` into the clips and the image) and the seed (`server/src/db/sample.ts`,
 * which stores the files as media and writes the content document, spec 001 §3).
 *
 * Chart (spec 001 §3 buttons; DESIGN §1b "a vidbot is a statechart"):
 *
 *   1 Welcome (INTRO, video) ─What is a vidbot?─▶ 2   ─Branch by button─▶ 3   ─Capture leads─▶ 4
 *   2 What is a vidbot? (video) ─Next: branching (also on video end, autoplay)─▶ 3   ─Back to the start─▶ 1
 *   3 Branch by button (video)  ─Capture leads─▶ 4   ─What is a statechart?─▶ action 6 (external link)   ─Back to the start─▶ 1
 *   4 Capture leads (video)     ─Leave your e-mail─▶ action 7 (form → thank-you page ─Continue the tour─▶ 5)
 *                               ─Share your vidbot─▶ 5   ─Back to the start─▶ 1
 *   5 Share your vidbot (image) ─Watch again─▶ 1   ─Close the tour─▶ closed
 *
 * Every slide is reachable from the intro and none is a dead end (checked by server/test/sample.test.ts
 * with `analyzeVidbot`). Action ids follow the slide count (spec 001 §4 "external-link action ids
 * follow after the slide count").
 */

/** One slide of the tour: what the seed stores and what the generator draws. */
export interface SampleSlide {
  id: number;
  name: string;
  category: 'INTRO' | 'SLIDE';
  type: 'VIDEO' | 'IMAGE';
  /** File under server/assets/sample/ (MP4 H.264/AAC for video slides, PNG for image slides). */
  file: string;
  /** Media name in the library. */
  mediaName: string;
  /** Background colour of the clip, `0xRRGGBB`. */
  background: string;
  /** Heading drawn on the clip. */
  title: string;
  /** Body lines drawn under the heading (≤ 50 characters each so they fit 1280 px). */
  lines: string[];
  options: {
    id: number;
    name: string;
    type: 'SLIDE' | 'EXTERNAL_LINK' | 'CLOSE_VIDBOT' | 'REGULAR_FORM';
    targetId: number | null;
    featured?: boolean;
    videoEndListener?: boolean;
    videoEndAutoplay?: boolean;
  }[];
}

/** Name of the sample vidbot. */
export const SAMPLE_BOT_NAME = 'Welcome to Vidbot';

/** Length of each clip, seconds. */
export const SAMPLE_CLIP_SECONDS = 8;

/** Frame size of the clips and the image, px. */
export const SAMPLE_SIZE = { width: 1280, height: 720 } as const;

/** The one external link of the tour (opened in a new tab by the player's host). */
export const SAMPLE_LINK_URL = 'https://statecharts.dev/';

export const SAMPLE_SLIDES: SampleSlide[] = [
  {
    id: 1,
    name: 'Welcome',
    category: 'INTRO',
    type: 'VIDEO',
    file: 'welcome.mp4',
    mediaName: 'Tour 1 – Welcome',
    background: '0x2a1f7a',
    title: 'Welcome to Vidbot',
    lines: ['This is a vidbot: short videos with buttons.', 'You choose what plays next.', 'Pick a button below to start the tour.'],
    options: [
      { id: 1, name: 'What is a vidbot?', type: 'SLIDE', targetId: 2, featured: true },
      { id: 2, name: 'Branch by button', type: 'SLIDE', targetId: 3 },
      { id: 3, name: 'Capture leads', type: 'SLIDE', targetId: 4 },
    ],
  },
  {
    id: 2,
    name: 'What is a vidbot?',
    category: 'SLIDE',
    type: 'VIDEO',
    file: 'what-is-a-vidbot.mp4',
    mediaName: 'Tour 2 – What is a vidbot',
    background: '0x0d5c63',
    title: 'What is a vidbot?',
    lines: [
      'A vidbot is a set of slides.',
      'Each slide is a video or an image with buttons.',
      'A button opens a slide, a form or a web page.',
      'Wait for the end: the next slide plays by itself.',
    ],
    options: [
      { id: 1, name: 'Next: branching', type: 'SLIDE', targetId: 3, featured: true, videoEndListener: true, videoEndAutoplay: true },
      { id: 2, name: 'Back to the start', type: 'SLIDE', targetId: 1 },
    ],
  },
  {
    id: 3,
    name: 'Branch by button',
    category: 'SLIDE',
    type: 'VIDEO',
    file: 'branch-by-button.mp4',
    mediaName: 'Tour 3 – Branch by button',
    background: '0x5b2a86',
    title: 'Branch by button',
    lines: [
      'Every viewer takes their own path.',
      'Buttons branch the story, and analytics',
      'show which paths people choose.',
      'Under the hood, a vidbot is a statechart.',
    ],
    options: [
      { id: 1, name: 'Capture leads', type: 'SLIDE', targetId: 4, featured: true },
      { id: 2, name: 'What is a statechart?', type: 'EXTERNAL_LINK', targetId: 6 },
      { id: 3, name: 'Back to the start', type: 'SLIDE', targetId: 1 },
    ],
  },
  {
    id: 4,
    name: 'Capture leads',
    category: 'SLIDE',
    type: 'VIDEO',
    file: 'capture-leads.mp4',
    mediaName: 'Tour 4 – Capture leads',
    background: '0x1f5f3a',
    title: 'Capture leads',
    lines: [
      'Ask for a name and an e-mail address',
      'right inside the video, with a form button.',
      'Each answer reaches you or your CRM.',
    ],
    options: [
      { id: 3, name: 'Leave your e-mail', type: 'REGULAR_FORM', targetId: 7, featured: true },
      { id: 1, name: 'Share your vidbot', type: 'SLIDE', targetId: 5 },
      { id: 2, name: 'Back to the start', type: 'SLIDE', targetId: 1 },
    ],
  },
  {
    id: 5,
    name: 'Share your vidbot',
    category: 'SLIDE',
    type: 'IMAGE',
    file: 'share-your-vidbot.png',
    mediaName: 'Tour 5 – Share your vidbot',
    background: '0x7a3414',
    title: 'Share your vidbot',
    lines: [
      'Publish it, then share it as a widget,',
      'an iframe, a direct link or a display ad.',
      'Make your own: press “Create new” in the list.',
    ],
    options: [
      { id: 1, name: 'Watch again', type: 'SLIDE', targetId: 1, featured: true },
      { id: 2, name: 'Close the tour', type: 'CLOSE_VIDBOT', targetId: null },
    ],
  },
];

/** Who receives the sample form's answers (the demo account's owner; bcc its admin): they land in the e-mail outbox. */
export const SAMPLE_FORM_RECIPIENTS = { email: 'owner@example.com', emailBcc: 'admin@example.com' } as const;

/**
 * The tour's actions (spec 001 §3 Action): the external link of slide 3 and the lead form of slide 4
 * (issue 12: name, e-mail and a consent box; submit → a custom thank-you page whose button continues
 * the tour on slide 5).
 */
export const SAMPLE_ACTIONS = [
  {
    id: 6,
    name: 'What is a statechart?',
    type: 'EXTERNAL_LINK' as const,
    url: SAMPLE_LINK_URL,
    externalLinkType: 'url',
    linkType: 'new_tab',
  },
  {
    id: 7,
    name: 'Leave your e-mail',
    type: 'REGULAR_FORM' as const,
    description: 'This is how a vidbot captures leads. Your answer goes to the owner of this demo account.',
    ...SAMPLE_FORM_RECIPIENTS,
    subject: 'New lead from the Vidbot tour',
    customPrivacyPolicy: { enabled: false, url: null },
    button: { type: 'THANK_YOU_PAGE', slideId: null },
    thankYouPage: {
      type: 'CUSTOM',
      description: 'Thanks! That is all it takes: every answer is stored with the vidbot and e-mailed to its recipients.',
      buttonType: 'SLIDE',
      buttonName: 'Continue the tour',
      slideId: 5,
    },
    fields: [
      { id: 1, name: 'name', type: 'text', label: 'Your name', required: true },
      { id: 2, name: 'email', type: 'email', label: 'E-mail', required: true },
      { id: 3, name: 'consent', type: 'general_checkbox', label: 'You may contact me about Vidbot.', required: true },
    ],
  },
];

/** The slide's on-screen text as one paragraph (stored as the slide description: a transcript, and the image's alt text). */
export function sampleDescription(slide: Pick<SampleSlide, 'title' | 'lines'>): string {
  const title = /[.?!]$/.test(slide.title) ? slide.title : `${slide.title}.`;
  return `${title} ${slide.lines.join(' ')}`;
}
