/**
 * The share media view (spec 001 §3 Action "Share media": the shared media, `value` the share
 * button's label, default "Share" (§9); issue 12 "share media"). Shows the media (video with
 * controls, or image), a Share button — the Web Share API where the browser has it, else the link is
 * copied to the clipboard — and a Download link. `done()` after a share or copy, or on Close / Escape;
 * the player then follows the action's `button` / `thankYouPage`. Media that is not Ready (null url)
 * shows the title and Close only.
 */
import type { ShareMediaAction } from '../../../server/src/modules/bot/content.rules';
import { button, el, panel } from './dom';
import { actionStrings } from './strings';
import type { ActionView, MountShareMedia } from './types';

export const mountShareMedia: MountShareMedia = (ctx, action, done) => {
  const t = actionStrings(ctx.lang);
  let finished = false;
  const finish = (): void => {
    if (finished) return;
    finished = true;
    done();
  };
  const { root, heading } = panel({ title: action.name, className: 'vb-share', closeLabel: t('close'), onClose: finish });
  const media = action.media;
  let url: string | null = null;
  try {
    url = media?.url ? new URL(media.url, ctx.apiBase || window.location.origin).href : null;
  } catch {
    url = null;
  }
  if (media && url) {
    const title = media.name ?? action.name;
    if ((media.type ?? '').toLowerCase().includes('video')) {
      const video = el('video', 'vb-share-media');
      video.controls = true;
      video.playsInline = true;
      video.preload = 'metadata';
      video.crossOrigin = 'anonymous';
      if (media.thumbnailUrl) video.poster = media.thumbnailUrl;
      video.src = url;
      video.setAttribute('aria-label', title);
      root.append(video);
    } else {
      const image = el('img', 'vb-share-media');
      image.alt = title;
      image.src = url;
      root.append(image);
    }
    const status = el('p', 'vb-status');
    status.setAttribute('role', 'status');
    const actions = el('div', 'vb-share-actions');
    const shareUrl = url;
    const share = button('vb-action-button', action.value?.trim() || t('share'), () => {
      const nav = navigator as Navigator & { share?: (data: ShareData) => Promise<void> };
      if (typeof nav.share === 'function') {
        nav.share({ title, url: shareUrl }).then(finish, () => undefined);
      } else if (nav.clipboard?.writeText) {
        nav.clipboard.writeText(shareUrl).then(() => {
          status.textContent = t('copied');
          finish();
        }, () => {
          status.textContent = shareUrl;
        });
      } else {
        status.textContent = shareUrl;
      }
    });
    const download = el('a', 'vb-link', t('download'));
    download.href = url;
    download.setAttribute('download', '');
    download.target = '_blank';
    download.rel = 'noopener noreferrer';
    actions.append(share, download);
    root.append(actions, status);
  }
  ctx.layer.append(root);
  (root.querySelector<HTMLElement>('.vb-action-button') ?? heading).focus();
  const view: ActionView = {
    destroy() {
      finished = true;
      root.remove();
    },
  };
  return view;
};
