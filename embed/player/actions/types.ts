/**
 * The seam between the player's flow (machines/player, embed/player/player.ts) and the views of the
 * actions a button can start (issue 12 "The player": forms with every field type, thank-you page,
 * external links by link type, share media). The player owns *when* a view shows and what happens
 * after it (the player machine's form / thankYou / link states); the modules in this folder own
 * *what* the view is and its requests (form submission to the server, retries, field messages).
 *
 * Every `mount…` renders into `ctx.layer` (an element inside the player's shadow root that covers
 * the slide), moves focus into itself, and calls its `done` callback exactly once; `destroy()`
 * removes its DOM and cancels pending work without calling `done`.
 */
import type { ExternalLinkAction, PublicRegularFormAction, ShareMediaAction } from '../../../server/src/modules/bot/content.rules';
import type { PlayerLang } from '../strings';

/** What an action view needs from the player. */
export interface ActionContext {
  /** The element the view renders into (inside the player's shadow root, above the slide). */
  layer: HTMLElement;
  lang: PlayerLang;
  /** The bot's public id (form submission URL) and the published revision it plays. */
  publicId: string;
  revisionId: number | null;
  /** Origin of the Vidbot server ('' = same origin as the page running the player). */
  apiBase: string;
  /** Whether this is a preview (dashboard): forms are validated but not sent; links still open. */
  preview: boolean;
  /**
   * Origin of the customer's page that embeds the player (the frame's `host` query parameter), if
   * known: `relative_path` links resolve against it (else against the page's own origin). Optional (forms helper).
   */
  hostOrigin?: string | null;
  /** Size of an embedded link's iframe in CSS px (the iframe's configured size); default 650 × 340. Optional (forms helper). */
  embedSize?: { width: number; height: number };
}

/** A mounted action view. */
export interface ActionView {
  destroy(): void;
}

/** How a form ended: sent (server answered 201 / 200 for a retried id), or the viewer closed it. */
export type FormOutcome = { type: 'submitted'; submissionId: string } | { type: 'cancelled' };

/** The viewer pressed the thank-you page's button (its `buttonType` decides what the player does). */
export type ThankYouOutcome = { type: 'button' } | { type: 'cancelled' };

export type MountForm = (ctx: ActionContext, action: PublicRegularFormAction, done: (outcome: FormOutcome) => void) => ActionView;
/** The thank-you page of a regular form or of a share-media action (both carry `thankYouPage`). */
export type MountThankYou = (ctx: ActionContext, action: PublicRegularFormAction | ShareMediaAction, done: (outcome: ThankYouOutcome) => void) => ActionView;
/** linkType `embed`: the link's page in an iframe of the configured size, with a close control. */
export type MountEmbeddedLink = (ctx: ActionContext, action: ExternalLinkAction, done: () => void) => ActionView;
export type MountShareMedia = (ctx: ActionContext, action: ShareMediaAction, done: () => void) => ActionView;
