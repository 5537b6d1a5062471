/**
 * Entry of the framework-free player bundle (dist/embed/player.js; DESIGN §1b). The SPA's preview
 * routes import the same module.
 */
export { mountPlayer, type PlayerEvent, type PlayerHandle, type PlayerOptions } from './player';
export { resolvePlayerLang, type PlayerLang } from './strings';
export type { PlayerBot, Slide, SlideOption, VidbotAction } from '../../machines/vidbot/vidbot.types';
