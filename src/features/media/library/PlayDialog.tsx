/**
 * Play / view dialog of the media library (spec 001 §2 "a thumbnail and play action exist only when
 * status is Ready and a url exists"): a video with controls and its subtitles as text tracks, or the
 * image.
 */
import { useLingui } from '@lingui/react/macro';
import { Dialog } from '../../../ui/Dialog';
import type { Media } from '../media.types';
import { subtitleLanguageName } from './languages';

export function PlayDialog({ media, onClose }: { media: Media | null; onClose: () => void }) {
  const { i18n } = useLingui();
  return (
    <Dialog open={media !== null} title={media?.name ?? ''} onClose={onClose} wide>
      {media?.url &&
        (media.mediaType === 'VIDEO' ? (
          <video className="media-player" src={media.url} poster={media.thumbnailUrl ?? undefined} controls autoPlay muted playsInline data-autofocus>
            {media.captions.map((c, i) => (
              <track key={c.id} kind="subtitles" src={c.url} srcLang={c.languageCode} label={subtitleLanguageName(c.languageCode, i18n.locale)} default={i === 0} />
            ))}
          </video>
        ) : (
          <img className="media-player" src={media.url} alt={media.name} />
        ))}
    </Dialog>
  );
}
