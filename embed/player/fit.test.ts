import { describe, expect, it } from 'vitest';
import { fitMedia } from './player';

const box = (clientWidth: number, clientHeight: number) => ({ clientWidth, clientHeight }) as HTMLElement;

describe('fitMedia (how a slide video fills the player)', () => {
  it('shows a landscape video whole in a portrait phone player', () => {
    const media = document.createElement('video');
    fitMedia(media, 1280, 720, box(390, 844));
    expect(media.dataset.fit).toBe('contain');
  });
  it('shows a portrait video whole in a wide desktop player', () => {
    const media = document.createElement('video');
    fitMedia(media, 720, 1280, box(1280, 720));
    expect(media.dataset.fit).toBe('contain');
  });
  it('lets similar shapes fill the player (cover) and undoes contain when the player turns', () => {
    const media = document.createElement('video');
    fitMedia(media, 1280, 720, box(390, 844));
    fitMedia(media, 1280, 720, box(1280, 900));
    expect(media.dataset.fit).toBeUndefined();
    fitMedia(media, 720, 1280, box(390, 844));
    expect(media.dataset.fit).toBeUndefined();
  });
  it('changes nothing before the metadata (zero sizes)', () => {
    const media = document.createElement('video');
    media.dataset.fit = 'contain';
    fitMedia(media, 0, 0, box(390, 844));
    expect(media.dataset.fit).toBe('contain');
  });
});
