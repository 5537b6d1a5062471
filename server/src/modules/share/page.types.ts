/**
 * The page options of the server-rendered player pages (issue 12 architecture §1): what
 * `share.pages.ts` writes into `<script type="application/json" id="vidbot-page">` and
 * `embed/page/page.ts` reads. Pure types (the embed bundle imports them; no server code here).
 */
import type { SHARE_LANGUAGES } from '../bot/content.rules';

/** Channels a player page serves (`embed/shared/protocol.ts` `Channel` subset). */
export type PageChannel = 'direct' | 'iframe' | 'widget' | 'slider';
/** Languages of the share settings (spec 001 §3). The player speaks en and fi; others fall back to en. */
export type ShareLanguage = (typeof SHARE_LANGUAGES)[number];

/** A player page's options, resolved from the bot's settings and the query (the query wins). */
export interface PageOptions {
  channel: PageChannel;
  publicId: string;
  /** Page language (`<html lang>`, query `lang`, else the channel's settings language). */
  lang: ShareLanguage;
  /** Start slide (query `slide`, else linkSettings.slideId on /v), or null for the INTRO slide. */
  startSlideId: number | null;
  /** The host page's origin (query `host`, an http(s) origin) or null. */
  host: string | null;
  /** Start playing without a click (`/v`: always; `/e`: query `autoplay=1`; widget: default on). */
  autoplay: boolean;
  /** Start muted (`/v`: linkSettings.autoplayMuted; `/e`: default true, query `muted=0` turns it off). */
  muted: boolean;
  /** Buttons stay hidden until the video first plays (iframe / link settings). */
  hideActionButtonsUntilPlay: boolean;
  /** iframe: start (muted) when at least half of the frame is in view (iframeSettings.autoplayOnScroll). */
  autoplayOnScroll: boolean;
  /**
   * iframe thumbnail facade shown before the first play: `url` is an image (custom thumbnail, or the
   * slide's poster); with `videoUrl` the facade shows that video's frame at `time` seconds (seeked,
   * the poster shows until the frame is there). Null: no facade.
   */
  thumbnail: { url: string | null; videoUrl: string | null; time: number } | null;
  /** The Vidbot origin (API base for the player's requests from the frame). */
  apiBase: string;
  /**
   * Analytics source (issue 13): the host page's origin + path from query `src` (the widget loader's
   * page, from its config's frameUrl), accepted only when its origin is `host`; else null (the page
   * falls back to its referrer).
   */
  source?: string | null;
  /**
   * Slider channel (issue 13, 15): the carousel widget's id (query `slider_id`, a widget of the bot's
   * account, checked by the server; else the page serves channel `iframe`). Sent with every analytics batch.
   */
  sliderId?: number | null;
}
