/**
 * PLACEHOLDER action views (issue 12) so the player compiles before the **forms** helper's branch is
 * merged: that branch replaces this file wholesale with the real form, thank-you page, embedded link,
 * share media and external-link implementations. The player imports these names only through
 * `./actions` (this file): `mountForm`, `mountThankYou`, `mountEmbeddedLink`, `mountShareMedia`,
 * `openExternalLink(ctx, action): 'opened' | 'embed'`.
 *
 * Each placeholder renders a labelled panel into `ctx.layer` with a Close button that ends the view
 * as cancelled; `openExternalLink` opens http(s) / mailto / tel links in a new tab (or this tab for
 * `same_tab`) and answers 'embed' for linkType `embed` (the player then shows the embedded view).
 */
import type { ExternalLinkAction } from '../../../server/src/modules/bot/content.rules';
import type { ActionContext, ActionView, MountEmbeddedLink, MountForm, MountShareMedia, MountThankYou } from './types';

function panel(ctx: ActionContext, title: string, onClose: () => void): ActionView {
  const box = document.createElement('div');
  box.className = 'vb-action';
  box.setAttribute('role', 'dialog');
  box.setAttribute('aria-label', title);
  const heading = document.createElement('h2');
  heading.textContent = title;
  heading.tabIndex = -1;
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'vb-option';
  close.setAttribute('data-action-close', '');
  close.textContent = ctx.lang === 'fi' ? 'Sulje' : 'Close';
  close.addEventListener('click', onClose);
  box.append(heading, close);
  ctx.layer.append(box);
  close.focus();
  return { destroy: () => box.remove() };
}

export const mountForm: MountForm = (ctx, action, done) => panel(ctx, action.name, () => done({ type: 'cancelled' }));
export const mountThankYou: MountThankYou = (ctx, action, done) => panel(ctx, action.name, () => done({ type: 'cancelled' }));
export const mountEmbeddedLink: MountEmbeddedLink = (ctx, action, done) => panel(ctx, action.name, () => done());
export const mountShareMedia: MountShareMedia = (ctx, action, done) => panel(ctx, action.name, () => done());

/** Opens a link the browser way; 'embed' when the link is to be shown inside the player. */
export function openExternalLink(_ctx: ActionContext, action: ExternalLinkAction): 'opened' | 'embed' {
  if (action.linkType === 'embed') return 'embed';
  if (!/^(https?:|mailto:|tel:)/i.test(action.url)) return 'opened';
  if (action.linkType === 'same_tab') window.open(action.url, '_top');
  else window.open(action.url, '_blank', 'noopener,noreferrer');
  return 'opened';
}
