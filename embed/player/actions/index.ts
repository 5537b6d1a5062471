/**
 * The action views of the player (issue 12; the seam is ./types.ts): the player imports exactly
 * these names from './actions'. Styles: `actionsCss`, to add to the player's adoptedStyleSheets.
 */
export { mountForm } from './form';
export { mountThankYou } from './thankyou';
export { mountEmbeddedLink, openExternalLink } from './link';
export { mountShareMedia } from './share';
export { actionsCss } from './styles';
export type { ActionContext, ActionView, FormOutcome, ThankYouOutcome, MountForm, MountThankYou, MountEmbeddedLink, MountShareMedia } from './types';
