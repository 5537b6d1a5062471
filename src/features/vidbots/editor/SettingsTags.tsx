/**
 * Tags of the vidbot in the settings tab (spec 001 §2 "Settings tab" tags, §3 Tag, §5 "new tag
 * needs a non-blank name", §8 tag toasts and the 400 detail, §9 tags fetch 100). Tags are bot-level
 * (issue 11 architecture §1): picking, removing or creating one saves at once with
 * `PATCH /bot/{id} { tagIds }` — not with the draft — and the section says so. The calls and the
 * cache key (`['tag', 'list', accountId]`) are the list page's (tag.queries.ts, vidbot.queries.ts):
 * one typed tag client.
 */
import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '../../../ui/toast';
import { botOptions, setVidbotTags, vidbotKeys } from '../vidbot.queries';
import { createTag, tagCreateErrorText, tagListOptions } from '../tag.queries';
import { useEditor } from './editorContext';
import { Section } from './SettingsTab';

/** The tags fieldset: the bot's tags as checkboxes of the account's tags, and a create-inline field. */
export function SettingsTags() {
  const { t } = useLingui();
  const { account, bot, readOnly } = useEditor();
  const queryClient = useQueryClient();
  const tags = useQuery(tagListOptions(account.id));
  const chosen = new Set(bot.tagsList.map((tag) => tag.id));
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const nameId = useId();
  const noteId = useId();

  const save = useMutation({
    mutationFn: (tagIds: number[]) => setVidbotTags(bot.id, tagIds),
    onSuccess: (answer) => {
      // Bot-level: only the tags change; the draft is left alone.
      queryClient.setQueryData(botOptions(bot.id).queryKey, (old) => (old ? { ...old, tagsList: answer.tagsList } : answer));
      void queryClient.invalidateQueries({ queryKey: vidbotKeys.all, refetchType: 'none' });
      toast.success(t`Tags saved`);
    },
    onError: () => toast.error(t`An error occurred`),
  });
  const create = useMutation({
    mutationFn: (tagName: string) => createTag(account.id, tagName),
    onSuccess: async (tag) => {
      toast.success(t`Tag created successfully`);
      setName('');
      setNameError(null);
      await queryClient.invalidateQueries({ queryKey: tagListOptions(account.id).queryKey });
      save.mutate([...chosen, tag.id]);
    },
    onError: (error) => {
      const text = tagCreateErrorText(error, t`Creating tag failed`);
      setNameError(text);
      toast.error(t`Failed to create tag`);
    },
  });
  const busy = readOnly || save.isPending || create.isPending;
  const submitNew = () => {
    if (name.trim() === '') {
      setNameError(t`A tag needs a name.`);
      return;
    }
    create.mutate(name.trim());
  };

  return (
    <Section id="tags" title={t`Tags`}>
      <p id={noteId} className="muted small">
        <Trans>Tags belong to the vidbot itself: they are saved as soon as you change them, not with the draft.</Trans>
      </p>
      {tags.isError && (
        <p className="alert alert-error" role="alert">
          <Trans>The tags could not be loaded.</Trans>
        </p>
      )}
      <ul className="tag-choices" aria-label={t`Tags of this vidbot`} aria-describedby={noteId}>
        {(tags.data ?? []).map((tag) => (
          <li key={tag.id}>
            <label>
              <input
                type="checkbox"
                checked={chosen.has(tag.id)}
                disabled={busy}
                onChange={(e) => {
                  const next = new Set(chosen);
                  if (e.target.checked) next.add(tag.id);
                  else next.delete(tag.id);
                  save.mutate([...next]);
                }}
              />{' '}
              {tag.name}
            </label>
          </li>
        ))}
      </ul>
      {tags.data?.length === 0 && (
        <p className="muted small">
          <Trans>The account has no tags yet.</Trans>
        </p>
      )}
      <div className="field">
        <label htmlFor={nameId}>
          <Trans>New tag</Trans>
        </label>
        <div className="inline-field">
          <input
            id={nameId}
            value={name}
            maxLength={255}
            disabled={busy}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? `${nameId}-err` : undefined}
            onChange={(e) => {
              setName(e.target.value);
              setNameError(null);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                submitNew();
              }
            }}
          />
          <button type="button" className="button" disabled={busy} onClick={submitNew}>
            <Trans>Create tag</Trans>
          </button>
        </div>
        {nameError && (
          <p id={`${nameId}-err`} className="field-error">
            {nameError}
          </p>
        )}
      </div>
    </Section>
  );
}
