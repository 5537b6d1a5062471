/**
 * Dialogs of the vidbot list's row menu (spec 001 §2): the bot's tags (pick, and create a tag inline
 * — spec 001 §8 tag toasts and 400 detail) and copy to another account (one of the user's other
 * accounts where they may create vidbots). Each dialog performs its call and reports through
 * `onDone`; failures stay in the dialog (tag creation) or raise the spec's toasts.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Account } from '../../api/types';
import { Dialog } from '../../ui/Dialog';
import { SelectField } from '../../ui/Field';
import { toast } from '../../ui/toast';
import { createTag, tagCreateErrorText, tagKeys, tagListOptions } from './tag.queries';
import { copyVidbotToAccount, setVidbotTags } from './vidbot.queries';
import type { Bot, BotListItem } from './vidbot.types';

interface TagsProps {
  bot: BotListItem;
  accountId: number;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * Picks the tags of `bot` (open while `bot` is set) and creates new ones; Save applies them at once
 * (bot-level, not a draft). Stays mounted so closing returns focus to the row menu.
 */
export function TagsDialog({ bot, ...rest }: Omit<TagsProps, 'bot'> & { bot: BotListItem | null }) {
  const { t } = useLingui();
  return (
    <Dialog open={bot !== null} title={t`Tags of “${bot?.name ?? ''}”`} onClose={rest.onClose}>
      {bot && <TagsForm key={bot.id} bot={bot} {...rest} />}
    </Dialog>
  );
}

function TagsForm({ bot, accountId, onClose, onSaved }: TagsProps) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const tags = useQuery(tagListOptions(accountId));
  const [picked, setPicked] = useState<Set<number>>(() => new Set(bot.tagsList.map((x) => x.id)));
  const [newName, setNewName] = useState('');
  const [createError, setCreateError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const create = async () => {
    const name = newName.trim();
    if (!name) return;
    setBusy(true);
    setCreateError(null);
    try {
      const tag = await createTag(accountId, name);
      await queryClient.invalidateQueries({ queryKey: tagKeys.all });
      setPicked((p) => new Set(p).add(tag.id));
      setNewName('');
      toast.success(t`Tag created successfully`);
    } catch (error) {
      setCreateError(tagCreateErrorText(error, t`Creating tag failed`));
      toast.error(t`Failed to create tag`);
    } finally {
      setBusy(false);
    }
  };

  const save = async () => {
    setBusy(true);
    try {
      await setVidbotTags(bot.id, [...picked]);
      onSaved();
    } catch {
      toast.error(t`An error occurred`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <fieldset className="tag-picker">
        <legend>
          <Trans>Tags</Trans>
        </legend>
        {tags.isPending ? (
          <p role="status">
            <Trans>Loading…</Trans>
          </p>
        ) : (tags.data ?? []).length === 0 ? (
          <p className="muted">
            <Trans>This account has no tags yet.</Trans>
          </p>
        ) : (
          (tags.data ?? []).map((tag) => (
            <label key={tag.id} className="tag-filter-option">
              <input
                type="checkbox"
                checked={picked.has(tag.id)}
                onChange={(e) =>
                  setPicked((p) => {
                    const next = new Set(p);
                    if (e.target.checked) next.add(tag.id);
                    else next.delete(tag.id);
                    return next;
                  })
                }
              />
              {tag.name}
            </label>
          ))
        )}
      </fieldset>
      <form
        className="tag-create"
        onSubmit={(e) => {
          e.preventDefault();
          void create();
        }}
      >
        <div className="field">
          <label htmlFor="new-tag-name">
            <Trans>New tag</Trans>
          </label>
          <input
            id="new-tag-name"
            value={newName}
            maxLength={100}
            aria-invalid={createError ? true : undefined}
            aria-describedby={createError ? 'new-tag-error' : undefined}
            onChange={(e) => setNewName(e.target.value)}
          />
          {createError && (
            <p id="new-tag-error" className="field-error">
              {createError}
            </p>
          )}
        </div>
        <button type="submit" className="button" disabled={busy || !newName.trim()}>
          <Trans>Create tag</Trans>
        </button>
      </form>
      <div className="actions end">
        <button type="button" className="button" onClick={onClose}>
          <Trans>Cancel</Trans>
        </button>
        <button type="button" className="button primary" disabled={busy} onClick={() => void save()}>
          <Trans>Save tags</Trans>
        </button>
      </div>
    </>
  );
}

interface CopyProps {
  bot: BotListItem;
  targets: readonly Account[];
  onClose: () => void;
  onCopied: (copy: Bot, target: Account) => void;
}

/** Copies `bot` (open while set) into one of `targets` (spec 001 §2 "copy to account"); the server copies its media along. */
export function CopyToAccountDialog({ bot, ...rest }: Omit<CopyProps, 'bot'> & { bot: BotListItem | null }) {
  const { t } = useLingui();
  return (
    <Dialog open={bot !== null} title={t`Copy “${bot?.name ?? ''}” to another account`} onClose={rest.onClose}>
      {bot && <CopyForm key={bot.id} bot={bot} {...rest} />}
    </Dialog>
  );
}

function CopyForm({ bot, targets, onClose, onCopied }: CopyProps) {
  const { t } = useLingui();
  const [targetId, setTargetId] = useState<string>(targets.length === 1 ? String(targets[0]!.id) : '');
  const [busy, setBusy] = useState(false);
  const target = targets.find((a) => String(a.id) === targetId);

  const copy = async () => {
    if (!target) return;
    setBusy(true);
    try {
      onCopied(await copyVidbotToAccount(bot.id, target.id), target);
    } catch {
      toast.error(t`Copying the vidbot failed`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void copy();
      }}
    >
      <SelectField
        label={<Trans>Account</Trans>}
        required
        value={targetId}
        onChange={setTargetId}
        placeholder={t`Choose an account`}
        options={targets.map((a) => ({
          value: String(a.id),
          label: a.businessName,
        }))}
      />
      <p className="muted">
        <Trans>The copy is a draft in that account; the videos and images it uses are copied along.</Trans>
      </p>
      <div className="actions end">
        <button type="button" className="button" onClick={onClose}>
          <Trans>Cancel</Trans>
        </button>
        <button type="submit" className="button primary" disabled={busy || !target}>
          <Trans>Copy</Trans>
        </button>
      </div>
    </form>
  );
}
