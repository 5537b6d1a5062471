/**
 * Media answer shape (spec 001 §3), declared once by the server's contract (GET /api/openapi.json).
 */
import type { Schema } from '../../api/contract';
import type { MediaKind, MediaStatus } from '../../../machines/upload/upload.actors';

export type { MediaKind, MediaStatus };

/**
 * GET /media, GET /media/{id}, POST /media (plus `uploadUrl` there) — the server's contract (issue 10
 * §4): `duration` in seconds, `size` in bytes, `crop` x/y percent 0..100 and scale 0.5..5 (spec 001
 * §3 Crop), `replacesId` set on an unfinished replacement upload, `captions` one WebVTT file per
 * ISO 639-1 language.
 */
export type Media = Schema<'Media'>;

/** Spec 001 §3 "Crop". */
export type MediaCrop = Media['crop'];

/** The crop a media gets when cropping is switched on (spec 001 §3 "Crop": 50, 50, 1). */
export const DEFAULT_CROP: MediaCrop = { x: 50, y: 50, scale: 1 };

/** One subtitle file of a media (`url` is its public `/files/…` address). */
export type MediaCaption = Media['captions'][number];

/** Spec 001 §2 media chooser: the kinds allowed in video mode and in image mode. */
export const CHOOSER_KINDS = {
  VIDEO: ['SlideVideo', 'LogoVideo'],
  IMAGE: ['SlideImage', 'LogoImage', 'CoverImage'],
} as const satisfies Record<'VIDEO' | 'IMAGE', readonly MediaKind[]>;
