/**
 * Close-vidbot action editor (spec 001 §2 "Other action editors": close action; §3 CLOSE_VIDBOT has
 * only a name; §5 name required). Validated with the server's CloseVidbotAction schema.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { CloseVidbotAction as CloseVidbotSchema } from '../../../../server/src/modules/bot/content.rules';
import { ActionEditorFrame, useActionEditor } from './ActionEditorFrame';
import { TextInput } from './ActionControls';
import { newCloseAction, type CloseVidbotAction } from './actionEditors.logic';
import { useActionDraft } from './useActionDraft';

/** The close-action editor of route `close-action/{actionId}` (`new` creates). */
export function CloseActionEditor({ actionParam }: { actionParam: string }) {
  const { t } = useLingui();
  const state = useActionEditor<CloseVidbotAction>('CLOSE_VIDBOT', actionParam, newCloseAction);
  const draft = useActionDraft(state.initial, CloseVidbotSchema);
  return (
    <ActionEditorFrame
      state={state}
      heading={state.isNew ? t`New close action` : t`Edit close action`}
      dirty={draft.dirty}
      valid={draft.valid}
      onShowIssues={draft.showAll}
      onSave={() => draft.output && state.save(draft.output as CloseVidbotAction)}
    >
      <TextInput draft={draft} path="name" label={<Trans>Name</Trans>} required />
      <p className="muted small">
        <Trans>A button leading to this action closes the vidbot.</Trans>
      </p>
    </ActionEditorFrame>
  );
}
