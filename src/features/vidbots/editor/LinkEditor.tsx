/**
 * External-link editor (spec 001 §2 "Other action editors": name, link type, url; §3 External link;
 * §5 "external link url required, with input type per link type", text rules per type, `javascript:`
 * refused — the server refuses it too). Validated with the server's ExternalLinkAction schema.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { ExternalLinkAction as ExternalLinkSchema } from '../../../../server/src/modules/bot/content.rules';
import { ActionEditorFrame, useActionEditor } from './ActionEditorFrame';
import { LinkInputs, TextInput } from './ActionControls';
import { newExternalLink, type ExternalLinkAction } from './actionEditors.logic';
import { useActionDraft } from './useActionDraft';

/** The external-link editor of route `link/{linkId}` (`new` creates). */
export function LinkEditor({ actionParam }: { actionParam: string }) {
  const { t } = useLingui();
  const state = useActionEditor<ExternalLinkAction>('EXTERNAL_LINK', actionParam, newExternalLink);
  const draft = useActionDraft(state.initial, ExternalLinkSchema);
  return (
    <ActionEditorFrame
      state={state}
      heading={state.isNew ? t`New external link` : t`Edit external link`}
      dirty={draft.dirty}
      valid={draft.valid}
      onShowIssues={draft.showAll}
      onSave={() => draft.output && state.save(draft.output as ExternalLinkAction)}
    >
      <TextInput draft={draft} path="name" label={<Trans>Name</Trans>} required />
      <LinkInputs draft={draft} prefix="" />
    </ActionEditorFrame>
  );
}
