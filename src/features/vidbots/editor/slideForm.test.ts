/**
 * The slide editor's form logic (slideForm.ts): values ↔ slide, the valibot schema's rules and
 * messages (spec 001 §5 Slide), dirty detection (§4 Editor saves), and that every slide the form
 * builds is accepted by the server's strict Slide schema once added to a draft with content.ops.
 */
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { Slide as ServerSlide } from '../../../../server/src/modules/bot/bot.schemas';
import { addSlide, updateSlide } from '../../../../machines/editor/content.ops';
import {
  captionLanguageCodes,
  mediaChoiceOf,
  mediaOfSlide,
  parseDuration,
  slideChanged,
  slideFields,
  slideFormSchema,
  slideFormValues,
  slideNameFromMedia,
  type EditableSlide,
  type SlideFormValues,
} from './slideForm';

const messages = {
  nameRequired: 'NAME_REQUIRED',
  nameTooLong: 'NAME_TOO_LONG',
  descriptionTooLong: 'DESCRIPTION_TOO_LONG',
  mediaRequired: 'MEDIA_REQUIRED',
  languageRequired: 'LANGUAGE_REQUIRED',
  durationRequired: 'DURATION_REQUIRED',
  durationInvalid: 'DURATION_INVALID',
};
const schema = slideFormSchema(messages);

