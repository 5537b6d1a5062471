/**
 * The thank-you page after a form (spec 001 §3 thankYouPage {type, description, buttonType,
 * buttonName, …}; §9 "Thank-you defaults: type Default, button close form, name Close").
 *
 * - DEFAULT (or no page configured): "Thank you!" / "Your message has been sent." and a Close button,
 *   in the player's language (the stored default name "Close" is the English default, so it is not shown as is);
 * - CUSTOM: "Thank you!" and the page's description, and a button named `buttonName` (else Close).
 * Fields of the form marked `showAfterSubmit` follow the text (links open in a new tab).
 * The button calls `done({ type: 'button' })` inside the click, so the player may open a link then
 * (its buttonType decides: CLOSE_FORM, CLOSE_VIDBOT, SLIDE, EXTERNAL_LINK); Escape → `{ type: 'cancelled' }`.
 */
import type { FormField, ThankYouPage } from '../../../server/src/modules/bot/content.rules';
import { button, el, panel } from './dom';
import { linkElement } from './form';
import { actionStrings } from './strings';
import type { ActionContext, ActionView, MountThankYou, ThankYouOutcome } from './types';

/** What the page reads from its action (a regular form; a share media action has the same keys). */
export interface ThankYouSource {
  name: string;
  thankYouPage?: ThankYouPage | null;
  fields?: readonly FormField[];
}

/** Mounts the thank-you page of `action` and focuses its button. */
export function mountThankYou(ctx: ActionContext, action: ThankYouSource, done: (outcome: ThankYouOutcome) => void): ActionView {
  const t = actionStrings(ctx.lang);
  let finished = false;
  const finish = (outcome: ThankYouOutcome): void => {
    if (finished) return;
    finished = true;
    done(outcome);
  };
  const page = action.thankYouPage;
  const custom = page?.type === 'CUSTOM';
  const { root } = panel({ title: t('thankYouTitle'), className: 'vb-thanks', onClose: () => finish({ type: 'cancelled' }) });
  root.setAttribute('data-thank-you', custom ? 'custom' : 'default');
  const text = custom ? page?.description?.trim() : t('thankYouText');
  if (text) root.append(el('p', 'vb-action-text', text));
  for (const field of (action.fields ?? []).filter((f) => f.showAfterSubmit)) {
    const line = el('p', 'vb-action-text');
    if (field.type === 'external_link') line.append(linkElement(ctx, field));
    else line.textContent = field.label;
    root.append(line);
  }
  const label = (custom && page?.buttonName?.trim()) || t('close');
  const action_ = button('vb-action-button', label, () => finish({ type: 'button' }));
  root.append(action_);
  ctx.layer.append(root);
  action_.focus();
  return {
    destroy() {
      finished = true;
      root.remove();
    },
  };
}

// The player calls it with a PublicRegularFormAction or a ShareMediaAction: the seam's type must accept this function.
const _seam: MountThankYou = mountThankYou;
void _seam;
