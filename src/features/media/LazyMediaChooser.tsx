/**
 * The media chooser (src/features/media/MediaChooser.tsx, spec 001 §2 "Media chooser"), imported on
 * its first open (issue 10 §2 size budget: the chooser and the upload chart, ~10 KB gzip, stay out
 * of the editor routes that only may open it). Same props; nothing renders until `open` is first
 * true, then the chooser stays mounted (closing keeps its state, as the eager one did).
 */
import { lazy, Suspense, useState } from 'react';
import type { MediaChooserProps } from './MediaChooser';

const MediaChooser = lazy(() => import('./MediaChooser').then((m) => ({ default: m.MediaChooser })));

/** `<MediaChooser>` loaded when first opened. */
export function LazyMediaChooser(props: MediaChooserProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <MediaChooser {...props} />
    </Suspense>
  );
}
