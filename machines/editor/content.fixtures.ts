/**
 * Typed test fixtures of the content document (issue 11; server content.rules.ts): one builder per
 * action type that answers a full, valid action of the contract (`Schema<'Action'>`), so tests of the
 * content operations and the clipboard need no casts. Test support only (imported by *.test.ts).
 */
import type { BotAction, Slide, SlideOption } from './content.types';
import type { NewAction } from "./content.ops";

type ActionOf<T extends BotAction["type"]> = Extract<BotAction, { type: T }>;
type Over<T extends BotAction["type"]> = Partial<Omit<ActionOf<T>, "type">>;

/** A slide (VIDEO of media 100 + id, category SLIDE, no buttons) with `over` applied. */
export const slide = (
  id: number,
  name: string,
  over: Partial<Slide> = {},
): Slide => ({
  id,
  name,
  category: "SLIDE",
  type: "VIDEO",
  videoId: 100 + id,
  imageId: null,
  options: [],
  ...over,
});

/** A button named `b<id>`. */
export const btn = (
  id: number,
  type: SlideOption["type"],
  targetId: number | null,
  over: Partial<SlideOption> = {},
): SlideOption => ({
  id,
  name: `b${id}`,
  type,
  targetId,
  ...over,
});

/** A regular form with the required description, recipient and subject; no fields unless given. */
export const form = (
  id: number,
  name: string,
  over: Over<"REGULAR_FORM"> = {},
): ActionOf<"REGULAR_FORM"> => ({
  id,
  name,
  type: "REGULAR_FORM",
  description: "Tell us about you",
  email: "sales@example.com",
  subject: "New lead",
  fields: [],
  ...over,
});

/** An external link to https://example.com opening in a new tab. */
export const link = (
  id: number,
  name: string,
  over: Over<"EXTERNAL_LINK"> = {},
): ActionOf<"EXTERNAL_LINK"> => ({
  id,
  name,
  type: "EXTERNAL_LINK",
  url: "https://example.com",
  externalLinkType: "url",
  linkType: "new_tab",
  ...over,
});

/** A post message posting `hello`. */
export const postMessage = (
  id: number,
  name: string,
  over: Over<"POST_MESSAGE"> = {},
): ActionOf<"POST_MESSAGE"> => ({
  id,
  name,
  type: "POST_MESSAGE",
  value: "hello",
  ...over,
});

/** A close-vidbot action. */
export const closeVidbot = (
  id: number,
  name: string,
  over: Over<"CLOSE_VIDBOT"> = {},
): ActionOf<"CLOSE_VIDBOT"> => ({
  id,
  name,
  type: "CLOSE_VIDBOT",
  ...over,
});

/** A share media of media 7 with the label Share. */
export const shareMedia = (
  id: number,
  name: string,
  over: Over<"SHARE_MEDIA"> = {},
): ActionOf<"SHARE_MEDIA"> => ({
  id,
  name,
  type: "SHARE_MEDIA",
  mediaId: 7,
  value: "Share",
  ...over,
});

/** The builder of each action type. */
export const actionOf = {
  REGULAR_FORM: form,
  EXTERNAL_LINK: link,
  POST_MESSAGE: postMessage,
  CLOSE_VIDBOT: closeVidbot,
  SHARE_MEDIA: shareMedia,
} as const;

/** `action` without its id: the input of addAction / updateAction. */
export function withoutId(action: BotAction): NewAction {
  const { id: _id, ...rest } = action;
  return rest;
}
