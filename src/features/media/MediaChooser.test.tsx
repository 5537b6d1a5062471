/**
 * Media chooser (spec 001 §2 "Media chooser": video mode allows SlideVideo and LogoVideo, image mode
 * SlideImage, LogoImage and CoverImage; the wrong kind is rejected and logged as an error; §8 "wrong
 * media type choice is logged"): the kind rule, and the dialog refusing a wrong kind with an alert,
 * a console.error and the installed error reporter (Sentry when it runs).
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { setErrorReporter } from '../../ui/reportError';
import { chooserRefusal, MediaChooser } from './MediaChooser';
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

describe('MediaChooser', () => {
  /** Renders an open chooser whose list answer is `records` (no fetch: the query is seeded). */
  function renderChooser(mode: 'VIDEO' | 'IMAGE', records: Media[]) {
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    const options = chooserMediaOptions(1, CHOOSER_KINDS[mode], '');
    queryClient.setQueryData(options.queryKey, { records, metadata: { page: 1, pageSize: 50, pageCount: 1, totalCount: records.length } });
    const onChoose = vi.fn<(m: Media) => void>();
    render(
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <MediaChooser open mode={mode} accountId={1} canUpload onChoose={onChoose} onClose={() => undefined} />
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
});