/** The messages of the issues the schema reports, by field path. */
function issuesOf(values: SlideFormValues): Record<string, string[]> {
  const result = v.safeParse(schema, values);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.issues) {
    const key = v.getDotPath(issue) ?? '';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

const video = { id: 11, name: 'welcome.mp4', url: '/files/v/11.mp4', posterUrl: '/files/v/11.jpg', duration: 12.5, captionLanguages: ['en', 'fi'] };
const image = { id: 21, name: 'bunny.jpg', url: '/files/i/21.jpg', posterUrl: '/files/i/21.jpg', duration: null, captionLanguages: [] };

const storedVideoSlide: EditableSlide = {
  id: 1,
  name: 'Welcome',
  description: 'Hello',
  category: 'INTRO',
  type: 'VIDEO',
  videoId: 11,
  imageId: null,
  filename: 'welcome.mp4',
  language: 'fi',
  options: [{ id: 1, name: 'Next', type: 'SLIDE', targetId: 2, videoEndListener: true }],
  videoUrl: '/files/v/11.mp4',
  posterUrl: '/files/v/11.jpg',
  imageUrl: null,
  duration: 12.5,
  captions: [
    { id: 1, languageCode: 'en', url: '/files/c/1.vtt' },
    { id: 2, languageCode: 'fi', url: '/files/c/2.vtt' },
  ],
};
const storedImageSlide: EditableSlide = {
  id: 2,
  name: 'Bunny',
  category: 'SLIDE',
  type: 'IMAGE',
  videoId: null,
  imageId: 21,
  imageAnimation: { type: 'ZOOM_OUT', duration: 6, repeat: true },
  options: [],
  videoUrl: null,
  posterUrl: '/files/i/21.jpg',
  imageUrl: '/files/i/21.jpg',
  duration: null,
  captions: [],
};

describe('slideFormValues', () => {
  it('gives blank values of the requested type for a new slide', () => {
    expect(slideFormValues(undefined, 'IMAGE')).toEqual({
      type: 'IMAGE',
      media: null,
      name: '',
      description: '',
      languageOverride: false,
      language: '',
      animationType: '',
      animationDuration: '',
      animationRepeat: false,
    });
  });

  it('reads a stored video slide, its media and its caption override', () => {
    const values = slideFormValues(storedVideoSlide, 'IMAGE');
    expect(values).toMatchObject({ type: 'VIDEO', name: 'Welcome', description: 'Hello', languageOverride: true, language: 'fi', animationType: '' });
    expect(values.media).toEqual({
      id: 11,
      name: 'welcome.mp4',
      url: '/files/v/11.mp4',
      posterUrl: '/files/v/11.jpg',
      duration: 12.5,
      captionLanguages: ['en', 'fi'],
    });
  });

  it('reads a stored image slide and its animation', () => {
    expect(slideFormValues(storedImageSlide, 'VIDEO')).toMatchObject({
      type: 'IMAGE',
      media: { id: 21, url: '/files/i/21.jpg' },
      languageOverride: false,
      language: '',
      animationType: 'ZOOM_OUT',
      animationDuration: '6',
      animationRepeat: true,
    });
  });

  it('has no media for a slide without one', () => {
    expect(mediaOfSlide({ type: 'VIDEO', videoId: null })).toBeNull();
  });
});

describe('slideFormSchema (spec 001 §5 Slide)', () => {
  const valid: SlideFormValues = { ...slideFormValues(undefined, 'VIDEO'), media: video, name: 'Intro' };

  it('accepts a named slide with media', () => {
    expect(issuesOf(valid)).toEqual({});
  });

  it('requires a name (blank is refused) on the name field', () => {
    expect(issuesOf({ ...valid, name: '   ' })).toEqual({ name: ['NAME_REQUIRED'] });
  });

  it('refuses a name the server refuses (over 255 characters)', () => {
    expect(issuesOf({ ...valid, name: 'x'.repeat(256) })).toEqual({ name: ['NAME_TOO_LONG'] });
    expect(issuesOf({ ...valid, name: 'x'.repeat(255) })).toEqual({});
  });

  it('refuses a description over 5000 characters', () => {
    expect(issuesOf({ ...valid, description: 'x'.repeat(5001) })).toEqual({ description: ['DESCRIPTION_TOO_LONG'] });
  });

  it('requires media', () => {
    expect(issuesOf({ ...valid, media: null })).toEqual({ media: ['MEDIA_REQUIRED'] });
  });

  it('requires a language while the caption override is on (video slides only)', () => {
    expect(issuesOf({ ...valid, languageOverride: true })).toEqual({ language: ['LANGUAGE_REQUIRED'] });
    expect(issuesOf({ ...valid, languageOverride: true, language: 'sv' })).toEqual({});
    expect(issuesOf({ ...valid, type: 'IMAGE', media: image, languageOverride: true })).toEqual({});
  });

  it('requires the animation duration of an animated image slide, a number ≥ 0', () => {
    const img: SlideFormValues = { ...valid, type: 'IMAGE', media: image, animationType: 'PAN' };
    expect(issuesOf(img)).toEqual({ animationDuration: ['DURATION_REQUIRED'] });
    expect(issuesOf({ ...img, animationDuration: 'abc' })).toEqual({ animationDuration: ['DURATION_INVALID'] });
    expect(issuesOf({ ...img, animationDuration: '-1' })).toEqual({ animationDuration: ['DURATION_INVALID'] });
    expect(issuesOf({ ...img, animationDuration: '8' })).toEqual({});
    expect(issuesOf({ ...img, animationDuration: '2,5' })).toEqual({});
    // No animation, or a video slide: no duration needed.
    expect(issuesOf({ ...img, animationType: '' })).toEqual({});
    expect(issuesOf({ ...valid, animationType: 'PAN' })).toEqual({});
  });
});

describe('parseDuration', () => {
  it('reads seconds, with a comma or a point', () => {
    expect(parseDuration('8')).toBe(8);
    expect(parseDuration(' 2,5 ')).toBe(2.5);
    expect(parseDuration('0')).toBe(0);
    expect(parseDuration('')).toBeNull();
    expect(parseDuration('-3')).toBeNull();
    expect(parseDuration('Infinity')).toBeNull();
  });
});

describe('slideFields', () => {
  it('builds a video slide: trimmed name, media ids and urls, the override language, no animation', () => {
    const values: SlideFormValues = {
      ...slideFormValues(undefined, 'VIDEO'),
      media: video,
      name: '  Intro  ',
      description: 'About us',
      languageOverride: true,
      language: 'en',
      animationType: 'PAN',
      animationDuration: '5',
    };
    expect(slideFields(values, [])).toEqual({
      type: 'VIDEO',
      name: 'Intro',
      description: 'About us',
      videoId: 11,
      imageId: null,
      filename: 'welcome.mp4',
      language: 'en',
      imageAnimation: null,
      videoUrl: '/files/v/11.mp4',
      imageUrl: null,
      posterUrl: '/files/v/11.jpg',
      duration: 12.5,
      captions: [],
      options: [],
    });
  });

  it('stores language null when the override is off, and for image slides', () => {
    const off = { ...slideFormValues(storedVideoSlide, 'VIDEO'), languageOverride: false };
    expect(slideFields(off, [], storedVideoSlide).language).toBeNull();
    const img = { ...slideFormValues(undefined, 'IMAGE'), media: image, name: 'B', languageOverride: true, language: 'fi' };
    expect(slideFields(img, []).language).toBeNull();
  });

  it('builds an image slide with its animation (seconds, repeat) and a blank description as null', () => {
    const values: SlideFormValues = {
      ...slideFormValues(undefined, 'IMAGE'),
      media: image,
      name: 'Bunny',
      description: '   ',
      animationType: 'PAN',
      animationDuration: '8',
      animationRepeat: true,
    };
    expect(slideFields(values, [])).toMatchObject({
      type: 'IMAGE',
      videoId: null,
      imageId: 21,
      imageUrl: '/files/i/21.jpg',
      description: null,
      imageAnimation: { type: 'PAN', duration: 8, repeat: true },
      language: null,
    });
  });

  it('keeps the captions of the same video and drops them for another video', () => {
    const same = slideFields(slideFormValues(storedVideoSlide, 'VIDEO'), storedVideoSlide.options, storedVideoSlide);
    expect('captions' in same).toBe(false);
    const other = slideFields({ ...slideFormValues(storedVideoSlide, 'VIDEO'), media: { ...video, id: 12 } }, [], storedVideoSlide);
    expect(other.captions).toEqual([]);
  });

  it('throws without media (the schema refuses such values first)', () => {
    expect(() => slideFields(slideFormValues(undefined, 'VIDEO'), [])).toThrow(/no media/);
  });
});

describe('slideChanged (spec 001 §4: Save only when dirty)', () => {
  it('is false for the untouched values of a stored slide', () => {
    expect(slideChanged(storedVideoSlide, slideFields(slideFormValues(storedVideoSlide, 'VIDEO'), storedVideoSlide.options, storedVideoSlide))).toBe(false);
    expect(slideChanged(storedImageSlide, slideFields(slideFormValues(storedImageSlide, 'IMAGE'), [], storedImageSlide))).toBe(false);
  });

  it('is true after a change of any stored field or of the buttons, and false again after undoing it', () => {
    const values = slideFormValues(storedVideoSlide, 'VIDEO');
    const changed = (v2: SlideFormValues, options = storedVideoSlide.options) => slideChanged(storedVideoSlide, slideFields(v2, options, storedVideoSlide));
    expect(changed({ ...values, name: 'Welcome!' })).toBe(true);
    expect(changed({ ...values, description: 'Hi' })).toBe(true);
    expect(changed({ ...values, languageOverride: false })).toBe(true);
    expect(changed({ ...values, language: 'en' })).toBe(true);
    expect(changed({ ...values, media: { ...video, id: 99 } })).toBe(true);
    expect(changed(values, [{ ...storedVideoSlide.options[0]!, featured: true }])).toBe(true);
    expect(changed(values, [])).toBe(true);
    expect(changed({ ...values, name: 'Welcome' })).toBe(false);
  });

  it('notices animation changes of an image slide', () => {
    const values = slideFormValues(storedImageSlide, 'IMAGE');
    const changed = (v2: SlideFormValues) => slideChanged(storedImageSlide, slideFields(v2, [], storedImageSlide));
    expect(changed({ ...values, animationDuration: '7' })).toBe(true);
    expect(changed({ ...values, animationType: 'PAN' })).toBe(true);
    expect(changed({ ...values, animationRepeat: false })).toBe(true);
    expect(changed({ ...values, animationType: '' })).toBe(true);
    expect(changed({ ...values, animationDuration: '6.0' })).toBe(false);
  });
});

describe('the slides the form builds are what the server stores', () => {
  const base = { slides: [] as EditableSlide[], actions: [], theme: {}, settings: {} };

  it('a new video slide and a new animated image slide, added with content.ops, pass the strict Slide schema', () => {
    const first = addSlide(
      base,
      slideFields({ ...slideFormValues(undefined, 'VIDEO'), media: video, name: 'Intro', languageOverride: true, language: 'fi' }, []),
    );
    if (first.error !== undefined) throw new Error(first.error);
    const second = addSlide(
      first.content,
      slideFields(
        { ...slideFormValues(undefined, 'IMAGE'), media: image, name: 'Bunny', animationType: 'ZOOM_OUT', animationDuration: '8', animationRepeat: true },
        [],
      ),
    );
    if (second.error !== undefined) throw new Error(second.error);
    for (const slide of second.content.slides) {
      const parsed = v.safeParse(ServerSlide, slide);
      expect(parsed.issues?.map((i) => `${v.getDotPath(i)}: ${i.message}`) ?? []).toEqual([]);
    }
    expect(second.content.slides.map((s) => [s.id, s.category, s.type])).toEqual([
      [1, 'INTRO', 'VIDEO'],
      [2, 'SLIDE', 'IMAGE'],
    ]);
  });

  it('an edited stored slide passes the strict Slide schema and keeps its id and category', () => {
    const content = { ...base, slides: [storedVideoSlide, storedImageSlide] };
    const result = updateSlide(
      content,
      1,
      slideFields({ ...slideFormValues(storedVideoSlide, 'VIDEO'), name: 'Hello' }, storedVideoSlide.options, storedVideoSlide),
    );
    if (result.error !== undefined) throw new Error(result.error);
    const slide = result.content.slides[0]!;
    expect(slide).toMatchObject({ id: 1, category: 'INTRO', name: 'Hello', language: 'fi' });
    expect(v.safeParse(ServerSlide, slide).success).toBe(true);
  });
});

describe('media and languages', () => {
  it('takes a chosen Media row: poster of a video is its thumbnail, of an image the image itself', () => {
    expect(
      mediaChoiceOf({
        id: 5,
        name: 'a.webm',
        url: '/v.mp4',
        thumbnailUrl: '/t.jpg',
        mediaType: 'VIDEO',
        duration: 3,
        captions: [{ id: 1, languageCode: 'sv', createdAt: '', url: '' }],
      }),
    ).toEqual({ id: 5, name: 'a.webm', url: '/v.mp4', posterUrl: '/t.jpg', duration: 3, captionLanguages: ['sv'] });
    expect(mediaChoiceOf({ id: 6, name: 'b.png', url: '/b.png', thumbnailUrl: null, mediaType: 'IMAGE', duration: null, captions: [] }).posterUrl).toBe(
      '/b.png',
    );
  });

  it('names a slide after its media without the extension', () => {
    expect(slideNameFromMedia('echo-hereweare.webm')).toBe('echo-hereweare');
    expect(slideNameFromMedia('.webm')).toBe('.webm');
  });

  it('offers the video’s subtitle languages, else every language, and keeps a stored choice', () => {
    const all = ['de', 'en', 'fi', 'sv'];
    expect(captionLanguageCodes(video, all, '')).toEqual(['en', 'fi']);
    expect(captionLanguageCodes(image, all, '')).toEqual(all);
    expect(captionLanguageCodes(null, all, '')).toEqual(all);
    expect(captionLanguageCodes(video, all, 'sv')).toEqual(['sv', 'en', 'fi']);
  });
});
