/**
 * Labels of the action groups a button can target (spec 001 §2 button editor: forms, external links,
 * post messages, close vidbot, share media). Its own module so the slide editor can label its buttons
 * table without loading the button editor dialog, which loads on first use.
 */
import { useLingui } from '@lingui/react/macro';
import type { ActionGroup } from './buttonForm';

/** Returns a function giving the translated label of an action group. */
export function useActionGroupLabel(): (type: ActionGroup) => string {
  const { t } = useLingui();
  return (type) =>
    ({
      REGULAR_FORM: t`Forms`,
      EXTERNAL_LINK: t`External links`,
      POST_MESSAGE: t`Post messages`,
      CLOSE_VIDBOT: t`Close vidbot`,
      SHARE_MEDIA: t`Share media`,
    })[type];
}

