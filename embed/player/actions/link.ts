/**
 * External links (spec 001 §3 Action "External link": url, externalLinkType tel | mailto | url |
 * deep_link | relative_path, linkType new_tab | embed | same_tab; §5 text rules; issue 12 "external
 * links by link type (new_tab, same_tab, embed in an iframe of the configured size)").
 */
import type { ExternalLinkAction } from '../../../server/src/modules/bot/content.rules';
import type { ExternalLinkType, LinkType } from '../../../server/src/modules/bot/link.rules';
import { linkTextIssue } from '../../../server/src/modules/bot/link.rules';
import { el, panel } from './dom';
import { actionStrings } from './strings';
import type { ActionContext, ActionView, MountEmbeddedLink } from './types';

/** Size of an embedded link when the player gives none (the preview's default, spec 001 §9 iframe 650 × 340). */
export const EMBED_DEFAULT_SIZE = { width: 650, height: 340 } as const;

/**
 * The absolute URL a link of `type` opens, or null when the text breaks the §5 rule for its type
 * (script URLs always do). `relative_path` resolves against `ctx.hostOrigin` (the customer's page
 * that embeds the player), else the page's own origin.
 */
export function resolveLinkUrl(ctx: Pick<ActionContext, 'hostOrigin'>, type: ExternalLinkType, text: string | null | undefined): string | null {
  const raw = (text ?? '').trim();
  if (linkTextIssue(type, raw)) return null;
  if (type !== 'relative_path') return raw;
  try {
    return new URL(raw, ctx.hostOrigin || window.location.origin).href;
  } catch {
    return null;
  }
}

/** Navigates the top-level page (same_tab). In a cross-origin frame `window.top.location` may throw: then `window.open(url, '_top')`. */
function openTopLevel(url: string): void {
  try {
    const top = window.top ?? window;
    top.location.href = url;
  } catch {
    window.open(url, '_top');
  }
}

/**
 * Opens `url` of `type` the way `linkType` says:
 * - tel, mailto, deep_link: handed to the device (`location.href` of this frame; the page stays);
 * - new_tab: `window.open(url, '_blank', 'noopener,noreferrer')`;
 * - same_tab: the top-level page navigates (see openTopLevel);
 * - embed: nothing opens; answers 'embed' (http(s) and relative links only; others open as new_tab).
 * A link that breaks its §5 rule opens nothing and answers 'opened' (the player just moves on).
 */
export function openLink(ctx: Pick<ActionContext, 'hostOrigin'>, type: ExternalLinkType, linkType: LinkType | null | undefined, text: string | null | undefined): 'opened' | 'embed' {
  const url = resolveLinkUrl(ctx, type, text);
  if (!url) return 'opened';
  if (type === 'tel' || type === 'mailto' || type === 'deep_link') {
    try {
      window.location.href = url;
    } catch {
      window.open(url, '_blank', 'noopener,noreferrer');
    }
    return 'opened';
  }
  if (linkType === 'embed') return 'embed';
  if (linkType === 'same_tab') openTopLevel(url);
  else window.open(url, '_blank', 'noopener,noreferrer');
  return 'opened';
}

/**
 * An EXTERNAL_LINK action's button: opens it by its link type (see openLink). Call it from the
 * viewer's click (popup blockers need the user gesture). 'embed' → the player mounts
 * `mountEmbeddedLink`. Links open in previews too.
 */
export function openExternalLink(ctx: ActionContext, action: ExternalLinkAction): 'opened' | 'embed' {
  return openLink(ctx, action.externalLinkType, action.linkType, action.url);
}

/**
 * linkType `embed`: the page in an `<iframe>` of `ctx.embedSize` (default 650 × 340 px; shrinks to
 * the player), titled with the action's name, sandboxed (scripts, forms, popups; same-origin so the
 * page works as itself), with a Close button (and Escape) that calls `done`. A link that breaks its
 * rule shows the heading and the Close button only.
 */
export const mountEmbeddedLink: MountEmbeddedLink = (ctx, action, done) => {
  const t = actionStrings(ctx.lang);
  let finished = false;
  const finish = (): void => {
    if (finished) return;
    finished = true;
    done();
  };
  const { root, heading } = panel({ title: action.name, className: 'vb-embed', closeLabel: t('close'), onClose: finish });
  const url = resolveLinkUrl(ctx, action.externalLinkType, action.url);
  if (url) {
    const frame = el('iframe', 'vb-embed-frame');
    const size = ctx.embedSize ?? EMBED_DEFAULT_SIZE;
    frame.width = String(size.width);
    frame.height = String(size.height);
    frame.title = action.name || t('embeddedLink');
    frame.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox');
    frame.setAttribute('referrerpolicy', 'strict-origin-when-cross-origin');
    frame.src = url;
    root.append(frame);
  }
  ctx.layer.append(root);
  heading.focus();
  const view: ActionView = {
    destroy() {
      finished = true;
      root.remove();
    },
  };
  return view;
};
