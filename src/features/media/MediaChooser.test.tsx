/**
 * Media chooser (spec 001 §2 "Media chooser": video mode allows SlideVideo and LogoVideo, image mode
 * SlideImage, LogoImage and CoverImage; the wrong kind is rejected and logged as an error; §8 "wrong
 * media type choice is logged"): the kind rule, and the dialog refusing a wrong kind with an alert,
 * a console.error and the installed error reporter (Sentry when it runs). Issue 11: a chooser narrowed
 * to the kinds a setting takes (a cover: CoverImage; a logo: LogoImage / LogoVideo) lists the mode's
 * other kinds after the accepted ones and refuses them with a message naming the accepted kinds; an
 * upload there is created as the given kind.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { setErrorReporter } from '../../ui/reportError';
import { chooserKinds, chooserRefusal, MediaChooser } from './MediaChooser';
import { chooserMediaOptions } from './media.queries';
import { CHOOSER_KINDS, type Media, type MediaKind } from './media.types';

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  // happy-dom's <dialog> may lack showModal; the chooser only needs it to open.
  if (!HTMLDialogElement.prototype.showModal) HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) { this.open = true; };
});
afterEach(() => {
  cleanup();
  setErrorReporter(null);
  vi.restoreAllMocks();
});

const VIDEO_KINDS: MediaKind[] = ['SlideVideo', 'LogoVideo'];
const mediaOf = (id: number, type: MediaKind, extra: Partial<Media> = {}): Media => ({
  id,
  accountId: 1,
  name: `${type} ${id}`,
  type,
  mediaType: VIDEO_KINDS.includes(type) ? 'VIDEO' : 'IMAGE',
  status: 'Ready',
  url: `/files/${id}`,
  thumbnailUrl: null,
  previewUrl: null,
  duration: null,
  width: null,
  height: null,
  size: null,
  createdAt: '2026-11-22T08:00:00Z',
  errorReason: null,
  crop: { x: 50, y: 50, scale: 1 },
  replacesId: null,
  captions: [],
  ...extra,
});

describe('chooserRefusal', () => {
  const ALL: MediaKind[] = ['SlideVideo', 'LogoVideo', 'SlideImage', 'LogoImage', 'CoverImage', 'ProfileImage'];
  it('video mode allows SlideVideo and LogoVideo only; image mode SlideImage, LogoImage and CoverImage only', () => {
    expect(ALL.filter((k) => chooserRefusal('VIDEO', mediaOf(1, k)) === null)).toEqual(['SlideVideo', 'LogoVideo']);
    expect(ALL.filter((k) => chooserRefusal('IMAGE', mediaOf(1, k)) === null)).toEqual(['SlideImage', 'LogoImage', 'CoverImage']);
    expect(CHOOSER_KINDS).toEqual({ VIDEO: ['SlideVideo', 'LogoVideo'], IMAGE: ['SlideImage', 'LogoImage', 'CoverImage'] });
  });

  it('refuses media that are not Ready and a kind whose media type disagrees', () => {
    expect(chooserRefusal('VIDEO', mediaOf(2, 'SlideVideo', { status: 'Draft' }))).toMatch(/not Ready/);
    expect(chooserRefusal('VIDEO', mediaOf(3, 'SlideVideo', { mediaType: 'IMAGE' }))).toMatch(/media 3 chosen where VIDEO/);
  });
});

describe('chooserKinds (issue 11)', () => {
  it('defaults to the mode\'s kinds and a Slide upload; a narrowed chooser uploads its own kind', () => {
    expect(chooserKinds('IMAGE')).toEqual({ kinds: CHOOSER_KINDS.IMAGE, uploadKind: 'SlideImage' });
    expect(chooserKinds('VIDEO')).toEqual({ kinds: CHOOSER_KINDS.VIDEO, uploadKind: 'SlideVideo' });
    expect(chooserKinds('IMAGE', ['CoverImage'])).toEqual({ kinds: ['CoverImage'], uploadKind: 'CoverImage' });
    expect(chooserKinds('IMAGE', ['LogoImage'])).toEqual({ kinds: ['LogoImage'], uploadKind: 'LogoImage' });
    expect(chooserKinds('VIDEO', ['LogoVideo'])).toEqual({ kinds: ['LogoVideo'], uploadKind: 'LogoVideo' });
    expect(chooserKinds('VIDEO', ['SlideVideo', 'LogoVideo'])).toEqual({ kinds: ['SlideVideo', 'LogoVideo'], uploadKind: 'SlideVideo' });
    expect(chooserKinds('IMAGE', ['SlideImage', 'CoverImage'], 'CoverImage').uploadKind).toBe('CoverImage');
  });

  it('throws for kinds outside the mode, no kinds, or an upload kind that is not accepted', () => {
    expect(() => chooserKinds('IMAGE', ['LogoVideo'])).toThrow(/subset of IMAGE/);
    expect(() => chooserKinds('IMAGE', ['ProfileImage'])).toThrow(/subset of IMAGE/);
    expect(() => chooserKinds('VIDEO', [])).toThrow(/non-empty/);
    expect(() => chooserKinds('IMAGE', ['CoverImage'], 'SlideImage')).toThrow(/uploadKind SlideImage is not one of \[CoverImage\]/);
  });

  it('narrowed: a kind of the mode outside `kinds` is refused with its own reason', () => {
    expect(chooserRefusal('IMAGE', mediaOf(4, 'SlideImage'), ['CoverImage'])).toBe('Media chooser: SlideImage media 4 chosen where CoverImage is expected');
    expect(chooserRefusal('IMAGE', mediaOf(5, 'CoverImage'), ['CoverImage'])).toBeNull();
    expect(chooserRefusal('IMAGE', mediaOf(6, 'LogoVideo'), ['LogoImage'])).toMatch(/LogoVideo \(VIDEO\) media 6 chosen where IMAGE/);
  });
});

describe('MediaChooser', () => {
  /** Renders an open chooser whose list answer is `records` (no fetch: the query is seeded). */
  function renderChooser(mode: 'VIDEO' | 'IMAGE', records: Media[], kinds?: readonly MediaKind[]) {
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    const options = chooserMediaOptions(1, CHOOSER_KINDS[mode], '');
    queryClient.setQueryData(options.queryKey, { records, metadata: { page: 1, pageSize: 50, pageCount: 1, totalCount: records.length } });
    const onChoose = vi.fn<(m: Media) => void>();
    render(
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <MediaChooser open mode={mode} kinds={kinds} accountId={1} canUpload onChoose={onChoose} onClose={() => undefined} />
        </QueryClientProvider>
      </I18nProvider>,
    );
    return { onChoose };
  }

  it('refuses a wrong kind: alert, console.error and the error reporter; the choice is not passed on', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reporter = vi.fn();
    setErrorReporter(reporter);
    // A profile picture is an image but not one the image chooser allows; a video in image mode.
    const { onChoose } = renderChooser('IMAGE', [mediaOf(7, 'ProfileImage'), mediaOf(8, 'SlideVideo'), mediaOf(9, 'CoverImage')]);

    fireEvent.click(await screen.findByRole('button', { name: /ProfileImage 7/ }));
    expect(onChoose).not.toHaveBeenCalled();
    expect((await screen.findByRole('alert')).textContent).toBe('“ProfileImage 7” cannot be used here: choose an image.');
    expect(consoleError).toHaveBeenCalledWith(expect.stringContaining('ProfileImage (IMAGE) media 7 chosen where IMAGE'), expect.objectContaining({ mediaId: 7, mode: 'IMAGE' }));
    expect(reporter).toHaveBeenCalledWith(expect.stringContaining('media 7'), { mediaId: 7, kind: 'ProfileImage', mediaType: 'IMAGE', mode: 'IMAGE' });

    fireEvent.click(screen.getByRole('button', { name: /SlideVideo 8/ }));
    expect(onChoose).not.toHaveBeenCalled();
    expect(reporter).toHaveBeenCalledTimes(2);

    fireEvent.click(screen.getByRole('button', { name: /CoverImage 9/ }));
    expect(onChoose).toHaveBeenCalledWith(expect.objectContaining({ id: 9 }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(reporter).toHaveBeenCalledTimes(2);
  });

  it('video mode passes a LogoVideo on and refuses an image', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { onChoose } = renderChooser('VIDEO', [mediaOf(11, 'LogoVideo', { duration: 45 }), mediaOf(12, 'SlideImage')]);
    fireEvent.click(await screen.findByRole('button', { name: /SlideImage 12/ }));
    expect(onChoose).not.toHaveBeenCalled();
    expect((await screen.findByRole('alert')).textContent).toBe('“SlideImage 12” cannot be used here: choose a video.');
    const video = screen.getByRole('button', { name: /LogoVideo 11/ });
    expect(video.textContent).toContain('00:00:45');
    fireEvent.click(video);
    expect(onChoose).toHaveBeenCalledWith(expect.objectContaining({ id: 11 }));
  });

  it('narrowed to CoverImage: lists the mode\'s kinds, accepted first with their kind; refuses a SlideImage with the accepted kinds and logs it', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reporter = vi.fn();
    setErrorReporter(reporter);
    const { onChoose } = renderChooser('IMAGE', [mediaOf(21, 'SlideImage'), mediaOf(22, 'LogoImage'), mediaOf(23, 'CoverImage')], ['CoverImage']);

    const tiles = await screen.findAllByRole('button', { name: /Image 2\d/ });
    expect(tiles.map((b) => b.textContent)).toEqual(['CoverImage 23Cover image', 'SlideImage 21Slide image', 'LogoImage 22Logo image']);
    expect(screen.getByText('Accepted here: Cover image. An upload is stored as Cover image.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /SlideImage 21/ }));
    expect(onChoose).not.toHaveBeenCalled();
    expect((await screen.findByRole('alert')).textContent).toBe('“SlideImage 21” (Slide image) cannot be used here. Accepted here: Cover image.');
    expect(consoleError).toHaveBeenCalledWith('Media chooser: SlideImage media 21 chosen where CoverImage is expected', expect.objectContaining({ mediaId: 21 }));
    expect(reporter).toHaveBeenCalledWith('Media chooser: SlideImage media 21 chosen where CoverImage is expected', {
      mediaId: 21,
      kind: 'SlideImage',
      mediaType: 'IMAGE',
      mode: 'IMAGE',
      kinds: 'CoverImage',
    });

    fireEvent.click(screen.getByRole('button', { name: /CoverImage 23/ }));
    expect(onChoose).toHaveBeenCalledWith(expect.objectContaining({ id: 23 }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('not narrowed: no kind labels and no hint (the slide editor\'s chooser is unchanged)', async () => {
    renderChooser('IMAGE', [mediaOf(31, 'SlideImage'), mediaOf(32, 'CoverImage')]);
    const tiles = await screen.findAllByRole('button', { name: /Image 3\d/ });
    expect(tiles.map((b) => b.textContent)).toEqual(['SlideImage 31', 'CoverImage 32']);
    expect(screen.queryByText(/Accepted here/)).toBeNull();
  });
});
