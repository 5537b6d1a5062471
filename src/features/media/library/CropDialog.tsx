/**
 * Crop dialog (spec 001 §2 "Crop dialog", §3 "Crop", §5 "Crop zoom clamped 0.5 to 5 in steps of 0.1;
 * arrow keys move 1 percent", §9 "Cover crop ratio: story 1; widget 0.525, or 40/21 if horizontal",
 * "preview box 320 px wide"): x and y in percent (0–100), scale 0.5–5; default 50, 50, 1. Saved with
 * PATCH /media/{id} `{ crop }`.
 */
import { useId, useState, type KeyboardEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '../../../ui/toast';
import { Dialog } from '../../../ui/Dialog';
import { DEFAULT_CROP, type Media, type MediaCrop } from '../media.types';
import { cropMedia, invalidateMediaLists } from './library.queries';

export { DEFAULT_CROP };
export const CROP_SCALE = { min: 0.5, max: 5, step: 0.1 } as const;
/** Spec 001 §9 cover crop ratios (width / height). */
export const COVER_RATIOS = { story: 1, widget: 0.525, widgetHorizontal: 40 / 21 } as const;
export type CoverRatio = keyof typeof COVER_RATIOS;
/** Spec 001 §9: preview box 320 px wide. */
export const CROP_PREVIEW_WIDTH = 320;

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/** Clamps a crop into range: x, y 0..100 (whole percent steps by keys), scale 0.5..5 rounded to 0.1. */
export function clampCrop(crop: MediaCrop): MediaCrop {
  return {
    x: clamp(crop.x, 0, 100),
    y: clamp(crop.y, 0, 100),
    scale: Math.round(clamp(crop.scale, CROP_SCALE.min, CROP_SCALE.max) * 10) / 10,
  };
}

/** The crop after an arrow key (1 % per press), or null for other keys. */
export function cropAfterKey(crop: MediaCrop, key: string): MediaCrop | null {
  const moves: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  const move = moves[key];
  if (!move) return null;
  return clampCrop({ ...crop, x: crop.x + move[0], y: crop.y + move[1] });
}

export function CropDialog({ media, onClose }: { media: Media | null; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Dialog open={media !== null} title={t`Crop`} onClose={onClose}>
      {media && <CropForm media={media} onClose={onClose} />}
    </Dialog>
  );
}

function CropForm({ media, onClose }: { media: Media; onClose: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [crop, setCrop] = useState<MediaCrop>(clampCrop(media.crop ?? DEFAULT_CROP));
  const [ratio, setRatio] = useState<CoverRatio>('story');
  const ids = { x: useId(), y: useId(), scale: useId(), ratio: useId(), hint: useId() };
  const save = useMutation({
    mutationFn: () => cropMedia(media.id, crop),
    onSuccess: async () => {
      await invalidateMediaLists(queryClient);
      toast.success(t`Crop saved`);
      onClose();
    },
    onError: () => toast.error(t`An error occurred`),
  });
  const onKey = (e: KeyboardEvent) => {
    const next = cropAfterKey(crop, e.key);
    if (!next) return;
    e.preventDefault();
    setCrop(next);
  };
  const src = media.mediaType === 'IMAGE' ? media.url : media.thumbnailUrl;
  const height = Math.round(CROP_PREVIEW_WIDTH / COVER_RATIOS[ratio]);
  return (
    <form
      className="crop-form"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <div
        className="crop-preview"
        style={{ width: CROP_PREVIEW_WIDTH, height }}
        tabIndex={0}
        role="group"
        aria-label={t`Crop preview`}
        aria-describedby={ids.hint}
        onKeyDown={onKey}
        data-autofocus
      >
        {src && (
          <img
            src={src}
            alt=""
            style={{
              objectPosition: `${crop.x}% ${crop.y}%`,
              transform: `scale(${crop.scale})`,
              transformOrigin: `${crop.x}% ${crop.y}%`,
            }}
          />
        )}
      </div>
      <p id={ids.hint} className="muted crop-hint">
        <Trans>Click the preview and use the arrow keys to move the crop by 1 %.</Trans>
      </p>
      <div className="field">
        <label htmlFor={ids.ratio}>
          <Trans>Cover ratio</Trans>
        </label>
        <select id={ids.ratio} value={ratio} onChange={(e) => setRatio(e.target.value as CoverRatio)}>
          <option value="story">{t`Story (1:1)`}</option>
          <option value="widget">{t`Widget (portrait)`}</option>
          <option value="widgetHorizontal">{t`Widget (horizontal)`}</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.x}>
          <Trans>Horizontal position {crop.x} %</Trans>
        </label>
        <input id={ids.x} type="range" min={0} max={100} step={1} value={crop.x} onChange={(e) => setCrop(clampCrop({ ...crop, x: Number(e.target.value) }))} />
      </div>
      <div className="field">
        <label htmlFor={ids.y}>
          <Trans>Vertical position {crop.y} %</Trans>
        </label>
        <input id={ids.y} type="range" min={0} max={100} step={1} value={crop.y} onChange={(e) => setCrop(clampCrop({ ...crop, y: Number(e.target.value) }))} />
      </div>
      <div className="field">
        <label htmlFor={ids.scale}>
          <Trans>Zoom {crop.scale.toFixed(1)}×</Trans>
        </label>
        <input
          id={ids.scale}
          type="range"
          min={CROP_SCALE.min}
          max={CROP_SCALE.max}
          step={CROP_SCALE.step}
          value={crop.scale}
          onChange={(e) => setCrop(clampCrop({ ...crop, scale: Number(e.target.value) }))}
        />
      </div>
      <div className="actions">
        <button type="button" className="button" onClick={() => setCrop(DEFAULT_CROP)}>
          <Trans>Reset</Trans>
        </button>
        <button type="button" className="button" onClick={onClose}>
          <Trans>Cancel</Trans>
        </button>
        <button type="submit" className="button primary" disabled={save.isPending}>
          <Trans>Save</Trans>
        </button>
      </div>
    </form>
  );
}
