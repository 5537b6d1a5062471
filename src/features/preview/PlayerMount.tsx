/**
 * React host of the framework-free player (DESIGN §1b: "The SPA's preview routes mount the same
 * player"). Mounts `mountPlayer` into a div and destroys it on unmount or when the bot, the start
 * slide or the language change.
 */
import { useEffect, useRef } from 'react';
import { mountPlayer, type PlayerBot, type PlayerEvent, type PlayerLang } from '../../../embed/player';

/** Props of `PlayerMount`. */
export interface PlayerMountProps {
  bot: PlayerBot;
  startSlideId?: number;
  lang: PlayerLang;
  /** Player events (latest callback is used; changing it does not remount). */
  onEvent?: (event: PlayerEvent) => void;
  /** Called after each mount of the player, with the mounted bot. */
  onMounted?: (bot: PlayerBot) => void;
  className?: string;
}

/** A div the player fills. */
export function PlayerMount({ bot, startSlideId, lang, onEvent, onMounted, className }: PlayerMountProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const onEventRef = useRef(onEvent);
  const onMountedRef = useRef(onMounted);
  useEffect(() => {
    onEventRef.current = onEvent;
    onMountedRef.current = onMounted;
  });
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const handle = mountPlayer(container, bot, {
      startSlideId,
      lang,
      // Dashboard preview: forms are validated but not sent (issue 12 action views).
      preview: true,
      onEvent: (event) => onEventRef.current?.(event),
    });
    onMountedRef.current?.(bot);
    return () => handle.destroy();
  }, [bot, startSlideId, lang]);
  return <div ref={containerRef} className={className} />;
}
