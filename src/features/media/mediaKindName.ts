/**
 * Display names of the media kinds (spec 001 §3 Media: SlideVideo, LogoVideo, SlideImage, LogoImage,
 * CoverImage, ProfileImage), in the UI language (Lingui, en and fi).
 */
import { useLingui } from '@lingui/react/macro';
import type { MediaKind } from './media.types';

/** A hook answering `(kind) => name`, e.g. 'CoverImage' → "Cover image" ("Kansikuva" in Finnish). */
export function useMediaKindName(): (kind: MediaKind) => string {
  const { t } = useLingui();
  const names: Record<MediaKind, string> = {
    SlideVideo: t`Slide video`,
    LogoVideo: t`Logo video`,
    SlideImage: t`Slide image`,
    LogoImage: t`Logo image`,
    CoverImage: t`Cover image`,
    ProfileImage: t`Profile image`,
  };
  return (kind) => names[kind];
}
