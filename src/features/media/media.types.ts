/**
 * Media answer shape of docs/api.md "Media" (spec 001 §3).
 */
import type { MediaKind, MediaStatus } from '../../../machines/upload/upload.actors';

export type { MediaKind, MediaStatus };

/** GET /media, GET /media/{id}, POST /media (plus `uploadUrl` there). */
export interface Media {
  id: number;
  accountId: number;
  name: string;
  type: MediaKind;
  mediaType: 'VIDEO' | 'IMAGE';
  status: MediaStatus;
  url: string | null;
  thumbnailUrl: string | null;
  previewUrl: string | null;
  /** Seconds. */
  duration: number | null;
  width: number | null;
  height: number | null;
  /** Bytes. */
  size: number | null;
  createdAt: string;
  errorReason: string | null;
  /** Spec 001 §3 Crop: x, y percent 0..100, scale 0.5..5 (50, 50, 1 by default). */
  crop: MediaCrop;
  /** Set on an unfinished replacement upload (never in lists). */
  replacesId: number | null;
  /** WebVTT subtitles, one per ISO 639-1 language. */
  captions: MediaCaption[];
}

/** Spec 001 §3 "Crop". */
export interface MediaCrop {
  x: number;
  y: number;
  scale: number;
}

/** One subtitle file of a media (`url` is its public `/files/…` address). */
export interface MediaCaption {
  id: number;
  languageCode: string;
  createdAt: string;
  url: string;
}

/** Spec 001 §2 media chooser: the kinds allowed in video mode and in image mode. */
export const CHOOSER_KINDS = {
  VIDEO: ['SlideVideo', 'LogoVideo'],
  IMAGE: ['SlideImage', 'LogoImage', 'CoverImage'],
} as const satisfies Record<'VIDEO' | 'IMAGE', readonly MediaKind[]>;
