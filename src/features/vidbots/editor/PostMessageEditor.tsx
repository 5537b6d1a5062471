/**
 * Post-message editor (spec 001 §2 "Other action editors": name, value; §5 "post-message value
 * required"). The value is the message the player posts to the host page. Validated with the
 * server's PostMessageAction schema.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { PostMessageAction as PostMessageSchema } from '../../../../server/src/modules/bot/content.rules';
import { ActionEditorFrame, useActionEditor } from './ActionEditorFrame';
import { TextInput } from './ActionControls';
import { newPostMessage, type PostMessageAction } from './actionEditors.logic';
import { useActionDraft } from './useActionDraft';

/** The post-message editor of route `action/{actionId}` (`new` creates). */
export function PostMessageEditor({ actionParam }: { actionParam: string }) {
  const { t } = useLingui();
  const state = useActionEditor<PostMessageAction>('POST_MESSAGE', actionParam, newPostMessage);
  const draft = useActionDraft(state.initial, PostMessageSchema);
  return (
    <ActionEditorFrame
      state={state}
      heading={state.isNew ? t`New post message` : t`Edit post message`}
      dirty={draft.dirty}
      valid={draft.valid}
      onShowIssues={draft.showAll}
      onSave={() => draft.output && state.save(draft.output as PostMessageAction)}
    >
      <TextInput draft={draft} path="name" label={<Trans>Name</Trans>} required />
      <TextInput
        draft={draft}
        path="value"
        label={<Trans>Value</Trans>}
        required
        multiline
        maxLength={10_000}
        hint={<Trans>The message the vidbot posts to the page it is embedded in (window.postMessage).</Trans>}
      />
    </ActionEditorFrame>
  );
}
