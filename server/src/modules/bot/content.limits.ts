/**
 * Upper bounds that keep one revision document reasonable (design): slides, buttons per slide, actions. A module of its
 * own so the SPA's editor can read them without the content schemas (bot.schemas.ts re-exports them).
 */
export const CONTENT_LIMITS = { slides: 200, optionsPerSlide: 20, actions: 200 } as const;
